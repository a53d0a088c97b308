// Behaviour spec of runs (issue 8): the real pipeline (staging, prompt assembly,
// measurement, budget, launcher, evidence, transcript) on repositories made with
// the git CLI, SQLite in temp folders, and real child processes. Agent CLIs that
// cannot reach their servers here are replayed from their captured output.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunSettingsInput } from '../../../shared/contract/runs';
import { git, isProcessAlive, makeRepo, makeRuntime, removeTempDirs, tempDir, waitForExit } from '../testing/fixtures';
import { captureStdin, fakeCli, nodeCmd, waitForRun } from '../testing/runs';

afterAll(removeTempDirs);

const custom = (command: string, extra: Partial<RunSettingsInput> = {}): RunSettingsInput => ({ agent: 'custom', command, ...extra });

describe('the invocation context budget', () => {
  it('a blocked step of a CLI agent starts no process at all, not even `claude --version`; an allowed one detects it then', async () => {
    const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n'.repeat(20) });
    const bin = tempDir();
    // Not an npm package: detecting it means asking it for its version, a process of its own.
    fakeCli(bin, 'claude', { version: '2.1.197 (Claude Code)', replay: { cli: 'claude', name: 'print-stream-json' } });
    const runtime = makeRuntime({ env: { ...process.env, LOUPE_AGENT_PATH: bin } });
    const claudes = () => runtime.launcher.stats().byProgram.claude ?? 0;
    const blocked = await runtime.call('runs.start', { repo, ask: 'Summarize src', paths: ['src'], settings: { agent: 'claude', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } } });
    expect(blocked.run.status).toBe('blocked');
    expect(blocked.steps[0]).toMatchObject({ outcome: 'blocked', agentVersion: null });
    expect(claudes()).toBe(0);
    const allowed = await runtime.call('runs.start', { repo, ask: 'Summarize src', paths: ['src'], settings: { agent: 'claude', loop: {} } });
    const ended = await waitForRun(runtime, allowed.run.id);
    // (The replayed capture is claude logged out: the step fails, but it was launched.)
    expect(ended.steps[0]).toMatchObject({ agentVersion: '2.1.197', exitCode: 1 });
    expect(claudes()).toBe(2); // `--version`, then the run
    await runtime.close();
  });

  it('blocks over the ceiling without starting anything; a retry with the same ceiling blocks again', async () => {
    const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n'.repeat(20) });
    const marker = join(tempDir(), 'marker');
    const runtime = makeRuntime();
    const started = runtime.launcher.stats().started;
    const agents = () => runtime.launcher.stats().byProgram[basename(process.execPath)] ?? 0;
    const settings = custom(nodeCmd(`require('fs').writeFileSync(${JSON.stringify(marker)},'x')`), {
      loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } },
    });
    const detail = await runtime.call('runs.start', { repo, ask: 'Summarize src', paths: ['src'], settings });
    expect(detail.run.status).toBe('blocked');
    const [step] = detail.steps;
    expect(step).toMatchObject({ outcome: 'blocked', exitCode: null });
    expect(step!.exceeded).toEqual([{ ceiling: 'maxPromptBytes', limit: 100, actual: step!.totalBytes, over: step!.totalBytes - 100 }]);
    expect(step!.message).toMatch(/Blocked by the context budget: the prompt is [\d,]+ bytes/);
    expect(detail.settings.loop.contextBudget).toEqual({ maxPromptBytes: 100, policy: 'block' });
    const retried = await runtime.call('runs.retry', { runId: detail.run.id });
    expect(retried.steps.map((s) => s.outcome)).toEqual(['blocked', 'blocked']);
    expect(retried.steps[1]!.totalBytes).toBe(step!.totalBytes);
    // Git ran (staging reads the repository); no agent process ever did, counted through the launcher.
    expect(runtime.launcher.stats().started - started).toBeGreaterThan(0);
    expect(runtime.launcher.stats().byProgram.git).toBeGreaterThan(0);
    expect(agents()).toBe(0);
    expect(existsSync(marker)).toBe(false);
    // Raised: the run's own settings (the custom command included) with a new ceiling; the detail says so.
    const raised = { ...retried.settings, loop: { contextBudget: { maxPromptBytes: step!.totalBytes, policy: 'block' as const } } };
    const third = await runtime.call('runs.retry', { runId: detail.run.id, settings: raised });
    expect(third.settings).toEqual(raised);
    expect(third.steps[2]!.outcome).toBe('launched');
    expect((await waitForRun(runtime, detail.run.id, 30_000, third.lastSeq)).run.status).toBe('succeeded');
    expect(existsSync(marker)).toBe(true);
    expect(agents()).toBe(1);
    await runtime.close();
  });

  it('warns over the ceiling: launched, and the warning is stored with the numbers', async () => {
    const repo = makeRepo({ 'a.txt': 'hello\n' });
    const marker = join(tempDir(), 'marker');
    const runtime = makeRuntime();
    const settings = custom(nodeCmd(`require('fs').writeFileSync(${JSON.stringify(marker)},'x');console.log('ok')`), {
      loop: { contextBudget: { maxApproximateTokens: 10, policy: 'warn' } },
    });
    const started = await runtime.call('runs.start', { repo, ask: 'Do it', paths: ['a.txt'], settings });
    const done = await waitForRun(runtime, started.run.id);
    expect(done.run.status).toBe('succeeded');
    expect(done.steps[0]).toMatchObject({ outcome: 'launched', exitCode: 0, budget: { policy: 'warn', maxApproximateTokens: 10 } });
    expect(done.steps[0]!.exceeded[0]).toMatchObject({ ceiling: 'maxApproximateTokens', limit: 10 });
    expect(done.steps[0]!.message).toMatch(/Over the context budget \(warn\)/);
    expect(existsSync(marker)).toBe(true);
    await runtime.close();
  });

  it('rejects bad ceilings before anything runs', async () => {
    const runtime = makeRuntime();
    const repo = makeRepo({ 'a.txt': 'a' });
    for (const bad of [0, -1, 1.5, 'ten', 268_435_457]) {
      await expect(
        runtime.dispatch('runs.start', { repo, ask: 'x', settings: { agent: 'demo', loop: { contextBudget: { maxPromptBytes: bad, policy: 'block' } } } }),
      ).rejects.toMatchObject({ code: 'invalid-input' });
    }
    await expect(runtime.dispatch('runs.start', { repo, ask: 'x', settings: { agent: 'custom' } })).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await runtime.call('runs.list', { repo })).toEqual([]);
    await runtime.close();
  });
});

