// Honest token numbers in runs (issue 14), on the real pipeline: exact counts of the prompt
// sent in the evidence, follow-up folds checked in exact counts, the provider's prompt
// count kept for calibration, and tokens.calibration over recorded evidence.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSettingsInput } from '../../../shared/contract/runs';
import { foldBudgetTokens, trimToBudget } from '../../../shared/fold';
import { CALIBRATION_RECENT_RUNS } from '../../../shared/tokens/calibration';
import { recordStep } from '../testing/evidence-rows';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { loadCorpus, piecesOf } from '../testing/token-corpus';
import { buildTokensWorker } from '../testing/tokens-worker';
import { loadCounter } from '../tokens/count-text';
import { toFoldRows } from '../prompt/history';
import { withPromptTokens } from './step';
import { readTranscript } from '../threads/thread-store';
import { captureStdin, nodeCmd, waitForRun } from '../testing/runs';

beforeAll(async () => {
  process.env.LOUPE_TOKENS_WORKER = await buildTokensWorker();
});
afterAll(() => {
  delete process.env.LOUPE_TOKENS_WORKER;
  removeTempDirs();
});

const custom = (command: string, model?: string): RunSettingsInput => ({ agent: 'custom', command, ...(model ? { model } : {}) });

describe('the exact count of the prompt sent', () => {
  it('is recorded for an OpenAI model when the step ends, equal to the reference count of the bytes on stdin; never for Claude', async () => {
    const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n'.repeat(50), 'docs/zh.md': '# 指南\n这是一个用于检查上下文的工具。\n' });
    const runtime = makeRuntime();
    const out = join(tempDir(), 'stdin.txt');
    const started = await runtime.call('runs.start', { repo, ask: 'Summarize <|endoftext|> the code', paths: ['src', 'docs'], settings: custom(captureStdin(out), 'openai/gpt-4o') });
    // The launch answered before any count: the start row has none.
    expect(started.steps[0]!.exactTokens).toBeNull();
    const done = await waitForRun(runtime, started.run.id);
    const sent = readFileSync(out, 'utf8');
    expect(done.steps[0]!.exactTokens).toEqual({ encoding: 'o200k_base', count: (await loadCounter('o200k_base'))(sent) });
    expect(Buffer.byteLength(sent)).toBe(done.steps[0]!.promptBytes);

    const claude = await runtime.call('runs.start', { repo, ask: 'Again', settings: custom(captureStdin(out), 'anthropic/claude-sonnet-4') });
    expect((await waitForRun(runtime, claude.run.id)).steps[0]!.exactTokens).toBeNull();
    await runtime.close();
  });
});

describe('a follow-up fold for a model with a public tokenizer', () => {
  it('is checked in exact counts (GPT-4 32K: cl100k), recorded as such, and keeps fewer JSON-heavy rows than the estimate would', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const model = 'gpt-4-32k';
    const json = loadCorpus().filter((f) => f.kind === 'json').flatMap((f) => piecesOf(f.text, 6000));
    // Twelve turns whose replies are catalog JSON (where bytes / 4 runs lowest): more than the 16,384-token budget holds.
    let threadId: string | undefined;
    for (let i = 0; i < 12; i++) {
      const reply = join(tempDir(), 'reply.json');
      writeFileSync(reply, json[i]!);
      const cmd = nodeCmd(`process.stdin.resume();process.stdin.on('end',()=>process.stdout.write(require('fs').readFileSync(${JSON.stringify(reply)},'utf8')))`);
      const run = await runtime.call('runs.start', { repo, ask: `Turn ${i}: show the next part`, threadId, settings: custom(cmd, model) });
      threadId = run.run.threadId;
      expect((await waitForRun(runtime, run.run.id)).run.status).toBe('succeeded');
    }
    const out = join(tempDir(), 'stdin.txt');
    const last = await runtime.call('runs.start', { repo, ask: 'Now summarize', threadId, settings: custom(captureStdin(out), model) });
    const step = (await waitForRun(runtime, last.run.id)).steps[0]!;
    const budget = foldBudgetTokens(32_768);
    expect(step.history).toMatchObject({ foldBudget: budget, count: { kind: 'exact', encoding: 'cl100k_base' } });
    expect(step.history!.countedTokens).toBeLessThanOrEqual(budget);
    expect(step.history!.kept).toBeLessThan(step.history!.rows);
    // What was sent: the rendered history is within the budget by the model's own tokenizer.
    const sent = readFileSync(out, 'utf8');
    const historyText = sent.slice(sent.indexOf('## Conversation so far'), sent.indexOf('## Task'));
    expect((await loadCounter('cl100k_base'))(historyText)).toBeLessThanOrEqual(budget);
    // The plain estimate would have kept more of the same rows.
    const rows = toFoldRows(readTranscript(runtime.deps.db, threadId!).filter((e) => e.runId !== last.run.id));
    expect(trimToBudget(rows, budget, { currentUserContent: 'Now summarize' }).rows.length).toBeGreaterThan(step.history!.kept);
    expect(step.exactTokens).toMatchObject({ encoding: 'cl100k_base' });
    await runtime.close();
  }, 120_000);
});

