import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { StreamMessage, TaskEvent } from '../../shared/streams';
import { createRuntime, type Runtime } from './runtime';
import { makeRepo, makeRuntime, removeTempDirs, tempDir, waitForExit } from './testing/fixtures';

afterAll(removeTempDirs);

describe('createRuntime user-data folder', () => {
  const saved = { env: process.env.LOUPE_USER_DATA, cwd: process.cwd() };
  afterEach(() => {
    process.chdir(saved.cwd);
    if (saved.env === undefined) delete process.env.LOUPE_USER_DATA;
    else process.env.LOUPE_USER_DATA = saved.env;
  });

  it('treats an empty LOUPE_USER_DATA as unset instead of writing loupe.db into the current folder', async () => {
    const cwd = tempDir();
    const fallback = tempDir();
    process.chdir(cwd);
    process.env.LOUPE_USER_DATA = fallback;
    const runtime = createRuntime({ host: 'browser', userDataDir: '' });
    await runtime.call('repo.recent', {});
    await runtime.close();
    expect(runtime.deps.userDataDir).toBe(fallback);
    expect(existsSync(join(fallback, 'loupe.db'))).toBe(true);
    expect(existsSync(join(cwd, 'loupe.db'))).toBe(false);
  });

  it('resolves a relative folder to an absolute one (app.info shows where the data is)', async () => {
    const cwd = tempDir();
    process.chdir(cwd);
    const runtime = createRuntime({ host: 'browser', userDataDir: 'data' });
    expect((await runtime.call('app.info', {})).userDataDir).toBe(join(cwd, 'data'));
    await runtime.call('repo.recent', {});
    await runtime.close();
    expect(existsSync(join(cwd, 'data', 'loupe.db'))).toBe(true);
  });

  it('opens the database only when a call needs it', async () => {
    const dir = tempDir();
    const runtime = createRuntime({ host: 'browser', userDataDir: dir });
    await runtime.call('app.info', {});
    expect(existsSync(join(dir, 'loupe.db'))).toBe(false);
    await runtime.close();
  });
});

/** A repository big enough that an inspection takes a while (many files to read). */
function bigRepo(): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < 200; i++) files[`many/f${String(i).padStart(3, '0')}.txt`] = `line ${i}\n`.repeat(2000);
  return makeRepo(files);
}

/** Follows keys on the runtime's hub and records every message. */
function record(runtime: Runtime, keys: string[]) {
  const messages: StreamMessage[] = [];
  const sub = runtime.streams.attach({ deliver: (m) => (messages.push(m), true) });
  sub.follow(keys.map((key) => ({ key: key as `task:${string}`, after: 0 })));
  return { messages, sub };
}

