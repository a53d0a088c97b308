// `loupe run` and `loupe runs` as a user types them, in-process over a real runtime:
// repositories by the git CLI, SQLite in temp folders, node one-liners as custom agents.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeCommand } from '../../core/presets/testing';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import type { CliIo } from '../command';
import { runCli } from '../index';
import { runCliForTest as cli } from '../testing';

afterAll(removeTempDirs);

const answer = nodeCommand(`process.stdin.resume();process.stdin.on('end',()=>console.log('done'))`);
const fail = nodeCommand(`process.stdin.resume();process.stdin.on('end',()=>{console.error('no credits left');process.exit(7)})`);
const STALL_MARK = `loupe-stall-${process.pid}`;
const stall = nodeCommand(`process.stdin.resume();setInterval(()=>{},1000)/*${STALL_MARK}*/`);

describe('loupe run', () => {
  it('exit 0 on success, 4 when the agent fails (its own words shown), 2 on invalid input', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const ok = await cli(['run', '--repo', repo, '--ask', 'Read it', '--command', answer, 'a.txt'], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('done');
    expect(ok.stdout).toMatch(/Run r[0-9a-f]{32} \(thread t[0-9a-f]+\): succeeded\./);

    const failed = await cli(['run', '--repo', repo, '--ask', 'Read it', '--command', fail, '--json', 'a.txt'], env);
    expect(failed.code).toBe(4);
    const doc = JSON.parse(failed.stdout);
    expect(doc.status).toBe('failed');
    expect(doc.steps[0]).toMatchObject({ outcome: 'failed', exitCode: 7 });
    expect(doc.steps[0].message).toContain('no credits left');

    expect((await cli(['run', '--repo', repo, 'a.txt'], env)).code).toBe(2);
    expect((await cli(['run', '--repo', repo, '--ask', 'x', '--policy', 'sometimes', '--max-prompt-bytes', '9'], env)).stderr).toContain('--policy must be warn or block');
    expect((await cli(['run', '--repo', repo, '--ask', 'x', '--fresh'], env)).stderr).toContain('--fresh continues a thread');
    expect((await cli(['run', '--repo', repo, '--ask', 'x', '--schema', join(repo, 'missing.json')], env)).code).toBe(2);
    expect((await cli(['run', '--repo', join(repo, 'nope'), '--ask', 'x'], env)).code).toBe(2);
  });

  it('uses the settings in force (applied preset plus the user’s changes); flags override; evidence names each value’s source (issue 22, item 5)', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    expect((await cli(['presets', 'save', 'team', '--command', answer, '--model', 'team-model', '--max-prompt-bytes', '50000', '--policy', 'warn', '--notes', 'Team notes.', '--apply'], env)).code).toBe(0);
    // The user's own change on top, as the app's run form makes it.
    const rt = makeRuntime({ userDataDir: env.LOUPE_USER_DATA });
    const effective = await rt.call('settings.effective', {});
    await rt.call('settings.update', { settings: { ...effective.settings, notes: 'My notes.' } });
    await rt.close();

    const plain = JSON.parse((await cli(['run', '--repo', repo, '--ask', 'Read it', '--json', 'a.txt'], env)).stdout);
    expect(plain.status).toBe('succeeded');
    const [step] = plain.steps;
    expect(step).toMatchObject({ adapter: 'custom', model: 'team-model', budget: { maxPromptBytes: 50000, policy: 'warn' }, presetRef: { name: 'team', revision: 1 } });
    expect(step.sections.find((x: { name: string }) => x.name === 'notes')).toBeTruthy();
    expect(step.sources).toMatchObject({
      model: { kind: 'preset', name: 'team', revision: 1 },
      'loop.contextBudget': { kind: 'preset', name: 'team', revision: 1 },
      notes: { kind: 'app' },
    });

    const flagged = JSON.parse((await cli(['run', '--repo', repo, '--ask', 'Read it', '--max-prompt-bytes', '60000', '--json', 'a.txt'], env)).stdout);
    expect(flagged.steps[0]).toMatchObject({ model: 'team-model', budget: { maxPromptBytes: 60000, policy: 'warn' } });
    expect(flagged.steps[0].sources).toMatchObject({ 'loop.contextBudget': { kind: 'run' }, model: { kind: 'preset', name: 'team', revision: 1 } });
  });

  it('a path or attachment that stages nothing is an error before launch (exit 2) unless --allow-missing (issue 22, item 8)', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const marker = join(tempDir(), 'ran');
    const agent = nodeCommand(`require('fs').writeFileSync(${JSON.stringify(marker)},'x');process.stdin.resume();process.stdin.on('end',()=>console.log('done'))`);
    const missing = await cli(['run', '--repo', repo, '--ask', 'Read it', '--command', agent, 'a.txt', 'nonexistent.txt'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nonexistent.txt');
    expect(missing.stderr).toContain('--allow-missing');
    const attach = await cli(['run', '--repo', repo, '--ask', 'Read it', '--command', agent, '--attach', join(repo, 'gone.txt'), 'a.txt'], env);
    expect(attach.code).toBe(2);
    expect(attach.stderr).toContain('gone.txt');
    expect(existsSync(marker)).toBe(false);
    expect(JSON.parse((await cli(['runs', 'list', '--repo', repo, '--json'], env)).stdout)).toEqual([]);
    const allowed = await cli(['run', '--repo', repo, '--ask', 'Read it', '--command', agent, '--allow-missing', 'nonexistent.txt'], env);
    expect(allowed.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
  });

  it('--thread continues a thread, --fresh starts a fresh session in it, --schema goes with the prompt', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const first = JSON.parse((await cli(['run', '--repo', repo, '--ask', 'One', '--command', answer, '--json'], env)).stdout);
    const schema = join(tempDir(), 'schema.json');
    writeFileSync(schema, JSON.stringify({ type: 'object', properties: { summary: { type: 'string' } } }));
    const second = await cli(['run', '--repo', repo, '--ask', 'Two', '--command', answer, '--thread', first.threadId, '--fresh', '--schema', schema, '--json'], env);
    expect(second.code).toBe(0);
    const doc = JSON.parse(second.stdout);
    expect(doc.threadId).toBe(first.threadId);
    expect(doc.steps[0].kind).toBe('fresh');
    // A custom command takes the schema on stdin after its prompt: a section of its own, reported as schema bytes.
    expect(doc.steps[0].sections.map((s: { name: string }) => s.name)).toContain('schema');
    expect(doc.steps[0].schemaBytes).toBeGreaterThan(0);
    expect((await cli(['run', '--repo', repo, '--ask', 'x', '--command', answer, '--thread', 'tnothere'], env)).stderr).toContain('tnothere');
  });

  it('--memory adds items for this run; --with-memory takes the ones ticked in the app', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const rt = makeRuntime({ userDataDir: env.LOUPE_USER_DATA });
    await rt.call('memory.add', { text: 'We use pnpm.' });
    await rt.call('memory.add', { text: 'Not this one.', selected: false });
    await rt.close();
    const memoryBytes = async (args: string[]) => {
      const doc = JSON.parse((await cli(['run', '--repo', repo, '--ask', 'x', '--command', answer, '--json', ...args], env)).stdout);
      return (doc.steps[0].sections as { name: string; bytes: number }[]).find((s) => s.name === 'memory')?.bytes ?? 0;
    };
    expect(await memoryBytes([])).toBe(0);
    const own = await memoryBytes(['--memory', 'Tabs, not spaces.']);
    // A section's bytes are its text and the blank line that parts it from the next.
    const section = (text: string) => Buffer.byteLength(`${text}\n\n`);
    expect(own).toBe(section('## Memory\n- Tabs, not spaces.'));
    expect(await memoryBytes(['--with-memory'])).toBe(section('## Memory\n- We use pnpm.'));
    expect(await memoryBytes(['--with-memory', '--memory', 'Tabs, not spaces.'])).toBe(section('## Memory\n- We use pnpm.\n- Tabs, not spaces.'));
  });

  it('Ctrl-C cancels the running agent: exit 4, the run cancelled, no process left', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    let interrupt: (() => void) | null = null;
    let stdout = '';
    const io: CliIo = {
      stdout: (t) => void (stdout += t),
      stderr: () => {},
      readStdin: async () => '',
      env,
      rendererDir: '/nonexistent',
      onInterrupt: (handler) => ((interrupt = handler), () => (interrupt = null)),
    };
    const ran = runCli(['run', '--repo', repo, '--ask', 'Wait', '--command', stall, '--json'], io);
    // Once the agent is up, the user presses Ctrl-C.
    for (let i = 0; i < 200 && stallRunning().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(stallRunning().length).toBe(1);
    interrupt!();
    expect(await ran).toBe(4);
    expect(JSON.parse(stdout).status).toBe('cancelled');
    expect(stallRunning()).toEqual([]);
  });
});

