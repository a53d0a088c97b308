// The adapters' exact command lines run against the real CLIs, offline, in a fresh HOME.
// The cases the scripted providers cannot give (not logged in, no network); `npm run agents:install`, skipped where absent.
// (Unknown-session failures of claude and gemini are replayed from their captures instead: slower here.)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import { createLauncher } from '../../process/launcher';
import { agentsBin } from '../../testing/agents';
import { makeRepo, removeTempDirs, tempDir } from '../../testing/fixtures';
import type { AgentAdapter, InvocationInput } from './adapter';
import { agentAdapters } from './registry';
import { runInvocation } from './test-support';

const BIN = agentsBin();
const launcher = createLauncher();
afterAll(async () => {
  await launcher.closeAll();
  removeTempDirs();
});

function setup(over: Partial<InvocationInput> = {}) {
  const repo = makeRepo({ 'README.md': '# r\n' });
  const contextDir = tempDir('loupe-ctx-');
  const input: InvocationInput = {
    prompt: 'say hi\n',
    schema: '{"type":"object","properties":{"answer":{"type":"string"}}}',
    model: null,
    resumeSessionId: null,
    contextDir,
    runId: 'r1',
    repoRoot: repo,
    extraArgs: [],
    mcp: { name: 'loupe', command: process.execPath, args: ['-e', 'process.exit(0)'] },
    command: null,
    demo: null,
    ...over,
  };
  // HOME outside /tmp: codex refuses to make its helper links under /tmp (a warning only).
  const home = tempDir('loupe-home-');
  // GEMINI_CLI_NO_RELAUNCH: gemini otherwise starts Node a second time (a larger heap) before anything is
  // checked, seconds on a busy machine; the agents tier sets it too (agents-tier/tier.ts). Others ignore it.
  return { repo, input, env: { PATH: `${BIN}:${process.env.PATH}`, HOME: home, TERM: 'dumb', GEMINI_CLI_NO_RELAUNCH: 'true' } };
}

async function launch(adapter: AgentAdapter, over: Partial<InvocationInput> = {}, stopWhen?: (e: AgentEvent) => boolean) {
  const { repo, input, env } = setup(over);
  const inv = adapter.invocation(input, join(BIN, adapter.id));
  // What the runner does with `files`: write them right before spawn.
  for (const f of inv.files ?? []) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.content);
  }
  const parser = adapter.parser();
  if (!stopWhen) return runInvocation(launcher.spawn, inv, parser, { cwd: repo, env });
  // A stand-in for the runner's no-progress timeout: end the tree once the awaited event has arrived.
  const controller = new AbortController();
  const watching = { ...parser, stdout: (l: string) => tap(parser.stdout(l)), stderr: (l: string) => tap(parser.stderr(l)) };
  const tap = (events: AgentEvent[]) => {
    if (events.some(stopWhen)) controller.abort();
    return events;
  };
  const spawn: typeof launcher.spawn = (c, a, o) => launcher.spawn(c, a, { ...o, signal: controller.signal });
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    return await runInvocation(spawn, inv, watching, { cwd: repo, env });
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(existsSync(join(BIN, 'claude')))('real claude, offline', () => {
  it('model, staged folder, schema and MCP flags accepted; not logged in is a failed result', async () => {
    const run = await launch(agentAdapters.claude, { model: 'claude-sonnet-4-5' });
    expect(run.exit.code).toBe(1);
    expect(run.events.find((e) => e.type === 'session')).toMatchObject({ model: 'claude-sonnet-4-5' });
    expect((run.events.find((e) => e.type === 'session') as { tools: string[] }).tools).toContain('StructuredOutput');
    expect(run.events.at(-1)).toEqual({ type: 'result', ok: false, message: 'Not logged in · Please run /login' });
  });
});

describe.runIf(existsSync(join(BIN, 'codex')))('real codex, offline', () => {
  it('schema file and MCP overrides accepted; it retries until ended, and says why', async () => {
    const run = await launch(agentAdapters.codex, {}, (e) => e.type === 'error' && e.message.startsWith('Reconnecting'));
    expect(run.events.some((e) => e.type === 'session')).toBe(true);
    expect(run.exit.signal).toBe('SIGTERM');
    const last = run.events.at(-1) as { ok: boolean; message: string };
    expect(last.ok).toBe(false);
    expect(last.message).toMatch(/^Reconnecting\.\.\./);
  });

  it('an unknown thread: exit 1, a resume failure', async () => {
    const run = await launch(agentAdapters.codex, { resumeSessionId: '3f2b8a34-6f1e-4c55-9d1a-2b7c0e9a41d2' });
    expect(run.exit.code).toBe(1);
    const last = run.events.at(-1) as { ok: boolean; message: string };
    expect(last.message).toMatch(/no rollout found for thread id 3f2b8a34/);
    expect(agentAdapters.codex.isResumeFailure!(last.message, run.exit)).toBe(true);
  });
});

describe.runIf(existsSync(join(BIN, 'gemini')))('real gemini, offline', () => {
  it('stdin alone runs headless with --skip-trust and --include-directories; no auth is exit 41 with its message', async () => {
    const run = await launch(agentAdapters.gemini, { model: 'gemini-2.5-pro' });
    expect(run.exit.code).toBe(41);
    const last = run.events.at(-1) as { ok: boolean; message: string };
    expect(last.ok).toBe(false);
    expect(last.message).toMatch(/^Please set an Auth method in your .*settings\.json/);
    expect(run.events).toContainEqual({ type: 'error', message: last.message });
  });
});
