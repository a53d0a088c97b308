// The browser host's event streams over real sockets: resumption with
// Last-Event-ID, expiry, isolation between clients and backpressure.
import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePositions } from '../../shared/streams';
import type { Runtime } from '../core/runtime';
import { makeRuntime, removeTempDirs, tempDir } from '../core/testing/fixtures';
import { startHost, type RunningHost } from './server';

afterAll(removeTempDirs);

interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

/** Opens /api/events and collects parsed frames until `stop` says enough. */
function follow(h: RunningHost, query: string, headers: Record<string, string>, stop: (frames: Frame[]) => boolean): Promise<Frame[]> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: h.port,
        path: `/api/events?${query}`,
        headers: { host: `127.0.0.1:${h.port}`, 'x-loupe-token': h.token, ...headers },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        let text = '';
        const frames: Frame[] = [];
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
          let at: number;
          while ((at = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, at);
            text = text.slice(at + 2);
            const frame: Frame = {};
            for (const line of block.split('\n')) {
              const colon = line.indexOf(': ');
              if (colon > 0) frame[line.slice(0, colon) as keyof Frame] = line.slice(colon + 2);
            }
            if (frame.event && frame.event !== 'ready') frames.push(frame);
          }
          if (stop(frames)) {
            req.destroy();
            resolve(frames);
          }
        });
        res.on('end', () => resolve(frames));
      },
    );
    req.on('error', (e) => (e.message === 'socket hang up' ? undefined : reject(e)));
    req.end();
  });
}