/** Live processes whose command line carries the stalling agent's mark (Linux /proc; elsewhere none are seen). */
function stallRunning(): string[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid) && pid !== String(process.pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(STALL_MARK) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
      } catch {
        return false;
      }
    });
}

describe('the CLI in plain words (issue 34, item 8)', () => {
  it('a negative ceiling reaches its own check; a service refusal names the flag, not the contract; a missing --repo folder is refused', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const neg = await cli(['run', '--repo', repo, '--ask', 'x', '--command', answer, '--max-prompt-bytes', '-5', 'a.txt'], env);
    expect(neg.code).toBe(2);
    expect(neg.stderr).toContain('--max-prompt-bytes takes a whole number of at least 1, got "-5"');
    expect((await cli(['run', '--repo', repo, '--ask', 'x', '--command', answer, '--max-request-tokens', '-1', 'a.txt'], env)).stderr).toContain('got "-1"');
    const huge = await cli(['run', '--repo', repo, '--ask', 'x', '--command', answer, '--max-prompt-bytes', '999999999999999', 'a.txt'], env);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain('loupe run: --max-prompt-bytes must be at most 268,435,456.');
    expect(huge.stderr).not.toMatch(/Invalid runs\.start request|settings\.loop|Too small|Too big/);
    const limit = await cli(['runs', 'list', '--limit', '0'], env);
    expect(limit.stderr).toContain('loupe runs: --limit must be at least 1.');
    const missing = await cli(['runs', 'list', '--repo', join(repo, 'nope')], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('is not a folder');
    expect((await cli(['runs', 'list', '--repo', repo], env)).stdout).toBe(`No runs in ${repo} yet.\n`);
    expect((await cli(['wire', 'show', 'nope'], env)).stderr).toContain('loupe wire: SESSION is not a wire session id.');
    // loupe wrap --repo names the session's repository: a folder that is none is refused before anything starts.
    const notRepo = await cli(['wrap', '--repo', tempDir(), '--', 'claude', '-p', 'hi'], env);
    expect(notRepo.code).toBe(2);
    expect(notRepo.stderr).toContain('is not inside a git repository');
    expect((await cli(['wrap', '--repo', join(repo, 'nope'), '--', 'claude', '-p', 'hi'], env)).stderr).toContain('is not a folder');
  });

  it("a follow-up with --thread and no --agent goes on with the thread's own agent and command", async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const first = JSON.parse((await cli(['run', '--repo', repo, '--ask', 'x', '--command', answer, '--json', 'a.txt'], env)).stdout);
    // The settings in force name the demo agent; the thread was a custom command's.
    const next = await cli(['run', '--repo', repo, '--ask', 'y', '--thread', first.threadId, '--json', 'a.txt'], env);
    expect(next.code, next.stderr).toBe(0);
    const doc = JSON.parse(next.stdout);
    const shown = JSON.parse((await cli(['runs', 'show', doc.runId, '--json'], env)).stdout);
    expect(shown.run.agent).toBe('custom');
    expect(doc.threadId).toBe(first.threadId);
  });

  it("a custom command's output is printed once: its stdout is its reply, its stderr its failure", async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const twoLines = nodeCommand(`process.stdin.resume();process.stdin.on('end',()=>{console.log('LINE-ONE');console.log('LINE-TWO')})`);
    const ok = await cli(['run', '--repo', repo, '--ask', 'x', '--command', twoLines, 'a.txt'], env);
    expect(ok.stdout.match(/LINE-ONE/g)).toHaveLength(1);
    expect(ok.stdout.match(/LINE-TWO/g)).toHaveLength(1);
    const failed = await cli(['run', '--repo', repo, '--ask', 'x', '--command', fail, 'a.txt'], env);
    expect(failed.code).toBe(4);
    expect((failed.stdout + failed.stderr).match(/no credits left/g)!.length).toBeLessThanOrEqual(2);
  });
});

