// The runner's fold must not overfeed (issue 14): on recorded evidence in a real store, a
// history folded to window − reserve in the model's best available count stays within it
// by the provider's own count, where a fold by the plain estimate (bytes / 4) does not.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoupeError } from '../../../shared/errors';
import { foldBudgetTokens, trimToBudget, type FoldRow } from '../../../shared/fold';
import { DEFAULT_FAMILY_FACTORS } from '../../../shared/tokens/calibration';
import { DEFAULT_AGENT_OVERHEAD } from '../../../shared/tokens/fold-count';
import { openStore, type Db } from '../store/store';
import { claudeSession } from '../testing/claude-session';
import { recordStep } from '../testing/evidence-rows';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { loadCorpus, piecesOf } from '../testing/token-corpus';
import { buildTokensWorker } from '../testing/tokens-worker';
import { loadCounter } from '../tokens/count-text';
import { createTokenCounter, type TokenCounter } from '../tokens/token-counter';
import { foldInBestCount } from './fold-measure';

const open: TokenCounter[] = [];
let workerFile: string;
beforeAll(async () => {
  workerFile = await buildTokensWorker();
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  removeTempDirs();
});

const newDb = (): Db => openStore(join(tempDir(), 'loupe.db'));
/** For folds that must not count exactly: any use fails the test. */
const noCounter: TokenCounter = {
  count: () => Promise.reject(new Error('this fold must not count exactly')),
  warm: () => Promise.resolve(),
  stats: () => ({ cacheHits: 0, cacheMisses: 0, cacheEntries: 0, workers: 0 }),
  close: () => Promise.resolve(),
};
const estimate = (rows: FoldRow[]) => trimToBudget(rows, Number.MAX_SAFE_INTEGER).estimatedTokens;

describe('a model without a public tokenizer (Claude), on a real Claude Code session', () => {
  const model = 'anthropic/claude-opus-4-6';
  const points = claudeSession();
  const budget = foldBudgetTokens(100_000); // 83,616: some of this session's requests are over it

  it('calibrated from the recorded runs, a kept prompt is never over window − reserve by Claude own count; the estimate overfeeds', async () => {
    const db = newDb();
    // Recorded evidence: every other request, as fresh runs of this model with the prompt count Claude reported.
    const recorded = points.filter((_, i) => i % 2 === 1);
    recorded.forEach((p, k) => recordStep(db, { model, approxTokens: estimate(p.rows), reported: { contextTokens: p.reported, promptTokens: p.reported }, minute: k }));
    // Rows calibration must leave out: a resumed session, the demo agent, a step without the prompt's count.
    recordStep(db, { model, approxTokens: 1_000, reported: { promptTokens: 900_000 }, resumed: true });
    recordStep(db, { model, approxTokens: 1_000, reported: { promptTokens: 1_000 }, adapter: 'demo' });
    recordStep(db, { model, approxTokens: 1_000, reported: { inputTokens: 900_000, contextTokens: 900_000 } });

    let overfedByEstimate = 0;
    let checked = 0;
    for (const p of points.filter((_, i) => i % 2 === 0)) {
      const plain = trimToBudget(p.rows, budget);
      if (plain.rows.length === p.rows.length && p.reported > budget) overfedByEstimate++;
      const { result, count } = await foldInBestCount({ db, tokens: noCounter }, { model, agent: 'claude', rows: p.rows, budget });
      expect(count).toMatchObject({ kind: 'scaled', source: 'calibrated', family: 'claude', runs: recorded.length });
      if (result.rows.length === p.rows.length) {
        checked++;
        expect(p.reported, `request with ${p.rows.length} rows`).toBeLessThanOrEqual(budget);
      }
    }
    expect(overfedByEstimate).toBeGreaterThan(5);
    expect(checked).toBeGreaterThan(20);
  });

  it('with no runs yet, the family default scales the estimate and leaves room for Claude Code own prompt: no kept request is over', async () => {
    const db = newDb();
    let checked = 0;
    let overfedByEstimate = 0;
    for (const p of points) {
      const plain = trimToBudget(p.rows, budget);
      if (plain.rows.length === p.rows.length && p.reported > budget) overfedByEstimate++;
      const { result, count } = await foldInBestCount({ db, tokens: noCounter }, { model, agent: 'claude', rows: p.rows, budget });
      expect(count).toMatchObject({ kind: 'scaled', source: 'family-default', runs: 0, factor: DEFAULT_FAMILY_FACTORS.claude.factor, overheadTokens: DEFAULT_AGENT_OVERHEAD.claude!.tokens });
      if (result.rows.length === p.rows.length) {
        checked++;
        expect(p.reported, `request with ${p.rows.length} rows`).toBeLessThanOrEqual(budget);
      }
    }
    expect(overfedByEstimate).toBeGreaterThan(10);
    expect(checked).toBeGreaterThan(20);
    // The factor alone (no room for the CLI's own prompt) would not have been enough on this session.
    const factorOnly = points.filter((p) => trimToBudget(p.rows, budget, { count: { kind: 'scaled', factor: DEFAULT_FAMILY_FACTORS.claude.factor } }).rows.length === p.rows.length);
    expect(factorOnly.some((p) => p.reported > budget)).toBe(true);
  });

  it('the demo agent folds by the estimate: it counts bytes / 4 itself', async () => {
    const p = points[40]!;
    const { result, count } = await foldInBestCount({ db: newDb(), tokens: noCounter }, { model, agent: 'demo', rows: p.rows, budget: 5_000 });
    expect(count.kind).toBe('estimate');
    expect(result).toEqual(trimToBudget(p.rows, 5_000));
  });
});

