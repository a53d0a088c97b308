// Detection with a real launcher and fake CLIs (shell scripts printing versions) in temp folders.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLauncher } from '../../process/launcher';
import { removeTempDirs, tempDir } from '../../testing/fixtures';
import { codexAdapter } from './codex';
import { findExecutable, searchDirs } from './path-lookup';
import { agentAdapters, detectAgents } from './registry';
import { parseVersion, probe } from './version-probe';
import { agentsBin } from '../../testing/agents';

const launcher = createLauncher();
afterAll(async () => {
  await launcher.closeAll();
  removeTempDirs();
});

function fakeCli(dir: string, name: string, body: string, mode = 0o755): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, mode);
  return path;
}

describe.skipIf(process.platform === 'win32')('detectAgents', () => {
  it('finds fake claude and codex on LOUPE_AGENT_PATH, reports gemini missing in plain words', async () => {
    const bin = tempDir('loupe-agent-bin-');
    const other = tempDir('loupe-path-');
    fakeCli(bin, 'claude', 'echo "2.1.197 (Claude Code)"');
    fakeCli(bin, 'codex', 'echo "codex-cli 0.171.0"');
    fakeCli(other, 'gemini', 'echo 0.61.0', 0o644); // not executable: not a CLI
    const agents = await detectAgents({ spawn: launcher.spawn, env: { PATH: other, LOUPE_AGENT_PATH: bin } });
    expect(agents.map((a) => a.id)).toEqual(['claude', 'codex', 'gemini', 'custom', 'demo']);
    const [claude, codex, gemini, custom, demo] = agents;
    expect(claude).toEqual({ id: 'claude', label: 'Claude Code', installed: true, version: '2.1.197', path: join(bin, 'claude'), problem: null, resumable: true, takesMcp: true });
    expect(codex).toMatchObject({ installed: true, version: '0.171.0', path: join(bin, 'codex'), problem: null });
    expect(gemini).toEqual({
      id: 'gemini',
      label: 'Gemini CLI',
      installed: false,
      version: null,
      path: null,
      problem: `Gemini CLI (gemini) is not on your PATH: Loupe looked in ${bin}, ${other}. Install it with npm i -g @google/gemini-cli, or start Loupe with LOUPE_AGENT_PATH set to the folder that holds gemini (searched before PATH), then Check again.`,
      resumable: true,
      takesMcp: false,
    });
    expect(custom).toMatchObject({ installed: true, resumable: false, takesMcp: false });
    expect(codex).toMatchObject({ takesMcp: true });
    expect(demo).toMatchObject({ installed: true, version: '1.0.0' });
    expect(launcher.stats().live).toBe(0);
  });

  it('missing everywhere: the install sentence for each CLI', async () => {
    const dirs = Array.from({ length: 6 }, () => tempDir('loupe-empty-'));
    const agents = await detectAgents({ spawn: launcher.spawn, env: { PATH: dirs.join(delimiter) } });
    // Where it looked (the first four folders, the rest counted) and how to point Loupe at a CLI (issue 34, item 4).
    const where = `Loupe looked in ${dirs.slice(0, 4).join(', ')} and 2 more`;
    expect(agents.filter((a) => !a.installed).map((a) => a.problem)).toEqual([
      `Claude Code (claude) is not on your PATH: ${where}. Install it with npm i -g @anthropic-ai/claude-code, or start Loupe with LOUPE_AGENT_PATH set to the folder that holds claude (searched before PATH), then Check again.`,
      `Codex CLI (codex) is not on your PATH: ${where}. Install it with npm i -g @openai/codex, or start Loupe with LOUPE_AGENT_PATH set to the folder that holds codex (searched before PATH), then Check again.`,
      `Gemini CLI (gemini) is not on your PATH: ${where}. Install it with npm i -g @google/gemini-cli, or start Loupe with LOUPE_AGENT_PATH set to the folder that holds gemini (searched before PATH), then Check again.`,
    ]);
  });

  it('LOUPE_AGENT_PATH is searched before PATH', async () => {
    const first = tempDir('loupe-first-');
    const later = tempDir('loupe-later-');
    fakeCli(first, 'gemini', 'echo 0.61.0');
    fakeCli(later, 'gemini', 'echo 9.9.9');
    const info = await agentAdapters.gemini.detect({ spawn: launcher.spawn, env: { PATH: later, LOUPE_AGENT_PATH: first } });
    expect(info).toMatchObject({ installed: true, version: '0.61.0', path: join(first, 'gemini') });
    const without = await agentAdapters.gemini.detect({ spawn: launcher.spawn, env: { PATH: later } });
    expect(without.version).toBe('9.9.9');
  });

  it('a CLI that fails --version is installed with the reason as its problem', async () => {
    const bin = tempDir('loupe-broken-');
    fakeCli(bin, 'claude', 'echo "error: something broke" >&2; exit 3');
    const info = await agentAdapters.claude.detect({ spawn: launcher.spawn, env: { PATH: bin } });
    expect(info).toMatchObject({ installed: true, version: null, path: join(bin, 'claude') });
    expect(info.problem).toBe(`\`${join(bin, 'claude')} --version\` failed (exit 3): error: something broke.`);
  });

  it('a probe that does not answer is ended (whole tree) after its timeout', async () => {
    const bin = tempDir('loupe-hang-');
    const hang = fakeCli(bin, 'hang', 'sleep 30 & wait');
    const started = Date.now();
    const r = await probe({ spawn: launcher.spawn, env: { PATH: '/usr/bin:/bin' } }, hang, ['--version'], { timeoutMs: 300 });
    expect(r.timedOut).toBe(true);
    expect(r.exit?.signal).toBe('SIGTERM');
    expect(Date.now() - started).toBeLessThan(4000);
    expect(launcher.stats().live).toBe(0);
  });
});

