// A run's wire in its evidence (issue 31): a fresh data folder records claude's requests with
// nothing set, and a request the relay blocks on the request budget is told as a wire block in
// the step's evidence and its export (which request, its size, the request budget, the ceiling
// exceeded), and a retry with the request ceiling raised goes through. A stand-in claude that
// sends one real request (testing/fake-wire-claude.ts) through the real relay to a scripted provider.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunSettings } from '../../../shared/contract/runs';
import { fakeWireClaudeDir } from '../testing/fake-wire-claude';
import { makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../testing/providers';
import { waitForRun } from '../testing/runs';
import type { Runtime } from '../runtime';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
afterEach(async () => {
  await runtime?.close();
  await provider?.close();
  runtime = null;
  provider = null;
});
afterAll(() => removeTempDirs());

async function setUp(): Promise<{ runtime: Runtime; provider: ScriptedProvider; repo: string }> {
  provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'hello from the provider', usage: { input: 40, output: 5 } } }] } });
  const bin = fakeWireClaudeDir();
  runtime = makeRuntime({ env: { PATH: process.env.PATH, HOME: process.env.HOME, LOUPE_AGENT_PATH: bin, ANTHROPIC_BASE_URL: provider.url, ANTHROPIC_API_KEY: 'sk-ant-spec-not-a-key' } });
  return { runtime, provider, repo: makeRepo({ 'src/app.ts': 'export const app = 1;\n' }) };
}

describe('a run’s wire in its evidence', () => {
  it('a fresh data folder records a claude run’s requests with the default settings', async () => {
    const { runtime, provider, repo } = await setUp();
    const fresh = await runtime.call('settings.effective', {});
    expect(fresh.settings.wire).toBeUndefined();
    // What the app's form saves when Claude Code is chosen on a fresh data folder: the agent, nothing else.
    const settings: RunSettings = { ...fresh.settings, agent: 'claude' };
    const started = await runtime.call('runs.start', { repo, ask: 'Say hello.', paths: ['src/app.ts'], settings });
    const detail = await waitForRun(runtime, started.run.id);
    expect(detail.run.status, JSON.stringify(detail.steps.at(-1)?.message)).toBe('succeeded');
    expect(provider.turns()).toHaveLength(1);
    expect(detail.wire.sessions).toHaveLength(1);
    expect(detail.wire.steps).toEqual([expect.objectContaining({ stepId: detail.steps[0]!.id, requests: 1, reportedInput: 40 })]);
    expect(detail.wire.steps[0]!.largestBytes).toBe(Buffer.byteLength(provider.turns()[0]!.bodyText));
    expect(detail.steps[0]).toMatchObject({ requestBudget: null, wireBlock: null });
  });

  it('a request-budget block is a wire block in the evidence and its export, and raising the request ceiling lets the retry through', async () => {
    const { runtime, provider, repo } = await setUp();
    const settings: RunSettings = { agent: 'claude', loop: { requestBudget: { maxRequestBytes: 500, policy: 'block' } } };
    const started = await runtime.call('runs.start', { repo, ask: 'Say hello.', paths: ['src/app.ts'], settings });
    const detail = await waitForRun(runtime, started.run.id);
    expect(detail.run.status, JSON.stringify({ wire: detail.wire, step: detail.steps[0] })).toBe('blocked');
    // Nothing reached the provider.
    expect(provider.turns()).toHaveLength(0);
    const step = detail.steps[0]!;
    expect(step.outcome).toBe('blocked');
    // The agent ran: the step ended, with the CLI's exit.
    expect(step.endedAt).not.toBeNull();
    expect(step.exitCode).toBe(1);
    expect(step.budget).toBeNull();
    expect(step.exceeded).toEqual([]);
    expect(step.requestBudget).toEqual({ maxRequestBytes: 500, policy: 'block' });
    expect(step.wireBlock).toEqual({
      sessionId: detail.wire.sessions[0],
      seq: 1,
      bytes: expect.any(Number),
      tokens: null,
      exceeded: [{ ceiling: 'maxRequestBytes', limit: 500, actual: step.wireBlock!.bytes, over: step.wireBlock!.bytes - 500 }],
    });
    expect(step.wireBlock!.bytes).toBeGreaterThan(step.promptBytes);
    expect(step.message).toMatch(/^Blocked on the wire by the request budget: request 1 was [\d,]+ bytes, over your 500-byte request ceiling/);

    // The export carries the request budget and the exceeded ceiling, in JSON and in CSV.
    const json = JSON.parse((await runtime.call('evidence.export', { scope: { runId: started.run.id }, format: 'json' })).content) as { steps: typeof detail.steps; note: string };
    expect(json.steps[0]).toMatchObject({ requestBudget: step.requestBudget, wireBlock: step.wireBlock });
    expect(json.note).toContain('provider adds on its side');
    const csv = (await runtime.call('evidence.export', { scope: { runId: started.run.id }, format: 'csv' })).content.split('\r\n');
    const header = csv[0]!.split(',');
    const row = csv[1]!.split(',');
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('request_policy')).toBe('block');
    expect(cell('max_request_bytes')).toBe('500');
    expect(cell('wire_exceeded')).toBe(`maxRequestBytes:${step.wireBlock!.bytes}>500`);
    expect(cell('wire_blocked')).toBe(`request 1 of ${step.wireBlock!.sessionId} (${step.wireBlock!.bytes} bytes)`);

    // What the Raise control sends: the run's settings with the request ceiling raised, not the context budget.
    const raised: RunSettings = { ...detail.settings, loop: { ...detail.settings.loop, requestBudget: { maxRequestBytes: step.wireBlock!.bytes, policy: 'block' } } };
    const before = detail.lastSeq;
    await runtime.call('runs.retry', { runId: started.run.id, settings: raised });
    const after = await waitForRun(runtime, started.run.id, 30_000, before);
    expect(after.run.status).toBe('succeeded');
    expect(provider.turns()).toHaveLength(1);
    expect(after.steps.at(-1)).toMatchObject({ outcome: 'launched', requestBudget: { maxRequestBytes: step.wireBlock!.bytes, policy: 'block' }, wireBlock: null });
  });
});

describe('selections that stage nothing, before Run', () => {
  it('runs.preview names them with why, as runs.start would refuse them; allowed, the run goes without them', async () => {
    runtime = makeRuntime();
    const repo = makeRepo({ '.env': 'API_TOKEN=do-not-send\n', 'src/app.ts': 'export const app = 1;\n' });
    const request = { repo, ask: 'Read the settings.', paths: ['.env', 'src/app.ts', 'missing.txt'], settings: { agent: 'demo' as const } };
    const preview = await runtime.call('runs.preview', request);
    expect(preview.unstaged).toEqual([expect.stringMatching(/^\.env \(.+\)$/), expect.stringMatching(/^missing\.txt \(Not in the base commit/)]);
    const refused = await runtime.call('runs.start', request).catch((e: unknown) => e as Error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain('Run without them');
    const started = await runtime.call('runs.start', { ...request, allowUnstaged: true });
    const detail = await waitForRun(runtime, started.run.id);
    expect(detail.run.status).toBe('succeeded');
    expect(detail.steps[0]!.exclusions.map((x) => x.path)).toContain('.env');
    // Nothing left to say once they are deselected.
    expect((await runtime.call('runs.preview', { ...request, paths: ['src/app.ts'] })).unstaged).toEqual([]);
  });
});
