/**
 * What an image costs in input tokens, by each provider's published formula,
 * from its width and height. These are the providers' own billing rules, not
 * a tokenizer: every figure is labelled "image (<provider>'s formula)", never
 * as exact or as a bytes ÷ 4 estimate. Pure.
 *
 * - Anthropic (docs.claude.com, "Vision", evaluate image size): an image whose
 *   long edge is over 1568 px, or that is over ~1,600 tokens (~1.15
 *   megapixels), is first scaled down, keeping its aspect ratio; then
 *   tokens ≈ width × height ÷ 750.
 * - OpenAI (vision, "calculating costs"): `detail: "low"` is 85 tokens; high
 *   (and auto, counted as high: the most it can cost) fits the image in
 *   2048 × 2048, scales its shortest side down to 768, then 170 per 512-px
 *   tile + 85.
 * - Gemini (ai.google.dev, "Understand and count tokens"): 258 tokens when
 *   both sides are ≤ 384 px, else 258 per 768 × 768 tile.
 */
import type { WireApi } from '../contract/wire';

/**
 * Anthropic's resize limits: the long edge, and the pixels. The docs say
 * "~1.15 megapixels" and list the largest sizes not resized per aspect ratio
 * (1092×1092, 951×1268, 896×1344, 819×1456, 784×1568); the cap is the largest
 * of those (784 × 1568), so none of them counts as resized.
 */
export const ANTHROPIC_MAX_EDGE = 1568;
export const ANTHROPIC_MAX_PIXELS = 784 * 1568;

/** The formula's name, for labels: "Anthropic's formula". */
export const IMAGE_FORMULA: Record<WireApi, string> = {
  'anthropic-messages': 'Anthropic’s formula',
  'openai-responses': 'OpenAI’s tile formula',
  'gemini-generate': 'Gemini’s per-tile figure',
};

/** The same, in one sentence, for a tooltip or `--help`. */
export const IMAGE_FORMULA_TEXT: Record<WireApi, string> = {
  'anthropic-messages': 'width × height ÷ 750, after scaling the long edge to at most 1568 px and the image to at most ~1.15 megapixels',
  'openai-responses': 'detail low: 85; high or auto: fit in 2048 × 2048, shortest side to 768, then 170 per 512-px tile + 85',
  'gemini-generate': '258 when both sides are at most 384 px, else 258 per 768 × 768 tile',
};

/** Anthropic: the size after its resize rules, and tokens = ceil(w × h ÷ 750). */
export function anthropicImageTokens(width: number, height: number): { tokens: number; width: number; height: number } {
  let scale = Math.min(1, ANTHROPIC_MAX_EDGE / Math.max(width, height));
  if (width * height * scale * scale > ANTHROPIC_MAX_PIXELS) scale = Math.sqrt(ANTHROPIC_MAX_PIXELS / (width * height));
  const w = Math.max(1, Math.floor(width * scale));
  const h = Math.max(1, Math.floor(height * scale));
  return { tokens: Math.ceil((w * h) / 750), width: w, height: h };
}

/** OpenAI: 85 for `detail: "low"`; else (high, auto) 170 per 512-px tile after its two scalings, + 85. */
export function openaiImageTokens(width: number, height: number, detail: string | null = null): number {
  if (detail === 'low') return 85;
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = Math.min(w, h);
  if (short > 768) {
    w = (w * 768) / short;
    h = (h * 768) / short;
  }
  const tiles = Math.ceil(Math.floor(w) / 512) * Math.ceil(Math.floor(h) / 512);
  return 170 * tiles + 85;
}

/** Gemini: 258 for an image ≤ 384 px on both sides, else 258 per 768 × 768 tile. */
export function geminiImageTokens(width: number, height: number): number {
  if (width <= 384 && height <= 384) return 258;
  return Math.ceil(width / 768) * Math.ceil(height / 768) * 258;
}

/** The tokens `api`'s provider bills for an image of this size. `detail`: OpenAI's field, where sent. */
export function imageTokensFor(api: WireApi, width: number, height: number, detail: string | null = null): number {
  if (api === 'anthropic-messages') return anthropicImageTokens(width, height).tokens;
  if (api === 'openai-responses') return openaiImageTokens(width, height, detail);
  return geminiImageTokens(width, height);
}
