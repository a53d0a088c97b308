// The real `loupe` command and the real claude for e2e specs that drive them beside the app:
// `node bin/loupe.js ARGS` run to its end, and a HOME in which claude starts without onboarding.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentsBin } from '../src/main/core/testing/agents';

const root = join(__dirname, '..');

/** Runs `node bin/loupe.js ARGS` to its end; resolves with its exit code and output. */
export function loupe(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'loupe.js'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => done({ code, out }));
  });
}

/** The environment for `loupe` and the real claude (a HOME of its own) against `providerUrl`, recording into `userDataDir`. */
export function claudeEnv(userDataDir: string, providerUrl: string): Record<string, string> {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-claude-home-')));
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true }));
  return {
    PATH: `${agentsBin()}:${process.env.PATH}`,
    HOME: home,
    TERM: 'dumb',
    LOUPE_USER_DATA: userDataDir,
    LOUPE_AGENT_PATH: agentsBin(),
    ANTHROPIC_BASE_URL: providerUrl,
    ANTHROPIC_API_KEY: 'sk-ant-e2e-not-a-key',
  };
}
