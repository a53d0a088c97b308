// Crash spec (issue 13): a writer process SIGKILLed 20 times at random moments,
// each time mid-loop, on the real database file with the store's own pragmas.
// Afterwards the database passes PRAGMA integrity_check and holds every row the
// writer acknowledged (printed its id after the commit returned).
import { spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { soakCount } from '../testing/soak';
import { openStore, STORE_PRAGMAS } from './store';

afterAll(removeTempDirs);

// Plain CommonJS so the child needs nothing but Node and better-sqlite3.
const WRITER = `
const [modulePath, file, pragmas] = process.argv.slice(2);
const Database = require(modulePath);
const db = new Database(file);
for (const p of JSON.parse(pragmas)) db.pragma(p);
db.exec('CREATE TABLE IF NOT EXISTS crash_rows (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
db.exec('CREATE TABLE IF NOT EXISTS crash_count (k INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
const insert = db.prepare('INSERT INTO crash_rows (id, payload) VALUES (?, ?)');
const count = db.prepare('INSERT INTO crash_count (k, n) VALUES (1, 1) ON CONFLICT(k) DO UPDATE SET n = n + 1');
const step = db.transaction((id) => { insert.run(id, 'evidence '.repeat(200 + (id % 300))); count.run(); });
let id = db.prepare('SELECT coalesce(max(id), 0) + 1 AS next FROM crash_rows').get().next;
for (;;) {
  step(id);
  // Pipes are written synchronously on POSIX: the id is out before the next commit starts.
  process.stdout.write(id + '\\n');
  id++;
}
`;

/** Runs the writer until it has acknowledged a row, lets it run a random while longer, then SIGKILLs it. */
function killWriterMidLoop(script: string, file: string): Promise<number[]> {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const child = spawn(process.execPath, [script, sqlite, file, JSON.stringify(STORE_PRAGMAS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    let armed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!armed && out.includes('\n')) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), 5 + Math.floor(Math.random() * 120));
      }
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer ended without being killed (${signal ?? _code})`));
      // Only whole lines were acknowledged; a torn last line was not.
      resolve(out.split('\n').slice(0, -1).map(Number));
    });
  });
}

const KILLS = soakCount(20, 5);

describe.skipIf(process.platform === 'win32')('the database under SIGKILL', () => {
  it(`passes integrity_check and keeps every acknowledged row after ${KILLS} kills mid-write`, async () => {
    const dir = tempDir('loupe-crash-');
    const file = join(dir, 'loupe.db');
    openStore(file).close();
    const script = join(dir, 'writer.cjs');
    writeFileSync(script, WRITER);
    const acknowledged: number[] = [];
    for (let i = 0; i < KILLS; i++) acknowledged.push(...(await killWriterMidLoop(script, file)));
    expect(acknowledged.length).toBeGreaterThan(KILLS);
    const db = openStore(file);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set((db.prepare('SELECT id FROM crash_rows').all() as { id: number }[]).map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      // Each transaction wrote both tables or neither.
      expect(db.prepare('SELECT n FROM crash_count').get()).toEqual({ n: stored.size });
      expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    } finally {
      db.close();
    }
  }, 120_000);
});
