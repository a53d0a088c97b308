// The fold must not overfeed: on recorded evidence, a history folded to
// window - reserve in the model's best available count stays within it by the
// provider's own count, where a fold by the plain estimate (bytes / 4) does not.
import { describe, expect, it } from 'vitest';
import { foldBudgetTokens, trimToBudget, type FoldRow } from '../../../shared/fold';
import { calibrate, foldFactorFor, type CalibrationRow } from '../../../shared/tokens/calibration';
import { tokenizerForModel } from '../../../shared/tokens/model-tokenizer';
import { claudeSession } from '../testing/claude-session';
import { loadCorpus, piecesOf } from '../testing/token-corpus';
import { loadCounter } from './count-text';

const corpus = loadCorpus();
const piecesOfKind = (kind: string) => corpus.filter((f) => f.kind === kind).flatMap((f) => piecesOf(f.text, 3000));

/** A coding-session-like history: asks, tool results holding JSON and code, answers in CJK. */
function history(offset: number, turns: number): FoldRow[] {
  const json = piecesOfKind('json');
  const code = piecesOfKind('code');
  const cjk = piecesOfKind('cjk');
  const rows: FoldRow[] = [];
  for (let t = 0; t < turns; t++) {
    const i = offset + t;
    rows.push({ role: 'user', content: `Step ${i}: look at this.\n${code[i % code.length]}` });
    rows.push({ role: 'assistant', text: cjk[i % cjk.length]!, toolCalls: [{ toolName: 'read', toolCallId: `c${i}`, args: { path: `f${i}.json` } }] });
    rows.push({ role: 'tool', toolName: 'read', toolCallId: `c${i}`, result: json[i % json.length] });
  }
  return rows;
}

const WINDOW = 32_000;
const BUDGET = foldBudgetTokens(WINDOW); // 15,616
const ASK = 'Now fix the failing test.';

describe('folding in the best available count', () => {
  it('GPT-4o (public tokenizer): an exact fold stays within window - reserve by the provider count; the estimate fold overfeeds', async () => {
    const tokenizer = tokenizerForModel('openai/gpt-4o');
    expect(tokenizer).toEqual({ kind: 'exact', encoding: 'o200k_base' });
    if (tokenizer.kind !== 'exact') return;
    // The provider's count of a prompt is its tokenizer's count: o200k_base (the reference tests
    // show it equals OpenAI's tiktoken). Message framing is left out on both sides.
    const o200k = await loadCounter(tokenizer.encoding);
    const reported = (rows: FoldRow[]) => o200k(JSON.stringify(rows)) + o200k(ASK);
    const rows = history(0, 40);

    const plain = trimToBudget(rows, BUDGET, { currentUserContent: ASK });
    expect(plain.fits).toBe(true); // by its own estimate...
    expect(reported(plain.rows)).toBeGreaterThan(BUDGET); // ...but the provider counts more

    const exact = trimToBudget(rows, BUDGET, { currentUserContent: ASK, count: { kind: 'exact', countTokens: o200k } });
    expect(exact).toMatchObject({ countedBy: 'exact', fits: true });
    expect(exact.countedTokens).toBe(reported(exact.rows));
    expect(reported(exact.rows)).toBeLessThanOrEqual(BUDGET);
    expect(exact.rows.length).toBeGreaterThan(3); // it still keeps a useful history
  });

  it('a model without a public tokenizer: a fold scaled by its calibration from recorded runs stays within window - reserve', async () => {
    const model = 'anthropic/claude-sonnet-4';
    expect(tokenizerForModel(model).kind).toBe('estimate-only');
    // Mocked, as Claude's tokenizer cannot run here: the provider is played by cl100k_base plus
    // four tokens of framing per message, a count denser than bytes / 4 on this text as Claude's is.
    const cl100k = await loadCounter('cl100k_base');
    const provider = (rows: FoldRow[], ask: string) => cl100k(JSON.stringify(rows)) + cl100k(ask) + 4 * (rows.length + 1);
    const estimate = (rows: FoldRow[], ask: string) => Math.ceil(Buffer.byteLength(JSON.stringify(rows) + ask) / 4);

    // Recorded evidence: eight earlier runs of this model on other parts of the session.
    const evidence: CalibrationRow[] = [3, 6, 9, 12, 15, 18, 21, 24].map((turns, k) => {
      const prompt = history(100 + 40 * k, turns);
      return { model, loupeEstimateTokens: estimate(prompt, ASK), providerReportedInputTokens: provider(prompt, ASK) };
    });
    const [calibration] = calibrate(evidence);
    const factor = foldFactorFor(model, calibration);
    expect(factor).toMatchObject({ source: 'calibrated', runs: 8 });
    expect(factor.factor).toBeGreaterThan(1.1);

    const rows = history(0, 40);
    const plain = trimToBudget(rows, BUDGET, { currentUserContent: ASK });
    expect(provider(plain.rows, ASK)).toBeGreaterThan(BUDGET);
    const safer = trimToBudget(rows, BUDGET - factor.overheadTokens, { currentUserContent: ASK, count: { kind: 'scaled', factor: factor.factor } });
    expect(safer.fits).toBe(true);
    expect(provider(safer.rows, ASK)).toBeLessThanOrEqual(BUDGET);
    expect(safer.rows.length).toBeGreaterThan(3);
  });
});

