// Short-id resolution (issue 12): the maker's own entry first, case ignored,
// aliases followed, ambiguity reported with the candidates, and a note every time.
import { describe, expect, it } from 'vitest';
import { buildCatalog } from './catalog';
import type { CatalogEntry } from './entries';
import { makerOf } from './makers';
import { resolveModel } from './resolve';

const e = (provider: string, id: string, context: number | null): CatalogEntry => ({ provider, id, name: id, context, input: null, output: null });

/** The shape of the real catalog: gateways list the maker's models, often with smaller windows. */
const catalog = buildCatalog({
  snapshot: [
    e('anthropic', 'claude-sonnet-4-0', 200_000),
    e('anthropic', 'claude-sonnet-4-20250514', 200_000),
    e('anthropic', 'claude-sonnet-4-5', 200_000),
    e('anthropic', 'claude-sonnet-4-5-20250929', 200_000),
    e('anthropic', 'claude-3-5-sonnet-20240620', 200_000),
    e('anthropic', 'claude-3-5-sonnet-20241022', 200_000),
    e('github-copilot', 'claude-sonnet-4', 128_000),
    e('github-copilot', 'claude-sonnet-4.5', 144_000),
    e('amazon-bedrock', 'claude-sonnet-4-5', 180_000),
    e('vercel', 'claude-sonnet-4-5', 160_000),
    e('openai', 'gpt-5', 400_000),
    e('openrouter', 'gpt-5', 272_000),
    e('openrouter', 'anthropic/claude-sonnet-4.5', 1_000_000),
    e('groq', 'open-model-x', 131_072),
    e('deepinfra', 'open-model-x', 131_072),
    e('groq', 'open-model-y', 131_072),
    e('deepinfra', 'open-model-y', 32_768),
  ],
});

describe('short model ids', () => {
  it("picks the maker's own entry over gateways, and says so", () => {
    const r = resolveModel(catalog, 'claude-sonnet-4-5');
    expect(r).toMatchObject({ id: 'anthropic/claude-sonnet-4-5', window: 200_000, matchedBy: 'maker', known: true });
    expect(r.note).toBe(`"claude-sonnet-4-5" is one of 3 entries; using Anthropic's own entry, anthropic/claude-sonnet-4-5.`);
    expect(resolveModel(catalog, 'gpt-5')).toMatchObject({ id: 'openai/gpt-5', window: 400_000, matchedBy: 'maker' });
  });

  it('follows the maker’s alias when the short id is not its own (claude-sonnet-4 took a gateway’s 128k)', () => {
    const r = resolveModel(catalog, 'claude-sonnet-4');
    // github-copilot has exactly "claude-sonnet-4", but is not the maker: Anthropic's own name for the model wins.
    expect(r).toMatchObject({ id: 'anthropic/claude-sonnet-4-0', window: 200_000, matchedBy: 'alias' });
    expect(r.note).toBe(
      `"claude-sonnet-4" is not an exact id at Anthropic; using Anthropic's own anthropic/claude-sonnet-4-0, its name for that model (not github-copilot/claude-sonnet-4).`,
    );
  });

  it('ignores case everywhere', () => {
    expect(resolveModel(catalog, 'Claude-Sonnet-4-5')).toMatchObject({ id: 'anthropic/claude-sonnet-4-5', matchedBy: 'maker' });
    expect(resolveModel(catalog, 'ANTHROPIC/claude-sonnet-4-5')).toMatchObject({ id: 'anthropic/claude-sonnet-4-5', matchedBy: 'id' });
    expect(resolveModel(catalog, 'GitHub-Copilot/Claude-Sonnet-4')).toMatchObject({ window: 128_000, matchedBy: 'id' });
  });

  it('resolves provider/model written another way at that provider: dots, -0, the newest date', () => {
    expect(resolveModel(catalog, 'anthropic/claude-sonnet-4.5')).toMatchObject({ id: 'anthropic/claude-sonnet-4-5', matchedBy: 'alias' });
    expect(resolveModel(catalog, 'anthropic/claude-sonnet-4')).toMatchObject({ id: 'anthropic/claude-sonnet-4-0', matchedBy: 'alias' });
    const dated = resolveModel(catalog, 'claude-3-5-sonnet');
    expect(dated).toMatchObject({ id: 'anthropic/claude-3-5-sonnet-20241022', matchedBy: 'alias' });
    expect(dated.note).toContain("Anthropic's own anthropic/claude-3-5-sonnet-20241022");
  });

  it('takes a single entry or entries that agree, and lists the candidates when they disagree', () => {
    const agree = resolveModel(catalog, 'open-model-x');
    expect(agree).toMatchObject({ id: 'deepinfra/open-model-x', window: 131_072, matchedBy: 'model-id' });
    expect(agree.note).toContain('offered by 2 providers, all with a 131,072-token window');
    let error: unknown;
    try {
      resolveModel(catalog, 'open-model-y');
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('deepinfra/open-model-y (32,768), groq/open-model-y (131,072). Pass one of them as provider/model.'),
      details: { candidates: [{ id: 'deepinfra/open-model-y', window: 32_768 }, { id: 'groq/open-model-y', window: 131_072 }] },
    });
  });

  it('lets the user’s own model list answer first, and labels an unknown id as the default', () => {
    const withList = buildCatalog({
      snapshot: [e('anthropic', 'claude-sonnet-4-5', 200_000)],
      list: { provider: 'proxy.local', entries: [{ id: 'claude-sonnet-4-5', name: null, context: 100_000 }] },
    });
    expect(resolveModel(withList, 'claude-sonnet-4-5')).toMatchObject({ provider: 'proxy.local', window: 100_000, matchedBy: 'list' });
    const unknown = resolveModel(catalog, 'nobody-makes-this');
    expect(unknown).toMatchObject({ known: false, matchedBy: 'none', window: 200_000, source: 'default' });
    expect(unknown.note).toContain('default window of 200,000 tokens');
  });

  it('knows the makers by their ids', () => {
    expect(['claude-x', 'gpt-4o', 'o3', 'o4-mini', 'gemini-2.5-pro', 'grok-4', 'anthropic/claude-x', 'openrouter/google/gemini-x', 'mystery'].map(makerOf)).toEqual([
      'anthropic',
      'openai',
      'openai',
      'openai',
      'google',
      'xai',
      'anthropic',
      'google',
      null,
    ]);
  });
});