async function withHost<T>(fn: (h: RunningHost, runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = makeRuntime();
  const host = await startHost({ runtime, rendererDir: tempDir() });
  try {
    return await fn(host, runtime);
  } finally {
    await host.close();
    await runtime.close();
  }
}

const seqOf = (f: Frame) => (JSON.parse(f.data!) as { event: { seq: number } }).event.seq;

describe('event streams over SSE', () => {
  it('delivers only the keys asked for, each numbered from 1', async () => {
    await withHost(async (h, runtime) => {
      const a = follow(h, 'keys=task:a', {}, (f) => f.length >= 3);
      const b = follow(h, 'keys=task:b', {}, (f) => f.length >= 2);
      await new Promise((r) => setTimeout(r, 50));
      for (let i = 1; i <= 3; i++) runtime.streams.publish('task', 'a', { type: 'progress', done: i, total: 3 });
      for (let i = 1; i <= 2; i++) runtime.streams.publish('task', 'b', { type: 'progress', done: i, total: 2 });
      const [fa, fb] = await Promise.all([a, b]);
      expect(fa.map(seqOf)).toEqual([1, 2, 3]);
      expect(fb.map(seqOf)).toEqual([1, 2]);
      expect(fa.every((f) => f.data!.includes('"task:a"'))).toBe(true);
      expect(fb.every((f) => f.data!.includes('"task:b"'))).toBe(true);
      expect(parsePositions(fa.at(-1)!.id)).toEqual({ 'task:a': 3 });
    });
  });

  it('resumes from Last-Event-ID with every missed event exactly once, in order', async () => {
    await withHost(async (h, runtime) => {
      for (let i = 1; i <= 5; i++) runtime.streams.publish('run', 'r1', { type: 'agent', stepId: 's', event: { type: 'raw', stream: 'stdout', text: `line ${i}` } });
      for (let i = 1; i <= 2; i++) runtime.streams.publish('task', 't1', { type: 'progress', done: i, total: null });
      const first = await follow(h, 'keys=run:r1,task:t1', {}, (f) => f.length >= 7);
      // The client saw run:r1 up to 3 and task:t1 up to 1, then lost its connection.
      const lastSeen = first.find((f) => parsePositions(f.id)['run:r1'] === 3 && parsePositions(f.id)['task:t1'] === 0)!;
      expect(lastSeen).toBeDefined();
      const resumed = follow(h, 'keys=run:r1,task:t1', { 'last-event-id': 'run:r1=3;task:t1=1' }, (f) => f.length >= 4);
      await new Promise((r) => setTimeout(r, 50));
      runtime.streams.publish('run', 'r1', { type: 'agent', stepId: 's', event: { type: 'raw', stream: 'stdout', text: 'line 6' } });
      const frames = await resumed;
      const got = frames.map((f) => JSON.parse(f.data!) as { event: { key: string; seq: number } });
      expect(got.map((g) => `${g.event.key}#${g.event.seq}`)).toEqual(['run:r1#4', 'run:r1#5', 'task:t1#2', 'run:r1#6']);
    });
  });

  it('tells a client that asks for numbers older than the ring (or from a restarted host) to reload', async () => {
    // A tiny ring so "older than kept" is quick to reach.
    const runtime = makeRuntime({ streamLimits: { ringEvents: 3 } });
    const h = await startHost({ runtime, rendererDir: tempDir() });
    try {
      for (let i = 1; i <= 10; i++) runtime.streams.publish('run', 'old', { type: 'agent', stepId: 's', event: { type: 'raw', stream: 'stdout', text: `line ${i}` } });
      const frames = await follow(h, 'keys=run:old,run:never', { 'last-event-id': 'run:old=2;run:never=9' }, (f) => f.length >= 2);
      const notices = frames.map((f) => ({ event: f.event, data: JSON.parse(f.data!) as unknown }));
      expect(notices).toContainEqual({ event: 'expired', data: { type: 'expired', key: 'run:old', resumeFrom: 10 } });
      expect(notices).toContainEqual({ event: 'expired', data: { type: 'expired', key: 'run:never', resumeFrom: 0 } });
    } finally {
      await h.close();
      await runtime.close();
    }
  });

  it('refuses bad key lists with a clear error', async () => {
    await withHost(async (h) => {
      const status = await new Promise<number>((resolve) => {
        request({ host: '127.0.0.1', port: h.port, path: '/api/events?keys=nope', headers: { host: `127.0.0.1:${h.port}`, 'x-loupe-token': h.token } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).end();
      });
      expect(status).toBe(400);
    });
  });

  it('drops a client that stops reading with `lagged`, and server memory stays bounded', async () => {
    await withHost(async (h, runtime) => {
      // A raw socket that sends the request and then never reads.
      const socket: Socket = connect(h.port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.write(
        `GET /api/events?keys=run:flood HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nx-loupe-token: ${h.token}\r\n\r\n`,
      );
      socket.pause();
      await new Promise((r) => setTimeout(r, 100));
      expect(runtime.streams.stats().followers).toBe(1);
      const chunk = 'x'.repeat(64 * 1024);
      let published = 0;
      // Far more than the subscriber bound (8 MiB) and the ring bound (4 MiB).
      while (published < 400 && runtime.streams.stats().followers > 0) {
        runtime.streams.publish('run', 'flood', { type: 'agent', stepId: 's', event: { type: 'raw', stream: 'stdout', text: chunk } });
        published++;
        if (published % 20 === 0) await new Promise((r) => setImmediate(r));
      }
      expect(runtime.streams.stats().followers).toBe(0);
      expect(published).toBeLessThan(400);
      expect(runtime.streams.stats().keptBytes).toBeLessThanOrEqual(4 * 1024 * 1024 + 70 * 1024);
      // Read what the server wrote: the last frame names where to resume.
      socket.resume();
      let text = '';
      socket.setEncoding('utf8');
      await new Promise<void>((resolve) => {
        socket.on('data', (c: string) => (text += c));
        socket.on('end', resolve);
        socket.on('close', () => resolve());
      });
      const lagged = /event: lagged\ndata: (.*)\n/.exec(text);
      expect(lagged).not.toBeNull();
      const positions = (JSON.parse(lagged![1]!) as { positions: Record<string, number> }).positions;
      expect(positions['run:flood']).toBeGreaterThan(0);
      expect(positions['run:flood']).toBeLessThan(published);
    });
  });
});
