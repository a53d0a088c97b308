// Sessions end to end over the runtime: discovery in a fake home (never the real one),
// the folders setting, manifests of any transcript, freshness while a CLI writes, and the CLI.
import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, mkdirSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliForTest } from '../../cli/testing';
import type { Runtime } from '../runtime';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { claudeLines, codexLines, writeJsonl } from './testing';

afterAll(removeTempDirs);
const FX = join(__dirname, '../../../../fixtures/sessions');

/** A fake home with one session of each CLI in `repo`, one Claude session elsewhere, and the CLIs' folder variables unset. */
function fakeHome(repo: string) {
  const home = tempDir('loupe-home-');
  const enc = (p: string) => p.replace(/[^A-Za-z0-9]/g, '-');
  const c = claudeLines(repo, 'claude-here');
  const claudeFile = writeJsonl(join(home, '.claude/projects', enc(repo), 'claude-here.jsonl'), [c.user('fix the bug'), c.assistant('m1', { type: 'text', text: 'fixed' })]);
  const other = claudeLines('/somewhere/else', 'claude-elsewhere');
  writeJsonl(join(home, '.claude/projects/-somewhere-else/claude-elsewhere.jsonl'), [other.user('unrelated'), other.assistant('m1', { type: 'text', text: 'ok' })]);
  // Started in a folder inside the repository: it belongs to it too.
  const sub = claudeLines(join(repo, 'packages/app'), 'claude-sub');
  const subFile = writeJsonl(join(home, '.claude/projects', enc(join(repo, 'packages/app')), 'claude-sub.jsonl'), [sub.user('in a package')]);
  // A sibling folder whose name starts like the repository's does not.
  const sibling = claudeLines(`${repo}-other`, 'claude-sibling');
  writeJsonl(join(home, '.claude/projects', enc(`${repo}-other`), 'claude-sibling.jsonl'), [sibling.user('next door')]);
  // A subagent file must never be listed as a session of its own.
  writeJsonl(join(home, '.claude/projects', enc(repo), 'claude-here/subagents/agent-a1.jsonl'), [c.user('sub', { isSidechain: true })]);
  const x = codexLines(repo);
  const codexFile = writeJsonl(join(home, '.codex/sessions/2026/11/30/rollout-2026-11-30T10-00-00-01a22bda-0000-7000-8000-000000000001.jsonl'), [
    x.meta(),
    x.turn('gpt-5.5'),
    x.user('add tests'),
    x.assistant('added'),
    x.tokens(5000, 100),
  ]);
  const gemDir = join(home, '.gemini/tmp/repo/chats');
  mkdirSync(gemDir, { recursive: true });
  const geminiFile = writeJsonl(join(gemDir, 'session-2026-11-30T10-00-g1.jsonl'), [
    { sessionId: 'g1', projectHash: createHash('sha256').update(repo).digest('hex'), startTime: '2026-11-30T10:00:00.000Z', lastUpdated: '2026-11-30T10:00:00.000Z', kind: 'main' },
    { id: 'u1', timestamp: '2026-11-30T10:00:01.000Z', type: 'user', content: [{ text: 'explain' }] },
    { id: 'a1', timestamp: '2026-11-30T10:00:02.000Z', type: 'gemini', content: 'it works', tokens: { input: 900, output: 5, cached: 0, thoughts: 0, tool: 0, total: 905 }, model: 'gemini-2.5-pro' },
  ]);
  // Newest first: gemini, codex, claude.
  const t = Date.now() / 1000;
  utimesSync(subFile, t - 400, t - 400);
  utimesSync(claudeFile, t - 300, t - 300);
  utimesSync(codexFile, t - 200, t - 200);
  utimesSync(geminiFile, t - 100, t - 100);
  return { home, claudeFile, codexFile, geminiFile, subFile };
}

function runtimeFor(env: NodeJS.ProcessEnv): Runtime {
  return makeRuntime({ env });
}

