// Electron's binary can't exist in this test environment, so ipcMain, the
// sender frames and webContents are small stand-ins with the same shape; the
// runtime, services, streams and git processes are real.
import { EventEmitter } from 'node:events';
import type { IpcMain, WebContents, WebFrameMain } from 'electron';
import { afterAll, describe, expect, it } from 'vitest';
import { ipcChannel, ipcEventChannel, methodNames, type Envelope } from '../../shared/api';
import type { StreamMessage } from '../../shared/streams';
import { makeRepo, makeRuntime, removeTempDirs, writeFiles, git } from '../core/testing/fixtures';
import { bindIpc } from './bind';

afterAll(removeTempDirs);

type Handler = (event: { senderFrame: WebFrameMain | null; sender: WebContents }, input: unknown, callId?: unknown) => Promise<Envelope>;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  const ipc = {
    handle: (channel: string, fn: Handler) => handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMain;
  return { ipc, handlers };
}

/** A window's webContents: records what main sends it. */
function fakeContents() {
  const sent: { channel: string; payload: unknown }[] = [];
  const emitter = new EventEmitter();
  const contents = Object.assign(emitter, {
    isDestroyed: () => false,
    send: (channel: string, payload: unknown) => void sent.push({ channel, payload }),
  }) as unknown as WebContents;
  return { contents, sent, emitter };
}

const ownFrame = { url: 'file:///app/out/renderer/index.html' } as WebFrameMain;
const foreignFrame = { url: 'https://evil.example/' } as WebFrameMain;

describe('bindIpc', () => {
  it('registers one handler per contract method and removes them all', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const rt = makeRuntime();
    const unbind = bindIpc(ipc, rt, () => true);
    expect([...handlers.keys()].sort()).toEqual(methodNames.map(ipcChannel).sort());
    unbind();
    expect(handlers.size).toBe(0);
    await rt.close();
  });

  it('answers trusted senders, refuses others, and carries error codes in the envelope', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const rt = makeRuntime();
    const { contents } = fakeContents();
    bindIpc(ipc, rt, (frame) => frame === ownFrame);
    const open = handlers.get(ipcChannel('repo.open'))!;
    const repo = makeRepo({ 'a.txt': 'a' });

    const ok = await open({ senderFrame: ownFrame, sender: contents }, { path: repo });
    expect(ok).toMatchObject({ ok: true, result: { root: repo } });

    const refused = await open({ senderFrame: foreignFrame, sender: contents }, { path: repo });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    const invalid = await open({ senderFrame: ownFrame, sender: contents }, { path: 'relative' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    const badShape = await open({ senderFrame: ownFrame, sender: contents }, { path: ['x'] });
    expect(badShape).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    const badCallId = await open({ senderFrame: ownFrame, sender: contents }, { path: repo }, 'not a valid id!');
    expect(badCallId).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    await rt.close();
  });

  it('cancels a call by its id (call.cancel) and streams its progress to the window that follows it', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`many/f${String(i).padStart(3, '0')}.txt`] = `file ${i}\n`.repeat(200);
    const repo = makeRepo(files);
    git(repo, 'status');
    const { ipc, handlers } = fakeIpcMain();
    const rt = makeRuntime();
    const { contents, sent } = fakeContents();
    bindIpc(ipc, rt, () => true);
    const event = { senderFrame: ownFrame, sender: contents };
    const call = (name: string, input: unknown, callId?: string) => handlers.get(ipcChannel(name as never))!(event, input, callId);

    await call('events.subscribe', { streams: [{ key: 'task:ipc-call-1', after: 0 }] });
    const done = await call('context.inspect', { repo, paths: ['many'] }, 'ipc-call-1');
    expect(done).toMatchObject({ ok: true });
    const streamed = sent.filter((s) => s.channel === ipcEventChannel('stream')).map((s) => s.payload as StreamMessage);
    const seqs = streamed.flatMap((m) => (m.type === 'event' ? [m.event.seq] : []));
    expect(seqs.length).toBeGreaterThan(1);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));

    writeFiles(repo, { 'x.txt': 'x' });
    const pending = call('context.inspect', { repo, paths: ['many'] }, 'ipc-call-2');
    const cancel = await call('call.cancel', { callId: 'ipc-call-2' });
    expect(cancel).toEqual({ ok: true, result: { cancelled: true } });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    // Cancelled already: a second cancel says so; an id nobody used is not.
    expect(await call('call.cancel', { callId: 'ipc-call-2' })).toEqual({ ok: true, result: { cancelled: true } });
    expect(await call('call.cancel', { callId: 'ipc-call-9' })).toEqual({ ok: true, result: { cancelled: false } });
    await rt.close();
    expect(rt.launcher.stats().live).toBe(0);
  });

  it('a window that stops answering takes no more events: dropped with lagged, followed again from its positions once it answers', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const rt = makeRuntime();
    const { contents, sent, emitter } = fakeContents();
    bindIpc(ipc, rt, () => true);
    const event = { senderFrame: ownFrame, sender: contents };
    const call = (name: string, input: unknown) => handlers.get(ipcChannel(name as never))!(event, input);
    const streamed = () => sent.filter((s) => s.channel === ipcEventChannel('stream')).map((s) => s.payload as StreamMessage);
    const publish = (n: number) => rt.streams.publish('task', 'hang', { type: 'progress', done: n, total: 10 } as never);

    await call('events.subscribe', { streams: [{ key: 'task:hang', after: 0 }] });
    publish(1);
    expect(streamed().map((m) => m.type)).toEqual(['event']);
    emitter.emit('unresponsive');
    for (let i = 2; i <= 9; i++) publish(i);
    // One `lagged` notice, nothing else piles up for the hung window.
    expect(streamed().map((m) => m.type)).toEqual(['event', 'lagged']);
    emitter.emit('responsive');
    // The page follows again from the last event it had, and gets the rest once, in order.
    await call('events.subscribe', { streams: [{ key: 'task:hang', after: 1 }] });
    publish(10);
    const seqs = streamed().flatMap((m) => (m.type === 'event' ? [m.event.seq] : []));
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await rt.close();
  });
});
