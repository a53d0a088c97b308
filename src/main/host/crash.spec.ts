// Crash spec (issue 13), the host itself: `loupe serve` (bundled once, as `npm run
// bench` does) is SIGKILLed 20 times while clients save presets through its HTTP API.
// Afterwards the database passes PRAGMA integrity_check and holds every save the host
// acknowledged (answered `ok`) before it died. Real process, real SQLite file, real HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../core/testing/fixtures';
import { soakCount } from '../core/testing/soak';
import { openStore } from '../core/store/store';
import { buildCliBundle } from '../core/testing/cli-bundle';

afterAll(removeTempDirs);
const TOKEN = 'crash-test-token-0123456789abcdef';

let cliBundle = '';
beforeAll(async () => {
  cliBundle = await buildCliBundle();
}, 120_000);

/** Starts the host on a free port and resolves with it once it prints its URL. */
function startHost(userData: string, tokenFile: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [cliBundle, 'serve', '--port', '0', '--token-file', tokenFile], {
    env: { PATH: process.env.PATH ?? '', HOME: userData, LOUPE_USER_DATA: userData },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => reject(new Error(`the host exited (${code}) before serving: ${out}`)));
  });
}

/** Saves presets one after another until the host dies; returns the names it acknowledged. */
async function saveUntilKilled(port: number, round: number, kill: () => void): Promise<string[]> {
  const acknowledged: string[] = [];
  let armed = false;
  for (let i = 0; ; i++) {
    const name = `r${round}-p${i}`;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/rpc/presets.save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-loupe-token': TOKEN },
        body: JSON.stringify({ name, settings: { agent: 'demo', notes: `round ${round} save ${i} `.repeat(40), loop: {} } }),
      });
      const body = (await res.json()) as { ok: boolean };
      if (body.ok) acknowledged.push(name);
    } catch {
      return acknowledged; // the host is gone
    }
    if (!armed) {
      armed = true;
      setTimeout(kill, 20 + Math.floor(Math.random() * 250));
    }
  }
}

const KILLS = soakCount(20, 5);

describe.skipIf(process.platform === 'win32')('the host under SIGKILL', () => {
  it(`passes integrity_check and keeps every acknowledged save after ${KILLS} kills mid-write`, async () => {
    const userData = tempDir('loupe-host-crash-');
    const tokenFile = join(userData, 'token');
    writeFileSync(tokenFile, TOKEN, { mode: 0o600 });
    const acknowledged: string[] = [];
    for (let round = 0; round < KILLS; round++) {
      const { child, port } = await startHost(userData, tokenFile);
      const died = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      acknowledged.push(...(await saveUntilKilled(port, round, () => child.kill('SIGKILL'))));
      expect(await died).toBe('SIGKILL');
    }
    // Each round saved once before its kill was armed, and maybe more while it was pending.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILLS);
    const db = openStore(join(userData, 'loupe.db'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set((db.prepare('SELECT name FROM presets').all() as { name: string }[]).map((r) => r.name));
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    } finally {
      db.close();
    }
  }, 180_000);
});