describe("the provider's count of the prompt (for calibration)", () => {
  it('is the first request context where the CLI reports each request, else the input of a one-request step', () => {
    expect(withPromptTokens({ contextTokens: 90_000, inputTokens: 250_000 }, 30_000, 3)).toMatchObject({ promptTokens: 30_000, contextTokens: 90_000 });
    expect(withPromptTokens({ inputTokens: 12_000, cacheReadTokens: 4_000 }, undefined, 0)).toMatchObject({ promptTokens: 12_000 });
    // Summed over several requests (tools were used): not the prompt's size, so none.
    expect(withPromptTokens({ inputTokens: 48_000 }, undefined, 2)).toEqual({ inputTokens: 48_000 });
    expect(withPromptTokens(null, 10, 0)).toBeNull();
  });

  it('is recorded by a real run (the demo agent reports its input per message)', async () => {
    const runtime = makeRuntime();
    const repo = makeRepo({ 'a.txt': 'hello\n' });
    const run = await runtime.call('runs.start', { repo, ask: 'Read it', paths: ['a.txt'], settings: { agent: 'demo' } });
    const step = (await waitForRun(runtime, run.run.id)).steps[0]!;
    expect(step.reported?.promptTokens).toBe(step.approxTokens);
    await runtime.close();
  });
});

describe('tokens.calibration', () => {
  it("reads each model's recent fresh runs with a prompt count, leaving out resumed steps, the demo agent and steps without one", async () => {
    const runtime = makeRuntime();
    const db = runtime.deps.db;
    const claude = 'anthropic/claude-sonnet-4';
    [10_000, 20_000, 40_000, 60_000, 80_000, 100_000].forEach((e, k) => recordStep(db, { model: claude, approxTokens: e, reported: { promptTokens: Math.round(e * 1.2) + 20_000 }, minute: k }));
    recordStep(db, { model: claude, approxTokens: 5_000, reported: { promptTokens: 900_000 }, resumed: true });
    recordStep(db, { model: claude, approxTokens: 5_000, reported: { promptTokens: 5_000 }, adapter: 'demo' });
    recordStep(db, { model: claude, approxTokens: 5_000, reported: { inputTokens: 900_000 } });
    // More runs than are read: only the most recent count.
    for (let k = 0; k < CALIBRATION_RECENT_RUNS + 20; k++) recordStep(db, { model: 'openai/gpt-4o', approxTokens: 1_000 + k, reported: { promptTokens: k < 20 ? 9_000 : 1_050 + k }, minute: 100 + k });

    const report = await runtime.call('tokens.calibration', {});
    const byModel = Object.fromEntries(report.models.map((m) => [m.model, m]));
    expect(byModel[claude]!.calibration).toMatchObject({ runs: 6, fit: { factor: 1.2, overheadTokens: 20_000 } });
    expect(byModel[claude]!.fold).toMatchObject({ kind: 'scaled', source: 'calibrated', runs: 6, factor: 1.2, overheadTokens: 20_000 });
    expect(byModel[claude]!.lastRunAt).toBe('2026-01-01T00:05:00.000Z');
    // The 20 oldest GPT runs (ratio 9) are past the window of recent runs.
    expect(byModel['openai/gpt-4o']!.calibration).toMatchObject({ runs: CALIBRATION_RECENT_RUNS });
    expect(byModel['openai/gpt-4o']!.calibration.max).toBeLessThan(1.1);
    expect(byModel['openai/gpt-4o']!.fold).toEqual({ kind: 'exact', encoding: 'o200k_base' });
    expect(report.familyDefaults.map((f) => f.family)).toEqual(['gpt', 'claude', 'gemini', 'other']);
    expect((await runtime.call('tokens.calibration', { model: claude })).models.map((m) => m.model)).toEqual([claude]);
    await runtime.close();
  });
});