describe('what a run sends', () => {
  it('names reference files by location, never their contents; evidence bytes and hash are what stdin received', async () => {
    const repo = makeRepo({ 'src/a.ts': 'export const CONTENT_TOKEN_1234 = 1;\n', 'README.md': '# readme\n' });
    writeFileSync(join(repo, 'src/a.ts'), 'export const CONTENT_TOKEN_WORKING = 2;\n');
    const out = join(tempDir(), 'stdin.bin');
    const runtime = makeRuntime();
    const started = await runtime.call('runs.start', {
      repo,
      ask: 'Explain a.ts',
      paths: ['src', 'README.md'],
      memory: ['We use tabs.'],
      settings: custom(captureStdin(out), { notes: 'Be brief.', keepStaged: true }),
    });
    const done = await waitForRun(runtime, started.run.id);
    expect(done.run.status).toBe('succeeded');
    const sent = readFileSync(out);
    const step = done.steps[0]!;
    expect(sent.length).toBe(step.promptBytes);
    expect(createHash('sha256').update(sent).digest('hex')).toBe(step.sha256);
    expect(step.sections.map((s) => s.name)).toEqual(['loupe-notes', 'runtime', 'notes', 'memory', 'references', 'ask']);
    expect(step.sections.reduce((n, s) => n + s.bytes, 0)).toBe(step.promptBytes);
    const text = sent.toString('utf8');
    expect(text).not.toContain('CONTENT_TOKEN');
    expect(text).toContain('Be brief.');
    expect(text).toContain('We use tabs.');
    // The folder brings a.ts as committed (base); the staged copy is where the prompt points.
    const location = /^- (.*src\/a\.ts)$/m.exec(text)?.[1];
    expect(location).toBeDefined();
    expect(readFileSync(location!, 'utf8')).toBe('export const CONTENT_TOKEN_1234 = 1;\n');
    expect(done.run.stagedDir).not.toBeNull();
    await runtime.close();
  });

  it('a schema that travels on stdin is reported as schema bytes, not counted in the prompt (issue 22, item 11)', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const out = join(tempDir(), 'stdin.bin');
    const runtime = makeRuntime();
    const schema = JSON.stringify({ type: 'object', properties: { summary: { type: 'string', description: 'ï'.repeat(40) } } });
    const started = await runtime.call('runs.start', { repo, ask: 'Sum up', paths: ['a.txt'], schema, settings: custom(captureStdin(out)) });
    const step = (await waitForRun(runtime, started.run.id)).steps[0]!;
    const sent = readFileSync(out);
    const section = step.sections.find((x) => x.name === 'schema')!;
    expect(section.bytes).toBeGreaterThanOrEqual(Buffer.byteLength(schema));
    expect(step.schemaBytes).toBe(section.bytes);
    expect(step.promptBytes).toBe(sent.length - section.bytes);
    expect(step.totalBytes).toBe(sent.length);
    expect(createHash('sha256').update(sent).digest('hex')).toBe(step.sha256);
    await runtime.close();
  });

  it('never stages a credential, a Git internal or a link target, whatever the selection names; secrets are redacted', async () => {
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.txt'), 'OUTSIDE_SECRET\n');
    const repo = makeRepo({
      'src/ok.ts': 'export const ok = true;\n',
      'src/keys.ts': `export const id = "AKIA${'Q'.repeat(16)}";\n`,
      '.env': 'TOKEN=abc\n',
      'config/.env.production': 'TOKEN=def\n',
      'deploy/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----\n',
    });
    symlinkSync(join(outside, 'secret.txt'), join(repo, 'link.txt'));
    symlinkSync(outside, join(repo, 'linkdir'));
    git(repo, 'add', 'link.txt');
    git(repo, 'commit', '-qm', 'a link');
    const runtime = makeRuntime();
    const started = await runtime.call('runs.start', {
      repo,
      ask: 'Look',
      paths: ['src', '.env', 'config', 'deploy/id_rsa', '.git/config', 'link.txt', 'linkdir/secret.txt', '../outside.txt'],
      settings: custom(nodeCmd(`console.log('ok')`), { keepStaged: true }),
      // Named but refused: an error before launch unless allowed (issue 22), allowed here to see what staging leaves out.
      allowUnstaged: true,
    });
    const done = await waitForRun(runtime, started.run.id);
    const staged = done.run.stagedDir!;
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        const info = lstatSync(full);
        expect(info.isSymbolicLink()).toBe(false);
        if (info.isDirectory()) walk(full);
        else files.push(full.slice(staged.length + 1));
      }
    };
    walk(staged);
    expect(files.sort()).toEqual(['manifest.json', 'repo/src/keys.ts', 'repo/src/ok.ts']);
    expect(readFileSync(join(staged, 'repo/src/keys.ts'), 'utf8')).not.toContain('QQQQ');
    const reasons = Object.fromEntries(done.steps[0]!.exclusions.map((e) => [e.path, e.reason]));
    expect(reasons).toMatchObject({
      '.env': 'credential',
      'config/.env.production': 'credential',
      'deploy/id_rsa': 'credential',
      '.git/config': 'git-internal',
      // Links that lead out of the repository are named for where they lead.
      'link.txt': 'outside-repo',
      'linkdir/secret.txt': 'outside-repo',
      '../outside.txt': 'outside-repo',
    });
    for (const f of files) expect(readFileSync(join(staged, f), 'utf8')).not.toContain('OUTSIDE_SECRET');
    await runtime.close();
  });
});

