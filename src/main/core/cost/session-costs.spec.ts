/**
 * Imported transcripts priced as ccusage prices them (issue 36), on real
 * sessions from fixtures/sessions, with the bundled catalog's list prices.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIST_PRICE, PRICE_UNKNOWN, priceText } from '../../../shared/cost/price';
import { totalOf } from '../../../shared/cost/report';
import { buildCatalog } from '../catalog/catalog';
import { snapshotEntries } from '../catalog/entries';
import { priceOf } from '../catalog/price';
import { parseSessionFile } from '../sessions/parse';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { memoPrice, sessionItems } from './collect';

const FX = join(__dirname, '..', '..', '..', '..', 'fixtures', 'sessions');
const catalog = buildCatalog({ snapshot: snapshotEntries().entries });
const price = memoPrice((model) => priceOf(catalog, model));
afterAll(() => removeTempDirs());

async function priced(file: string) {
  const { session } = await parseSessionFile(join(FX, file));
  return totalOf(sessionItems(session, '', price));
}

describe('imported sessions at list price', () => {
  it('the spotter session (claude-opus-4-6) costs what ccusage says: $9.53', async () => {
    // ccusage (github:ryoppippi/ccusage, rust/crates/ccusage/src/cost.rs calculate_cost_from_tokens; claude/mod.rs
    // should_replace_deduped_entry) keeps one usage per message id + request id (the line with the largest total)
    // and prices input, output, cache creation (5-minute) and cache read at the model's prices. On this transcript
    // that is 177 input, 28,755 output, 479,537 cache-write and 11,618,567 cache-read tokens of claude-opus-4-6
    // ($5 / $25 / $6.25 / $0.50 per million): 0.000885 + 0.718875 + 2.99710625 + 5.8092835 = $9.52614975.
    const t = await priced('claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
    expect(t.tokens).toEqual({ input: 177, output: 28_755, cacheRead: 11_618_567, cacheWrite: 479_537 });
    expect(t.unknown).toBe(0);
    expect(Math.abs(t.usd - 9.53) / 9.53).toBeLessThan(0.01);
    expect(t.usd).toBeCloseTo(9.52614975, 6);
    // No cache: every input token at $5 → 12,098,281 × 5 / 1e6 + output = $61.21
    expect(t.noCacheUsd).toBeCloseTo((12_098_281 * 5 + 28_755 * 25) / 1e6, 6);
  });

  it("shows the CLI's own figure beside Loupe's where the transcript records it (Claude Code's cost-state)", async () => {
    // The pinned claude writes {"type":"cost-state","totalCostUSD":…,"modelUsage":{…}} when a session ends; the latest is the session's.
    const dir = tempDir('loupe-cost-state-');
    const file = join(dir, '4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
    const lines = readFileSync(join(FX, 'claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl'), 'utf8');
    const state = (usd: number) => JSON.stringify({ type: 'cost-state', sessionId: '4d5611e5-241a-462a-8d15-5122611a9569', totalCostUSD: usd, modelUsage: {} });
    writeFileSync(file, `${lines.trimEnd()}\n${state(4.2)}\n${state(9.41)}\n`);
    const { session } = await parseSessionFile(file);
    expect(session.cliCostUsd).toBe(9.41);
    expect(session.lines.unknownTypes['cost-state']).toBeUndefined();
    const t = totalOf(sessionItems(session, '', price));
    expect(t.cliUsd).toBe(9.41);
    expect(t.requests).toBe(139);
    expect(t.usd).toBeCloseTo(9.52614975, 6);
  });

  it("prices Claude Code's 1-hour cache writes (a subscriber's) at twice the input price, the 5-minute ones at the write price", async () => {
    // The transcript splits each reply's writes: usage.cache_creation.ephemeral_1h_input_tokens (ccusage prices all at 5 minutes).
    const { session } = await parseSessionFile(join(FX, 'claude/spotter/short.jsonl'));
    const items = sessionItems(session, '', price);
    const hour = items.filter((i) => (i.tokens.cacheWrite1h ?? 0) > 0);
    expect(hour.length).toBeGreaterThan(0);
    for (const i of hour) {
      const row = price(i.model)!;
      const w1h = i.tokens.cacheWrite1h!;
      expect(i.price?.kind === 'priced' && i.price.parts.cacheWrite).toBeCloseTo(((i.tokens.cacheWrite - w1h) * row.cacheWrite! + w1h * row.input * 2) / 1e6, 12);
    }
  });

  it('the Codex session (gpt-5.5) costs what ccusage says', async () => {
    // ccusage's Codex adapter (adapter/codex/parser.rs visit_codex_session_entry, report.rs calculate_codex_model_cost)
    // sums each token_count event's last_token_usage and prices (input − cached) at input, cached at cache read and
    // output (reasoning included) at output. This rollout's 66 events: input 6,055,836 of which cached 4,929,536,
    // output 9,118; gpt-5.5 at $5 / $0.50 / $30 per million (models.dev; no request crosses its 272,000-token tier,
    // the largest is 131,573, and ccusage reads only 200k tiers):
    // 1,126,300 × 5 + 4,929,536 × 0.5 + 9,118 × 30 = 5,631,500 + 2,464,768 + 273,540 → $8.369808.
    const t = await priced('codex/codemie-code/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl');
    expect(t.requests).toBe(66);
    expect(t.tokens).toEqual({ input: 1_126_300, output: 9_118, cacheRead: 4_929_536, cacheWrite: 0 });
    expect(Math.abs(t.usd - 8.369808) / 8.369808).toBeLessThan(0.01);
    expect(t.usd).toBeCloseTo(8.369808, 6);
  });

  it('a model the catalog has no price for says "price unknown", never $0', async () => {
    const t = totalOf([
      { at: '2026-07-01T00:00:00Z', source: 'imported', session: 'x', agent: 'codex', repo: null, model: 'no-such-model-9', tokens: { input: 10, cacheWrite: 0, cacheRead: 0, output: 5 }, price: { kind: 'unknown', reason: 'x' }, cliUsd: null },
    ]);
    expect(t.usd).toBe(0);
    expect(t.unknown).toBe(1);
    expect(t.unknownModels).toEqual(['no-such-model-9']);
    expect(price('no-such-model-9')).toBeNull();
    const { priceRequest } = await import('../../../shared/cost/price');
    const p = priceRequest({ input: 10, cacheWrite: 0, cacheRead: 0, output: 5 }, price('no-such-model-9'));
    expect(priceText(p)).toBe(PRICE_UNKNOWN);
    expect(priceText(priceRequest({ input: 10, cacheWrite: 0, cacheRead: 0, output: 5 }, price('claude-opus-4-6')))).toContain(LIST_PRICE);
  });
});
