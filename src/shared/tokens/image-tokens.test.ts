import { describe, expect, it } from 'vitest';
import { anthropicImageTokens, geminiImageTokens, imageTokensFor, openaiImageTokens } from './image-tokens';

describe('image tokens by provider formula', () => {
  it('Anthropic: w × h ÷ 750, after the long edge ≤ 1568 and ≤ ~1.15 MP (the docs’ own table)', () => {
    // The figure: a 1000 × 1000 image is about 1,334 tokens.
    expect(anthropicImageTokens(1000, 1000)).toEqual({ tokens: 1334, width: 1000, height: 1000 });
    // Anthropic's table of the largest sizes not resized, per aspect ratio: none is scaled here.
    for (const [w, h] of [[1092, 1092], [951, 1268], [896, 1344], [819, 1456], [784, 1568]] as const) expect(anthropicImageTokens(w, h)).toEqual({ tokens: Math.ceil((w * h) / 750), width: w, height: h });
    expect(anthropicImageTokens(1092, 1092).tokens).toBe(1590);
    expect(anthropicImageTokens(200, 200).tokens).toBe(54);
    // A 4000 × 3000 photo is scaled down to ~1.2 MP: about 1,600 tokens, never 16,000.
    const photo = anthropicImageTokens(4000, 3000);
    expect(photo.tokens).toBeLessThanOrEqual(1640);
    expect(photo.tokens).toBeGreaterThan(1600);
    expect(photo.width / photo.height).toBeCloseTo(4 / 3, 2);
    // A long strip: the long edge rule alone (1568 px).
    expect(anthropicImageTokens(3136, 100)).toEqual({ tokens: 105, width: 1568, height: 50 });
  });

  it('OpenAI: low is 85; high fits 2048², shortest side 768, 170 per 512-px tile + 85', () => {
    expect(openaiImageTokens(1000, 1000, 'low')).toBe(85);
    // OpenAI's worked examples: 1024×1024 high → 768×768, 4 tiles, 765; 2048×4096 → 768×1536, 6 tiles, 1105.
    expect(openaiImageTokens(1024, 1024, 'high')).toBe(765);
    expect(openaiImageTokens(2048, 4096, 'high')).toBe(1105);
    // Small images are not scaled up: 500×500 is one tile.
    expect(openaiImageTokens(500, 500, 'high')).toBe(255);
    // auto counts as high (the most it can cost).
    expect(openaiImageTokens(1024, 1024, 'auto')).toBe(765);
    expect(openaiImageTokens(1024, 1024)).toBe(765);
  });

  it('Gemini: 258 when both sides ≤ 384 px, else 258 per 768 × 768 tile', () => {
    expect(geminiImageTokens(384, 384)).toBe(258);
    expect(geminiImageTokens(385, 100)).toBe(258);
    expect(geminiImageTokens(1000, 1000)).toBe(4 * 258);
    expect(geminiImageTokens(1536, 768)).toBe(2 * 258);
  });

  it('imageTokensFor picks the request API’s formula', () => {
    expect(imageTokensFor('anthropic-messages', 1000, 1000)).toBe(1334);
    expect(imageTokensFor('openai-responses', 1000, 1000, 'high')).toBe(765);
    expect(imageTokensFor('gemini-generate', 1000, 1000)).toBe(1032);
  });
});