describe('a model with a public tokenizer (GPT-4o)', () => {
  const corpus = loadCorpus();
  const pieces = (kind: string) => corpus.filter((f) => f.kind === kind).flatMap((f) => piecesOf(f.text, 3000));
  /** A coding session's history: asks with code, answers, tool results holding JSON (where bytes / 4 runs lowest). */
  function history(turns: number): FoldRow[] {
    const [code, json, cjk] = [pieces('code'), pieces('json'), pieces('cjk')];
    return Array.from({ length: turns }, (_, i): FoldRow[] => [
      { role: 'user', content: `Step ${i}:\n${code[i % code.length]}` },
      { role: 'assistant', text: cjk[i % cjk.length]!, toolCalls: [{ toolName: 'read', toolCallId: `c${i}`, args: { path: `f${i}.json` } }] },
      { role: 'tool', toolName: 'read', toolCallId: `c${i}`, result: json[i % json.length] },
    ]).flat();
  }
  const ASK = 'Now fix the failing test.';
  const budget = foldBudgetTokens(32_000);

  it('folds in exact o200k counts made in the token workers: within the budget by the provider count, where the estimate overfeeds; the next fold hits the cache', async () => {
    const counter = createTokenCounter({ workerFile, workers: 2 });
    open.push(counter);
    const o200k = await loadCounter('o200k_base');
    // OpenAI's count of the rows is o200k's (the reference tests show it equals tiktoken); framing left out on both sides.
    const provider = (rows: FoldRow[]) => o200k(JSON.stringify(rows)) + o200k(ASK);
    const rows = history(40);
    const plain = trimToBudget(rows, budget, { currentUserContent: ASK });
    expect(provider(plain.rows)).toBeGreaterThan(budget);

    const req = { model: 'openai/gpt-4o', agent: 'codex', rows, budget, options: { currentUserContent: ASK } };
    const { result, count } = await foldInBestCount({ db: newDb(), tokens: counter }, req);
    expect(count).toEqual({ kind: 'exact', encoding: 'o200k_base' });
    expect(result).toMatchObject({ countedBy: 'exact', fits: true, countedTokens: provider(result.rows) });
    expect(provider(result.rows)).toBeLessThanOrEqual(budget);
    expect(result.rows.length).toBeGreaterThan(3);

    // The next turn: one more exchange. Earlier rows are not counted again.
    const misses = counter.stats().cacheMisses;
    const next = await foldInBestCount({ db: newDb(), tokens: counter }, { ...req, rows: history(41) });
    expect(next.result.fits).toBe(true);
    expect(counter.stats().cacheMisses - misses).toBeLessThan(8);
  });

  it('falls back to the scaled estimate, saying why, where exact counts cannot run; a cancelled fold rejects', async () => {
    const unsupported: TokenCounter = { ...noCounter, count: () => Promise.reject(new LoupeError('unsupported', 'No tokens worker here.')) };
    const { result, count } = await foldInBestCount({ db: newDb(), tokens: unsupported }, { model: 'openai/gpt-4o', agent: 'codex', rows: history(40), budget });
    expect(count).toMatchObject({ kind: 'scaled', family: 'gpt', source: 'family-default', factor: DEFAULT_FAMILY_FACTORS.gpt.factor, exactUnavailable: 'No tokens worker here.' });
    expect(result.countedBy).toBe('scaled');

    const cancelled: TokenCounter = { ...noCounter, count: () => Promise.reject(new LoupeError('cancelled', 'The token count was cancelled.')) };
    await expect(foldInBestCount({ db: newDb(), tokens: cancelled }, { model: 'openai/gpt-4o', agent: 'codex', rows: history(4), budget })).rejects.toMatchObject({ code: 'cancelled' });
  });
});