describe('sessions over the runtime', () => {
  it('lists the sessions recorded in the repository (real paths compared), newest first, with the last reported context', async () => {
    const repo = tempDir('loupe-repo-');
    const { home, claudeFile, codexFile, geminiFile, subFile } = fakeHome(repo);
    const rt = runtimeFor({ HOME: home });
    try {
      const list = await rt.call('sessions.list', { repo });
      expect(list.sessions.map((s) => [s.cli, s.file])).toEqual([
        ['gemini', geminiFile],
        ['codex', codexFile],
        ['claude-code', claudeFile],
        ['claude-code', subFile],
      ]);
      expect(list.sessions.map((s) => s.lastContext?.tokens)).toEqual([900, 5100, 10 + 100 + 1000, undefined]);
      expect(list.sessions[2]).toMatchObject({ title: 'fix the bug', model: 'claude-sonnet-4-5', sessionId: 'claude-here' });
      expect(list.folders.map((f) => [f.cli, f.source, f.exists])).toEqual([
        ['claude-code', 'default', true],
        ['codex', 'default', true],
        ['gemini', 'default', true],
      ]);
      // Through a symlink to the repository: the same sessions.
      const link = join(tempDir(), 'link');
      symlinkSync(repo, link);
      expect((await rt.call('sessions.list', { repo: link })).sessions).toHaveLength(4);
      // Without a repository: every session, the unrelated ones too.
      expect((await rt.call('sessions.list', {})).sessions).toHaveLength(6);
      await expect(rt.call('sessions.list', { repo: 'relative/dir' })).rejects.toMatchObject({ code: 'invalid-input' });
    } finally {
      await rt.close();
    }
  });

  it('without HOME in its environment there is no default folder: nothing is guessed, nothing read', async () => {
    const rt = runtimeFor({ PATH: '/usr/bin' });
    try {
      const list = await rt.call('sessions.list', {});
      expect(list.sessions).toEqual([]);
      expect(list.folders.map((f) => [f.path, f.exists])).toEqual([
        ['', false],
        ['', false],
        ['', false],
      ]);
    } finally {
      await rt.close();
    }
  });

  it("honours CLAUDE_CONFIG_DIR and CODEX_HOME, and the folders set in Settings win over them", async () => {
    const repo = tempDir('loupe-repo-');
    const { home } = fakeHome(repo);
    const claudeDir = tempDir('claude-config-');
    const c = claudeLines(repo, 'moved');
    writeJsonl(join(claudeDir, 'projects/x/moved.jsonl'), [c.user('moved session')]);
    const rt = runtimeFor({ HOME: home, CLAUDE_CONFIG_DIR: claudeDir, CODEX_HOME: join(home, 'nowhere') });
    try {
      let list = await rt.call('sessions.list', { repo });
      expect(list.sessions.map((s) => s.sessionId).sort()).toEqual(['g1', 'moved']);
      expect(list.folders.find((f) => f.cli === 'claude-code')).toMatchObject({ source: 'env', path: join(claudeDir, 'projects') });
      expect(list.folders.find((f) => f.cli === 'codex')).toMatchObject({ source: 'env', exists: false });
      const info = await rt.call('sessions.setFolders', { 'claude-code': join(home, '.claude/projects'), codex: join(home, '.codex') });
      expect(info.effective.map((f) => f.source)).toEqual(['settings', 'settings', 'default']);
      list = await rt.call('sessions.list', { repo });
      expect(list.sessions.map((s) => s.sessionId).sort()).toEqual(['01a22bda-0000-7000-8000-000000000001', 'claude-here', 'claude-sub', 'g1']);
      expect((await rt.call('sessions.getFolders', {})).configured).toEqual({ 'claude-code': join(home, '.claude/projects'), codex: join(home, '.codex'), gemini: '' });
      await expect(rt.call('sessions.setFolders', { gemini: 'not/absolute' })).rejects.toMatchObject({ code: 'invalid-input' });
      await rt.call('sessions.setFolders', { 'claude-code': '' });
      expect((await rt.call('sessions.getFolders', {})).effective[0]).toMatchObject({ source: 'env', path: join(claudeDir, 'projects') });
    } finally {
      await rt.close();
    }
  });

  it('the manifest of a real transcript: advisory, the provider count beside the estimate of the same point, the window of its model', async () => {
    const rt = runtimeFor({ HOME: tempDir() });
    try {
      const file = join(FX, 'claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
      const m = await rt.call('sessions.manifest', { file });
      expect(m).toMatchObject({ agent: 'claude-code-session', enforceable: false, freshness: 'current', sessionFile: file, threadId: null });
      const resolved = await rt.call('models.resolve', { id: 'claude-opus-4-6' });
      // The catalog's 1M window needs an opt-in the session does not show; it auto-compacted at 170,251 tokens:
      // the window is the standard 200,000, and the meter says why (issue 22, item 3).
      expect(resolved.window).toBe(1_000_000);
      expect(m.model).toMatchObject({ id: resolved.id, window: 200_000, reserve: 30_000 });
      expect(m.model.source).toContain('auto-compacted at 170,251 tokens');
      expect(m.systemUnknown).toContain('unknown, not in the transcript');
      // Both numbers, for the same point (line 1507), and the gap named in its own section.
      expect(m.reported).toMatchObject({ contextTokens: 106060 });
      expect(m.reported!.estimateAtSamePoint).toBeGreaterThan(0);
      expect(m.reported!.estimateAtSamePoint).toBeLessThan(106060);
      expect(m.session.lastPoint).toMatchObject({ reported: 106060, source: { lines: [1507] } });
      const gap = m.system.find((s) => s.id === 'system-not-in-transcript')!;
      expect(gap.tokens).toBeNull();
      expect(gap.preview).toContain(String(106060 - m.reported!.estimateAtSamePoint));
      // Out of context: everything before the compaction and the subagent's work; in: the rest.
      expect(m.session.compactions).toHaveLength(1);
      const inCtx = m.segments.filter((s) => !s.outOfContext);
      expect(inCtx[0]).toMatchObject({ kind: 'summary' });
      expect(m.totals.conversation).toEqual({ tokens: Math.ceil(inCtx.reduce((n, s) => n + s.bytes, 0) / 4), kind: 'estimate' });
      expect(m.lines).toEqual({ read: 1656, malformed: 0, unknown: 0, partialTail: false });
      await expect(rt.call('sessions.manifest', { file: join(FX, 'README.md') })).rejects.toMatchObject({ code: 'invalid-input' });
      await expect(rt.call('sessions.manifest', { file: '/home/x/.ssh/id_rsa' })).rejects.toMatchObject({ code: 'forbidden' });
    } finally {
      await rt.close();
    }
  });

  it('an unknown model gets the default window; Codex then uses the window the CLI reported', async () => {
    const rt = runtimeFor({ HOME: tempDir() });
    try {
      const file = join(FX, 'codex/loupe-mock-model/sessions/2026/11/30/rollout-2026-11-30T09-47-48-01a22bda-7c65-7be0-b3e8-c67e49adb8c6.jsonl');
      const m = await rt.call('sessions.manifest', { file });
      expect(m.model).toMatchObject({ id: 'gpt-6.2-sol', window: 475000, source: 'reported by the CLI' });
    } finally {
      await rt.close();
    }
  });

  it('follows a session being written: stale once the CLI appends, and the next manifest has the new line', async () => {
    const rt = runtimeFor({ HOME: tempDir() });
    try {
      const dir = tempDir();
      const file = join(dir, 'live.jsonl');
      copyFileSync(join(FX, 'claude/spotter/short.jsonl'), file);
      const first = await rt.call('sessions.manifest', { file });
      const built = first.session.files[0]!;
      expect((await rt.call('sessions.freshness', { file, bytes: built.bytes, mtimeMs: built.mtimeMs })).freshness).toBe('current');
      const c = claudeLines('/home/marco/projects/spotter', '55604662-cf2a-4331-851a-ec234028f8ca');
      appendFileSync(file, `${JSON.stringify(c.user('one more thing'))}\n`);
      expect((await rt.call('sessions.freshness', { file, bytes: built.bytes, mtimeMs: built.mtimeMs })).freshness).toBe('stale');
      const next = await rt.call('sessions.manifest', { file });
      expect(next.segments.length).toBe(first.segments.length + 1);
      expect(next.segments.at(-1)!.preview).toBe('one more thing');
      expect((await rt.call('sessions.freshness', { file: join(dir, 'gone.jsonl'), bytes: 1, mtimeMs: 1 })).freshness).toBe('unavailable');
    } finally {
      await rt.close();
    }
  });
});

describe('loupe sessions / loupe xray --session', () => {
  it('lists sessions of a repository as JSON and as a table, from the environment it is given', async () => {
    const repo = tempDir('loupe-repo-');
    const { home, claudeFile } = fakeHome(repo);
    const env = { HOME: home, LOUPE_USER_DATA: tempDir() };
    const json = await runCliForTest(['sessions', 'list', '--repo', repo, '--json'], env);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).sessions).toHaveLength(4);
    const table = await runCliForTest(['sessions', 'list', '--repo', repo], env);
    expect(table.stdout).toContain(claudeFile);
    expect(table.stdout).toContain('fix the bug');
    expect(table.stdout).toMatch(/CONTEXT/);
    expect((await runCliForTest(['sessions', 'frobnicate'], env)).code).toBe(2);
  });

  it('prints the manifest of any transcript file, and refuses a file of no known format with exit 2', async () => {
    const env = { HOME: tempDir(), LOUPE_USER_DATA: tempDir() };
    const file = join(FX, 'gemini/codemie-code/session-2025-12-01T21-45-5b959dae.json');
    const text = await runCliForTest(['xray', '--session', file], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Gemini CLI session 5b959dae');
    expect(text.stdout).toContain('Advisory:');
    expect(text.stdout).toMatch(/Reported by the provider at message 14: 18,325 tokens .* Loupe's estimate of the same point: ≈[\d,]+\. Difference: /);
    const json = await runCliForTest(['xray', '--session', file, '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ enforceable: false, agent: 'gemini-session' });
    const bad = await runCliForTest(['xray', '--session', join(FX, 'README.md')], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not a Claude Code, Codex or Gemini CLI transcript');
    expect((await runCliForTest(['xray'], env)).code).toBe(2);
  });
});