describe('PATH lookup', () => {
  it('Windows: PATHEXT extensions in order, Path spelled any way, quotes stripped', () => {
    const dir = tempDir('loupe-win-');
    writeFileSync(join(dir, 'claude.CMD'), '');
    writeFileSync(join(dir, 'claude.EXE'), '');
    expect(findExecutable('claude', { Path: `"${dir}"`, PATHEXT: '.COM;.EXE;.BAT;.CMD' }, 'win32')).toBe(join(dir, 'claude.EXE'));
    expect(findExecutable('claude', { Path: dir, PATHEXT: '.CMD' }, 'win32')).toBe(join(dir, 'claude.CMD'));
    expect(findExecutable('codex', { Path: dir }, 'win32')).toBeNull();
  });

  it('skips relative and empty entries, folders named like the CLI, and duplicates', () => {
    const dir = tempDir('loupe-dirs-');
    mkdirSync(join(dir, 'claude'));
    expect(searchDirs({ PATH: `relative/bin::${dir}:${dir}` }, 'linux')).toEqual([dir]);
    expect(findExecutable('claude', { PATH: dir }, 'linux')).toBeNull();
  });

  it.each([
    ['2.1.197 (Claude Code)', '2.1.197'],
    ['codex-cli 0.171.0', '0.171.0'],
    ['0.61.0\n', '0.61.0'],
    ['codex-cli 0.171.0-linux-x64', '0.171.0-linux-x64'],
    ['my-agent v1.2', '1.2'],
    ['no version here', null],
  ])('parseVersion(%j)', (text, version) => {
    expect(parseVersion(text)).toBe(version);
  });
});

describe.skipIf(process.platform === 'win32')('codex preflight (codex login status)', () => {
  const home = tempDir('loupe-codex-home-');
  const bin = tempDir('loupe-codex-bin-');
  const loggedOut = fakeCli(bin, 'codex-out', 'if [ "$1 $2" = "login status" ]; then echo "Not logged in" >&2; exit 1; fi; exit 9');
  const loggedIn = fakeCli(bin, 'codex-in', 'echo "Logged in using ChatGPT" >&2; exit 0');
  const ctx = (executable: string, env: NodeJS.ProcessEnv = {}) => ({ spawn: launcher.spawn, env: { PATH: '/usr/bin:/bin', HOME: home, ...env }, executable });

  it('logged out: the CLI message, plainly, with what to do', async () => {
    expect(await codexAdapter.preflight!(ctx(loggedOut))).toBe('Codex is not logged in: Not logged in. Run `codex login`.');
  });

  it('logged in, an exec API key, or another model provider in config.toml: nothing to say', async () => {
    expect(await codexAdapter.preflight!(ctx(loggedIn))).toBeNull();
    expect(await codexAdapter.preflight!(ctx(loggedOut, { CODEX_API_KEY: 'k' }))).toBeNull();
    const providerHome = tempDir('loupe-codex-provider-');
    mkdirSync(join(providerHome, '.codex'));
    writeFileSync(join(providerHome, '.codex', 'config.toml'), 'model = "qwen"\nmodel_provider = "ollama"\n');
    expect(await codexAdapter.preflight!(ctx(loggedOut, { HOME: providerHome }))).toBeNull();
    expect(await codexAdapter.preflight!(ctx(loggedOut, { CODEX_HOME: join(providerHome, '.codex') }))).toBeNull();
  });

  const realCodex = join(agentsBin(), 'codex');
  // Needs the real CLI (`npm run agents:install`; skipped where it is absent).
  it.runIf(existsSync(realCodex))('the real codex, logged out', async () => {
    const fresh = tempDir('loupe-codex-real-');
    expect(await codexAdapter.preflight!(ctx(realCodex, { HOME: fresh }))).toBe('Codex is not logged in: Not logged in. Run `codex login`.');
  });
});