describe('what a run shows', () => {
  it('hides a recognised secret in what the agent printed, in order, in the stream and the record', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const key = `AKIA${'Q'.repeat(16)}`;
    const runtime = makeRuntime();
    const script = `console.log('before');console.log('id = ${key}');console.log('after')`;
    const started = await runtime.call('runs.start', { repo, ask: 'Print', settings: custom(nodeCmd(script)) });
    const done = await waitForRun(runtime, started.run.id);
    expect(done.run.status).toBe('succeeded');
    const printed = done.events.flatMap((e) => (e.event.type === 'agent' && e.event.event.type === 'raw' && e.event.event.stream === 'stdout' ? [e.event.event.text] : []));
    const text = printed.join('\n');
    expect(text).not.toContain('QQQQ');
    expect(text).toMatch(/before\n.*\[redacted [^\]]+\][\s\S]*after/);
    await runtime.close();
  });
});

describe('threads, resume and fallback', () => {
  it('resumes the agent session on a follow-up; a failed resume falls back to a fresh session, measured again', async () => {
    const repo = makeRepo({ 'notes.md': 'first notes\n' });
    const userDataDir = tempDir();
    const first = makeRuntime({ userDataDir });
    const one = await first.call('runs.start', { repo, ask: 'Read the notes', paths: ['notes.md'], settings: { agent: 'demo' } });
    const oneDone = await waitForRun(first, one.run.id);
    expect(oneDone.run.status).toBe('succeeded');
    expect(oneDone.steps[0]).toMatchObject({ kind: 'fresh', resumed: false, outcome: 'launched' });
    const two = await first.call('runs.start', { repo, ask: 'And again', threadId: one.run.threadId, settings: { agent: 'demo' } });
    const twoDone = await waitForRun(first, two.run.id);
    expect(twoDone.steps.map((s) => [s.kind, s.outcome])).toEqual([['resume', 'launched']]);
    expect(twoDone.steps[0]!.sections.map((s) => s.name)).not.toContain('history');
    await first.close();

    // The demo agent is told to fail every resume: Loupe falls back and measures the fresh prompt.
    const second = makeRuntime({ userDataDir, env: { ...process.env, LOUPE_DEMO_FAIL_RESUME: '1' } });
    const three = await second.call('runs.start', { repo, ask: 'Third ask', threadId: one.run.threadId, settings: { agent: 'demo' } });
    const threeDone = await waitForRun(second, three.run.id);
    expect(threeDone.steps.map((s) => [s.kind, s.resumed, s.outcome])).toEqual([
      ['resume', true, 'failed'],
      ['fallback', false, 'launched'],
    ]);
    const [resume, fallback] = threeDone.steps;
    expect(resume!.message).toMatch(/No conversation found/);
    expect(fallback!.sections.map((s) => s.name)).toContain('history');
    expect(fallback!.history).toMatchObject({ window: 200_000 });
    expect(fallback!.promptBytes).toBeGreaterThan(resume!.promptBytes);
    expect(fallback!.sha256).not.toBe(resume!.sha256);
    const threads = await second.call('threads.list', { repo });
    expect(threads).toHaveLength(1);
    expect(threads[0]!.runCount).toBe(3);
    await second.close();
  });
});