describe('calls with a context', () => {
  it('gives each call its own progress stream: two inspections at once never see each other', async () => {
    const repo = bigRepo();
    const runtime = makeRuntime();
    const a = record(runtime, ['task:call-a']);
    const b = record(runtime, ['task:call-b']);
    await Promise.all([
      runtime.call('context.inspect', { repo, paths: ['many'] }, { callId: 'call-a' }),
      runtime.call('context.inspect', { repo, paths: ['many'] }, { callId: 'call-b' }),
    ]);
    for (const { messages } of [a, b]) {
      expect(messages.length).toBeGreaterThan(1);
      const keys = new Set(messages.map((m) => (m.type === 'event' ? m.event.key : 'notice')));
      expect(keys.size).toBe(1);
      const seqs = messages.map((m) => (m.type === 'event' ? m.event.seq : -1));
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    expect(a.messages[0]!.type === 'event' && a.messages[0]!.event.key).toBe('task:call-a');
    expect(b.messages[0]!.type === 'event' && b.messages[0]!.event.key).toBe('task:call-b');
    await runtime.close();
  });

  it('cancels an inspection mid-way with `cancelled`, and the git processes it started are gone', async () => {
    const repo = bigRepo();
    const runtime = makeRuntime();
    const controller = new AbortController();
    const progress: TaskEvent[] = [];
    const sub = runtime.streams.attach({
      deliver: (m) => {
        if (m.type === 'event' && m.event.kind === 'task') {
          progress.push(m.event.payload);
          // Cancel once reading has started: the cat-file process is then running.
          if (m.event.payload.type === 'progress') controller.abort();
        }
        return true;
      },
    });
    sub.follow([{ key: 'task:to-cancel', after: 0 }]);
    const started = runtime.launcher.stats().started;
    const result = runtime.call('context.inspect', { repo, paths: ['many'] }, { callId: 'to-cancel', signal: controller.signal });
    await expect(result).rejects.toMatchObject({ code: 'cancelled' });
    expect(runtime.launcher.stats().started).toBeGreaterThan(started);
    expect(runtime.launcher.stats().live).toBe(0);
    expect(progress.at(-1)).toEqual({ type: 'end', outcome: 'cancelled' });
    expect(runtime.inFlight()).toBe(0);
    await runtime.close();
  });

  it('cancel(callId) reaches a call in flight; an unknown id or a call that ended on its own reports false', async () => {
    const repo = bigRepo();
    const runtime = makeRuntime();
    const pending = runtime.call('context.inspect', { repo, paths: ['many'] }, { callId: 'by-id' });
    await new Promise((r) => setImmediate(r));
    expect(await runtime.call('call.cancel', { callId: 'by-id' })).toEqual({ cancelled: true });
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(await runtime.call('call.cancel', { callId: 'nobody' })).toEqual({ cancelled: false });
    await runtime.call('app.info', {}, { callId: 'finished' });
    expect(await runtime.call('call.cancel', { callId: 'finished' })).toEqual({ cancelled: false });
    await runtime.close();
  });

  it('a cancel that arrives after the caller hung up still reports the call cancelled (the browser sends both)', async () => {
    const repo = bigRepo();
    const runtime = makeRuntime();
    const hangUp = new AbortController();
    const pending = runtime.call('context.inspect', { repo, paths: ['many'] }, { callId: 'hung-up', signal: hangUp.signal });
    await new Promise((r) => setImmediate(r));
    hangUp.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(runtime.inFlight()).toBe(0);
    expect(await runtime.call('call.cancel', { callId: 'hung-up' })).toEqual({ cancelled: true });
    await runtime.close();
  });

  it('refuses a second call with the same id while the first runs, and calls after close', async () => {
    const repo = bigRepo();
    const runtime = makeRuntime();
    const first = runtime.call('context.inspect', { repo, paths: ['many'] }, { callId: 'same' });
    await expect(runtime.call('app.info', {}, { callId: 'same' })).rejects.toMatchObject({ code: 'invalid-input' });
    await first;
    await runtime.close();
    await expect(runtime.call('app.info', {})).rejects.toMatchObject({ code: 'shutting-down' });
  });
});

describe('closing the runtime', () => {
  it('ends a running process tree before the database closes; the last write lands', async () => {
    const dir = tempDir();
    const runtime = createRuntime({ host: 'browser', userDataDir: dir });
    const db = runtime.deps.db;
    db.exec('CREATE TABLE IF NOT EXISTS close_probe (what TEXT)');
    // A shell with a grandchild: the whole group must end.
    const child = runtime.deps.spawn('sh', ['-c', 'sleep 300 & echo $!; wait'], { cwd: dir, env: process.env });
    const grandchild = await new Promise<number>((resolve) => child.stdout.once('data', (c: Buffer) => resolve(Number(c.toString().trim()))));
    let dbOpenWhenChildEnded: boolean | null = null;
    void child.exited.then(() => {
      dbOpenWhenChildEnded = db.open;
      db.prepare('INSERT INTO close_probe VALUES (?)').run('child ended');
    });
    await runtime.close();
    expect(dbOpenWhenChildEnded).toBe(true);
    expect(db.open).toBe(false);
    expect(await waitForExit(grandchild)).toBe(true);
    const reopened = new Database(join(dir, 'loupe.db'), { readonly: true });
    expect(reopened.prepare('SELECT what FROM close_probe').all()).toEqual([{ what: 'child ended' }]);
    reopened.close();
  });

  it('aborts calls in flight and waits for them before closing', async () => {
    const repo = bigRepo();
    const runtime = makeRuntime();
    const pending = runtime.call('context.inspect', { repo, paths: ['many'] });
    await new Promise((r) => setImmediate(r));
    await runtime.close();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(runtime.inFlight()).toBe(0);
    expect(runtime.launcher.stats().live).toBe(0);
  });
});