describe('on a real Claude Code session', () => {
  it('a fold calibrated on half the requests never lets the other half past window - reserve by Claude own count', () => {
    const model = 'anthropic/claude-opus-4-6';
    const points = claudeSession();
    expect(points.length).toBeGreaterThan(100);
    const estimate = (rows: FoldRow[]) => trimToBudget(rows, Number.MAX_SAFE_INTEGER).estimatedTokens;
    // Recorded evidence: every other request, as runs of this model.
    const evidence: CalibrationRow[] = points
      .filter((_, i) => i % 2 === 1)
      .map((p) => ({ model, loupeEstimateTokens: estimate(p.rows), providerReportedInputTokens: p.reported }));
    const [calibration] = calibrate(evidence);
    const f = foldFactorFor(model, calibration);
    expect(f).toMatchObject({ source: 'calibrated', family: 'claude' });
    // Claude Code's own system prompt and tools are in every report and in none of Loupe's estimates.
    expect(f.overheadTokens).toBeGreaterThan(15_000);
    expect(f.factor).toBeGreaterThan(1.1);

    const budget = foldBudgetTokens(100_000); // 83,616: some of this session's requests are over it
    let overfedByEstimate = 0;
    let checked = 0;
    for (const p of points.filter((_, i) => i % 2 === 0)) {
      const plain = trimToBudget(p.rows, budget);
      // Kept whole by the estimate, yet over the budget by Claude's count: the estimate overfeeds.
      if (plain.rows.length === p.rows.length && p.reported > budget) overfedByEstimate++;
      const safer = trimToBudget(p.rows, budget - f.overheadTokens, { count: { kind: 'scaled', factor: f.factor } });
      if (safer.rows.length === p.rows.length) {
        // Kept whole: this prompt is one Claude really counted.
        checked++;
        expect(p.reported, `request with ${p.rows.length} rows`).toBeLessThanOrEqual(budget);
      }
    }
    expect(overfedByEstimate).toBeGreaterThan(5);
    expect(checked).toBeGreaterThan(20);
  });

  it('the Claude default factor covers the session growth, as the split-meter doc measured', () => {
    // Between requests, Claude's reported context grew by more than bytes / 4 of what the
    // transcript gained: the default factor must be at least the whole-session ratio.
    const points = claudeSession();
    let reported = 0;
    let estimated = 0;
    for (let i = 1; i < points.length; i++) {
      const grew = points[i]!.rows.length > points[i - 1]!.rows.length;
      if (!grew) continue; // a compaction restarted the history
      reported += points[i]!.reported - points[i - 1]!.reported;
      estimated += Buffer.byteLength(JSON.stringify(points[i]!.rows.slice(points[i - 1]!.rows.length))) / 4;
    }
    const ratio = reported / estimated;
    expect(ratio).toBeGreaterThan(1.2);
    expect(foldFactorFor('anthropic/claude-opus-4-6').factor).toBeGreaterThanOrEqual(ratio);
  });
});