describe('loupe runs', () => {
  it('list, show and export (JSON to stdout, CSV to a file) a run and its thread', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const done = JSON.parse((await cli(['run', '--repo', repo, '--ask', 'Summarize a', '--command', answer, '--json', 'a.txt'], env)).stdout);

    const list = await cli(['runs', 'list', '--repo', repo], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(done.runId);
    expect(list.stdout).toContain('Summarize a');
    expect(JSON.parse((await cli(['runs', 'list', '--json', '--limit', '1'], env)).stdout)).toHaveLength(1);

    const show = await cli(['runs', 'show', done.runId], env);
    expect(show.stdout).toContain(`Run ${done.runId}: succeeded`);
    expect(show.stdout).toContain('sha256');

    const json = JSON.parse((await cli(['runs', 'export', done.runId], env)).stdout);
    expect(json).toMatchObject({ kind: 'loupe-evidence', scope: { runId: done.runId } });
    expect(json.steps[0]).toMatchObject({ runId: done.runId, outcome: 'launched' });
    const out = join(tempDir(), 'evidence.csv');
    const csv = await cli(['runs', 'export', done.threadId, '--format', 'csv', '--out', out], env);
    expect(csv.stderr).toBe(`Wrote ${out}\n`);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toContain('sha256');
    expect(lines).toHaveLength(2);

    expect((await cli(['runs', 'show', 'rnothere'], env)).code).not.toBe(0);
    expect((await cli(['runs', 'export', done.runId, '--format', 'xml'], env)).code).toBe(2);
    expect((await cli(['runs', 'frob'], env)).code).toBe(2);
  });

  it('opens the database with the better-sqlite3 build LOUPE_SQLITE_BINDING names (how the app starts `loupe mcp` under Electron)', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const real = join(__dirname, '../../../../node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect((await cli(['runs', 'list'], { ...env, LOUPE_SQLITE_BINDING: real })).code).toBe(0);
    const wrong = await cli(['runs', 'list'], { ...env, LOUPE_SQLITE_BINDING: join(tempDir(), 'none.node') });
    expect(wrong.code).not.toBe(0);
  });
});
