// The demo agent run for real (node resources/demo-agent/demo-agent.mjs) through
// the launcher, in a temp repository with staged copies, parsed by the claude parser.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import { createLauncher } from '../../process/launcher';
import { makeRepo, removeTempDirs, tempDir, writeFiles } from '../../testing/fixtures';
import type { InvocationInput } from './adapter';
import { demoAdapter, locateDemoScript } from './demo';
import { runInvocation } from './test-support';

const launcher = createLauncher();
const script = locateDemoScript()!;
const A_TS = 'export const a = 1;\n// second line\n';
const README = '# Demo repo\n\nSome words.\n';
const BIG = 'x'.repeat(10_000);
let repo: string;
let ctx: string;
let state: string;

beforeAll(() => {
  repo = makeRepo({ 'src/a.ts': A_TS, 'README.md': README });
  ctx = tempDir('loupe-context-');
  writeFiles(ctx, { 'src/a.ts': A_TS, 'README.md': README, 'big.txt': BIG });
  state = tempDir('loupe-demo-home-');
});
afterAll(async () => {
  await launcher.closeAll();
  removeTempDirs();
});

function prompt(files: string[], ask = 'Explain what src/a.ts exports.'): string {
  return ['## Notes for the agent', 'Read the reference files.', '', '## Reference files', ...files.map((f) => `- ${join(ctx, f)}`), '', '## Ask', ask, ''].join('\n');
}

function input(over: Partial<InvocationInput>): InvocationInput {
  return {
    prompt: prompt(['src/a.ts', 'README.md']),
    schema: null,
    model: null,
    resumeSessionId: null,
    contextDir: ctx,
    runId: 'run-1',
    repoRoot: repo,
    extraArgs: [],
    mcp: null,
    command: null,
    demo: { nodePath: process.execPath, script, stateDir: state },
    ...over,
  };
}

async function runDemo(over: Partial<InvocationInput> = {}, env: Record<string, string> = {}, onEvent?: (event: AgentEvent) => void) {
  const inv = demoAdapter.invocation(input(over), 'unused');
  return runInvocation(launcher.spawn, inv, demoAdapter.parser(), { cwd: repo, env: { PATH: process.env.PATH, LOUPE_CONTEXT_DIR: ctx, LOUPE_RUN_ID: 'run-1', ...env }, onEvent });
}

const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) => events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);