describe('cancel and restart', () => {
  it('cancel ends the agent and its children; the evidence says cancelled and survives a restart', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const pidFile = join(tempDir(), 'pid');
    const userDataDir = tempDir();
    const runtime = makeRuntime({ userDataDir });
    const started = await runtime.call('runs.start', {
      repo,
      ask: 'Wait',
      settings: custom(`sh -c "sleep 300 & echo $! > ${pidFile}; wait"`),
    });
    // Generous: on a loaded machine the shell can take seconds to start.
    // The shell creates the file before it writes the number: wait for the number itself.
    const pid = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0);
    for (let i = 0; i < 800 && !(pid() > 0); i++) await new Promise((r) => setTimeout(r, 25));
    const grandchild = pid();
    expect(grandchild).toBeGreaterThan(0);
    expect(isProcessAlive(grandchild)).toBe(true);
    expect(await runtime.call('runs.cancel', { runId: started.run.id })).toEqual({ cancelled: true });
    const done = await waitForRun(runtime, started.run.id);
    expect(done.run.status).toBe('cancelled');
    expect(done.steps[0]).toMatchObject({ outcome: 'cancelled', message: expect.stringMatching(/Cancelled/) });
    expect(await waitForExit(grandchild)).toBe(true);
    // Nothing of the agent is left; a pooled git reader closes on its own idle timer.
    expect(Object.keys(runtime.launcher.stats().liveByProgram).filter((p) => p !== 'git')).toEqual([]);
    await runtime.close();

    const again = makeRuntime({ userDataDir });
    const after = await again.call('runs.get', { runId: started.run.id });
    expect(after.steps[0]!.outcome).toBe('cancelled');
    expect(after.events.some((e) => e.event.type === 'end')).toBe(true);
    const csv = await again.call('evidence.export', { scope: { runId: started.run.id }, format: 'csv' });
    expect(csv.content.split('\r\n')[0]).toMatch(/^repo,thread_id,run_id,step_id/);
    expect(csv.content).toContain(',cancelled,');
    await again.close();
  }, 90_000);

  it('keeps evidence append-only', async () => {
    const runtime = makeRuntime();
    const repo = makeRepo({ 'a.txt': 'a' });
    const d = await runtime.call('runs.start', { repo, ask: 'x', settings: custom(nodeCmd('1'), { loop: { contextBudget: { maxPromptBytes: 1, policy: 'block' } } }) });
    expect(() => runtime.deps.db.prepare('UPDATE evidence_steps SET prompt_bytes = 1 WHERE id = ?').run(d.steps[0]!.id)).toThrow(/append-only/);
    expect(() => runtime.deps.db.prepare('DELETE FROM evidence_steps').run()).toThrow(/append-only/);
    await runtime.close();
  });
});

