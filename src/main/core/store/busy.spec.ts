// Issue 23, item 7: the CLI and the host on one database met "database is locked"
// (3 of 175 runs). Writers now begin with BEGIN IMMEDIATE and retry while busy.
// Real parts: one SQLite file in a temp folder, a second connection, and a second
// process that holds the write lock longer than SQLite's busy timeout.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { appendTranscript, createThread } from '../threads/thread-store';
import { databaseFile } from '../user-data';
import { listRecent } from './recent-repos';
import { openStore, STORE_PRAGMAS } from './store';
import { writeTransaction } from './write';

afterAll(removeTempDirs);

// Plain CommonJS: holds the write lock for `ms`, then commits (what a long write in the other process looks like).
const HOLDER = `
const [modulePath, file, pragmas, ms] = process.argv.slice(2);
const Database = require(modulePath);
const db = new Database(file);
for (const p of JSON.parse(pragmas)) db.pragma(p);
db.exec('BEGIN IMMEDIATE');
db.exec("INSERT INTO recent_repos (path, name, opened_at) VALUES ('/held', 'held', '2026-01-01T00:00:00.000Z') ON CONFLICT(path) DO NOTHING");
process.stdout.write('locked\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(ms));
db.exec('COMMIT');
process.stdout.write('done\\n');
`;

/** Starts the holder and resolves once it holds the lock; `done` resolves when it has committed. */
async function holdWriteLock(file: string, ms: number): Promise<{ done: Promise<void> }> {
  const dir = tempDir();
  const script = join(dir, 'holder.cjs');
  writeFileSync(script, HOLDER);
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const child = spawn(process.execPath, [script, sqlite, file, JSON.stringify(STORE_PRAGMAS), String(ms)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`holder exited ${code}`))));
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('locked\n')) resolve();
    });
    done.catch(reject);
  });
  return { done };
}

describe('writers on a database another process is using', () => {
  it('a read-then-write transaction survives a commit by another connection in between (BUSY_SNAPSHOT with DEFERRED)', () => {
    const file = join(tempDir(), 'loupe.db');
    const a = openStore(file);
    const b = openStore(file);
    b.pragma('busy_timeout = 0');
    const otherWrites = (name: string) => {
      try {
        b.prepare('INSERT INTO recent_repos (path, name, opened_at) VALUES (?, ?, ?)').run(`/${name}`, name, '2026-01-01T00:00:00.000Z');
        return true;
      } catch {
        return false;
      }
    };
    const readThenWrite = (name: string) => () => {
      a.prepare('SELECT count(*) AS n FROM recent_repos').get();
      const other = otherWrites(`${name}-other`);
      a.prepare('INSERT INTO recent_repos (path, name, opened_at) VALUES (?, ?, ?)').run(`/${name}`, name, '2026-01-01T00:00:00.000Z');
      return other;
    };
    // What every writer did before: the other commit lands, then this one fails at once.
    expect(() => a.transaction(readThenWrite('deferred'))()).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY_SNAPSHOT' }));
    // IMMEDIATE holds the write lock from the start: the other connection waits (here: gives up), this one commits.
    expect(writeTransaction(a, readThenWrite('immediate'))).toBe(false);
    expect(a.prepare('SELECT path FROM recent_repos ORDER BY path').all()).toEqual([{ path: '/deferred-other' }, { path: '/immediate' }]);
    a.close();
    b.close();
  });

  it("waits out another process's write lock held past SQLite's busy timeout: the app's writers succeed, nothing is lost", async () => {
    const userDataDir = tempDir();
    const runtime = makeRuntime({ userDataDir });
    const file = databaseFile(userDataDir);
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const db = runtime.deps.db;
    createThread(db, { id: 't1', repo, agent: 'demo', model: null, title: 't', now: new Date() });
    // 3 s busy timeout in STORE_PRAGMAS; the lock is held 4.5 s.
    const held = await holdWriteLock(file, 4500);
    const started = Date.now();
    const entries = appendTranscript(db, 't1', 'r1', [{ kind: 'user', text: 'hello' }]);
    const waited = Date.now() - started;
    await held.done;
    expect(entries).toHaveLength(1);
    expect(waited).toBeGreaterThan(3000);
    await runtime.call('memory.add', { text: 'remember this' });
    await runtime.call('repo.open', { path: repo });
    expect(listRecent(db).map((r) => r.path).sort()).toEqual(['/held', repo].sort());
    expect((await runtime.call('memory.list', {})).map((m) => m.text)).toEqual(['remember this']);
    await runtime.close();
  }, 30_000);
});