describe('demo agent', () => {
  let firstSession = '';

  it('reads every referenced file for real and reports it in Claude Code stream-json', async () => {
    const p = prompt(['src/a.ts', 'README.md']);
    const run = await runDemo({ prompt: p });
    expect(run.exit).toEqual({ code: 0, signal: null });
    expect(ofType(run.events, 'raw')).toEqual([]);
    const [session] = ofType(run.events, 'session');
    expect(session).toMatchObject({ model: 'demo', tools: ['Read'], cliVersion: '1.0.0' });
    firstSession = session!.sessionId;
    expect(ofType(run.events, 'tool-call').map((c) => c.input)).toEqual([{ file_path: join(ctx, 'src/a.ts') }, { file_path: join(ctx, 'README.md') }]);
    expect(ofType(run.events, 'tool-result').map((r) => [r.output, r.isError])).toEqual([
      [A_TS, false],
      [README, false],
    ]);
    expect(ofType(run.events, 'file-read').map((f) => f.path)).toEqual([join(ctx, 'src/a.ts'), join(ctx, 'README.md')]);
    const texts = ofType(run.events, 'text').map((t) => t.text);
    expect(texts.every((t) => t.startsWith('Demo agent (no model): '))).toBe(true);
    expect(texts[0]).toContain(`${Buffer.byteLength(p)} bytes`);
    expect(texts[0]).toContain('Your ask begins: "Explain what src/a.ts exports."');
    expect(texts[1]).toContain(`read 2 of 2 reference files, ${Buffer.byteLength(A_TS) + Buffer.byteLength(README)} bytes in total`);
    expect(texts[1]).toContain('first line: "export const a = 1;"');
    const usage = ofType(run.events, 'usage').at(-1)!.usage;
    expect(usage).toMatchObject({ inputTokens: Math.ceil(Buffer.byteLength(p) / 4), cacheReadTokens: 0, cacheCreationTokens: 0, costUsd: 0 });
    expect(usage.outputTokens).toBeGreaterThan(0);
    expect(run.events.at(-1)).toEqual({ type: 'result', ok: true, text: texts[1] });
    expect(existsSync(join(state, 'sessions', `${firstSession}.json`))).toBe(true);
    // The session holds the prompt (and what the files said): only its owner may read it (issue 33).
    expect(statSync(join(state, 'sessions', `${firstSession}.json`)).mode & 0o777).toBe(0o600);
    expect(statSync(join(state, 'sessions')).mode & 0o777).toBe(0o700);
  });

  it('resumes its own session from its state folder and remembers the earlier turns', async () => {
    const run = await runDemo({ resumeSessionId: firstSession, prompt: prompt([], 'And now?') });
    expect(run.exit.code).toBe(0);
    expect(ofType(run.events, 'session')[0]!.sessionId).toBe(firstSession);
    expect(ofType(run.events, 'text')[0]!.text).toContain(`I resumed session ${firstSession} and remember 1 earlier turn.`);
    expect(ofType(run.events, 'text')[1]!.text).toContain('This session now has 2 turns.');
    const saved = JSON.parse(readFileSync(join(state, 'sessions', `${firstSession}.json`), 'utf8')) as { turns: unknown[] };
    expect(saved.turns).toHaveLength(2);
  });

  it('an unknown session id fails like claude: no session, the message, exit 1, a resume failure', async () => {
    const run = await runDemo({ resumeSessionId: '3f2b8a34-0000-4c55-9d1a-2b7c0e9a41d2' });
    const message = 'No conversation found with session ID: 3f2b8a34-0000-4c55-9d1a-2b7c0e9a41d2';
    expect(run.exit.code).toBe(1);
    expect(ofType(run.events, 'session')).toEqual([]);
    expect(run.events.at(-1)).toEqual({ type: 'result', ok: false, message });
    expect(demoAdapter.isResumeFailure!(message, run.exit)).toBe(true);
  });

  it('LOUPE_DEMO_FAIL_RESUME=1 fails a resume of a session that exists', async () => {
    const run = await runDemo({ resumeSessionId: firstSession }, { LOUPE_DEMO_FAIL_RESUME: '1' });
    expect(run.exit.code).toBe(1);
    expect(run.events).toContainEqual({ type: 'raw', stream: 'stderr', text: 'Demo agent: LOUPE_DEMO_FAIL_RESUME=1, so this resume fails on purpose.' });
    expect(run.events.at(-1)).toEqual({ type: 'result', ok: false, message: `No conversation found with session ID: ${firstSession}` });
  });

  it('reads at most 4 KiB of a file, says so, and reports a missing file as a failed read', async () => {
    const run = await runDemo({ prompt: prompt(['big.txt', 'gone.txt']) });
    const [big, gone] = ofType(run.events, 'tool-result');
    expect(big!.output).toBe(`${'x'.repeat(4096)}\n[… the demo agent read the first 4096 of 10000 bytes]`);
    expect(gone).toMatchObject({ isError: true, output: '<tool_use_error>File does not exist.</tool_use_error>' });
    expect(ofType(run.events, 'file-read').map((f) => f.path)).toEqual([join(ctx, 'big.txt')]);
    expect(run.events.at(-1)).toMatchObject({ type: 'result', ok: true });
  });

  it('accepts --model and --json-schema (and says it has no model)', async () => {
    const run = await runDemo({ model: 'claude-sonnet-4-5', schema: '{"type":"object"}' });
    expect(run.exit.code).toBe(0);
    expect(ofType(run.events, 'session')[0]!.model).toBe('claude-sonnet-4-5');
    const intro = ofType(run.events, 'text')[0]!.text;
    expect(intro).toContain('You asked for model "claude-sonnet-4-5"; the demo agent has no model');
    expect(intro).toContain('A JSON schema of 17 bytes came with --json-schema');
  });

  it('LOUPE_DEMO_GATE holds the run at the event the test lets out, so a test can act mid-run', async () => {
    const gate = join(tempDir('loupe-demo-gate-'), 'gate');
    writeFileSync(gate, '2');
    // What the run shows, in order (usage reports ride along with each message).
    const seen: AgentEvent['type'][] = [];
    let intro: () => void = () => undefined;
    const introSeen = new Promise<void>((resolve) => (intro = resolve));
    const running = runDemo({ prompt: prompt(['src/a.ts']) }, { LOUPE_DEMO_GATE: gate }, (e) => {
      if (e.type !== 'usage') seen.push(e.type);
      if (e.type === 'text') intro();
    });
    await introSeen;
    // Held: nothing past the two events let out, however long the test takes to act.
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual(['session', 'text']);
    const opened = seen.length;
    writeFileSync(gate, 'open');
    const run = await running;
    expect(run.exit.code).toBe(0);
    expect(seen.slice(opened)).toEqual(['tool-call', 'tool-result', 'file-read', 'text', 'result']);
  });

  it('detect: always installed, with the version the script prints', async () => {
    const info = await demoAdapter.detect({ spawn: launcher.spawn, env: { PATH: process.env.PATH } });
    expect(info).toEqual({ id: 'demo', label: 'Demo agent (no model)', installed: true, version: '1.0.0', path: script, problem: null, resumable: true });
  });
});