describe('real agent CLIs, offline (replayed from their captured output)', () => {
  const bin = tempDir();
  mkdirSync(bin, { recursive: true });
  fakeCli(bin, 'claude', { version: '2.1.197 (Claude Code)', replay: { cli: 'claude', name: 'print-stream-json' } });
  fakeCli(bin, 'gemini', { version: '0.61.0', replay: { cli: 'gemini', name: 'prompt-stream-json' } });
  fakeCli(bin, 'codex', { version: 'codex-cli 0.171.0', replay: { cli: 'codex', name: 'exec-json-offline-150s' }, hang: true, loginStatus: { exitCode: 1, stderr: 'Not logged in' } });
  const env = { ...process.env, LOUPE_AGENT_PATH: bin };

  it.each([
    ['claude', /Not logged in · Please run \/login/],
    ['gemini', /Please set an Auth method/],
    ['codex', /Not logged in/],
  ] as const)('%s ends as a failed step with its own message, within seconds', async (agent, message) => {
    const runtime = makeRuntime({ env });
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const started = await runtime.call('runs.start', { repo, ask: 'say hi', settings: { agent } });
    const done = await waitForRun(runtime, started.run.id, 15_000);
    expect(done.run.status).toBe('failed');
    expect(done.steps.at(-1)!.outcome).toBe('failed');
    expect(done.steps.at(-1)!.message).toMatch(message);
    expect(done.steps[0]!.agentVersion).toBeTruthy();
    await runtime.close();
  });

  it('ends codex within seconds once it says it waits for the network, with its own words', async () => {
    const loggedIn = tempDir();
    fakeCli(loggedIn, 'codex', { version: 'codex-cli 0.171.0', replay: { cli: 'codex', name: 'exec-json-offline-150s' }, hang: true, loginStatus: { exitCode: 0, stderr: 'Logged in' } });
    const runtime = makeRuntime({ env: { ...process.env, LOUPE_AGENT_PATH: loggedIn } });
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const started = await runtime.call('runs.start', { repo, ask: 'say hi', settings: { agent: 'codex' } });
    // The default no-progress timeout is 120 s: ending well inside 15 s is codex's own final word doing it.
    const done = await waitForRun(runtime, started.run.id, 15_000);
    expect(done.run.status).toBe('failed');
    expect(done.steps[0]!.message).toMatch(/^Codex cannot reach its servers: Reconnecting\.\.\. waiting for network/);
    expect(done.events.some((e) => e.event.type === 'agent' && e.event.event.type === 'error' && /Reconnecting\.\.\. 2\/5/.test(e.event.event.message))).toBe(true);
    // Nothing of the agent is left; a pooled git reader closes on its own idle timer.
    expect(Object.keys(runtime.launcher.stats().liveByProgram).filter((p) => p !== 'git')).toEqual([]);
    await runtime.close();
  });

  it('ends an agent that makes no progress after the no-progress timeout, and says so', async () => {
    const runtime = makeRuntime();
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const command = `${process.execPath} -e "process.stdin.resume();setInterval(()=>{},1000)"`;
    const started = await runtime.call('runs.start', { repo, ask: 'say hi', settings: { agent: 'custom', command, loop: { idleTimeoutSeconds: 5 } } });
    const done = await waitForRun(runtime, started.run.id, 20_000);
    expect(done.run.status).toBe('failed');
    expect(done.steps[0]!.message).toMatch(/No progress for 5 s/);
    // Nothing of the agent is left; a pooled git reader closes on its own idle timer.
    expect(Object.keys(runtime.launcher.stats().liveByProgram).filter((p) => p !== 'git')).toEqual([]);
    await runtime.close();
  });

  it("offers Loupe's X-Ray tools over MCP when asked, and says where a CLI cannot take them", async () => {
    const dir = tempDir();
    const argsFile = join(dir, 'args.jsonl');
    fakeCli(dir, 'claude', { version: '2.1.197 (Claude Code)', replay: { cli: 'claude', name: 'print-stream-json' }, argsFile });
    fakeCli(dir, 'gemini', { version: '0.61.0', replay: { cli: 'gemini', name: 'prompt-stream-json' } });
    // The better-sqlite3 build this process loaded (in the app, Electron's): the MCP child must load the same.
    const nativeBinding = join(__dirname, '../../../../node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const runtime = makeRuntime({ env: { ...process.env, LOUPE_AGENT_PATH: dir }, nativeBinding });
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const started = await runtime.call('runs.start', { repo, ask: 'hi', settings: { agent: 'claude', xrayTools: true } });
    await waitForRun(runtime, started.run.id);
    const args = JSON.parse(readFileSync(argsFile, 'utf8').split('\n')[0]!) as string[];
    const config = JSON.parse(args[args.indexOf('--mcp-config') + 1]!) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
    const server = config.mcpServers.loupe_xray!;
    expect(server.args.slice(1)).toEqual(['mcp', '--thread', started.run.threadId]);
    expect(existsSync(server.args[0]!)).toBe(true);
    expect(server.env.LOUPE_USER_DATA).toBe(runtime.deps.userDataDir);
    expect(server.env.LOUPE_SQLITE_BINDING).toBe(nativeBinding);
    // Print mode denies a tool it would have to ask about: the X-Ray tools are allowed by name.
    expect(args[args.indexOf('--allowedTools') + 1]).toBe('mcp__loupe_xray');
    const gemini = await runtime.call('runs.start', { repo, ask: 'hi', settings: { agent: 'gemini', xrayTools: true } });
    const done = await waitForRun(runtime, gemini.run.id);
    expect(done.events.some((e) => e.event.type === 'agent' && e.event.event.type === 'raw' && /X-Ray tools are not offered to Gemini/.test(e.event.event.text))).toBe(true);
    await runtime.close();
  });

  it('says plainly when an agent CLI is not installed', async () => {
    const runtime = makeRuntime({ env: { ...process.env, PATH: tempDir(), LOUPE_AGENT_PATH: '' } });
    const agents = await runtime.call('runs.agents', {});
    const claude = agents.find((a) => a.id === 'claude')!;
    expect(claude).toMatchObject({ installed: false });
    expect(claude.problem).toMatch(/not on your PATH/);
    expect(agents.find((a) => a.id === 'demo')).toMatchObject({ installed: true });
    const repo = makeRepo({ 'a.txt': 'a' });
    const started = await runtime.call('runs.start', { repo, ask: 'hi', settings: { agent: 'claude' } });
    const done = await waitForRun(runtime, started.run.id);
    expect(done.steps[0]).toMatchObject({ outcome: 'failed' });
    expect(done.steps[0]!.message).toMatch(/not on your PATH/);
    await runtime.close();
  });
});
