// Electron's binary can't exist in this test environment, so ipcMain and the
// sender frames are small stand-ins with the same shape; the services are real.
import type { IpcMain, WebFrameMain } from 'electron';
import { afterAll, describe, expect, it } from 'vitest';
import { ipcChannel, methodNames } from '../../shared/api';
import { makeRepo, makeRuntime, removeTempDirs } from '../core/testing/fixtures';
import { bindIpc, type IpcEnvelope } from './bind';

afterAll(removeTempDirs);

type Handler = (event: { senderFrame: WebFrameMain | null }, input: unknown) => Promise<IpcEnvelope>;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  const ipc = {
    handle: (channel: string, fn: Handler) => handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMain;
  return { ipc, handlers };
}

const ownFrame = { url: 'file:///app/out/renderer/index.html' } as WebFrameMain;
const foreignFrame = { url: 'https://evil.example/' } as WebFrameMain;

describe('bindIpc', () => {
  it('registers one handler per contract method and removes them all', () => {
    const { ipc, handlers } = fakeIpcMain();
    const rt = makeRuntime();
    const unbind = bindIpc(ipc, rt.services, () => true);
    expect([...handlers.keys()].sort()).toEqual(methodNames.map(ipcChannel).sort());
    unbind();
    expect(handlers.size).toBe(0);
    rt.close();
  });

  it('answers trusted senders, refuses others, and carries error codes in the envelope', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const rt = makeRuntime();
    bindIpc(ipc, rt.services, (frame) => frame === ownFrame);
    const open = handlers.get(ipcChannel('repo.open'))!;
    const repo = makeRepo({ 'a.txt': 'a' });

    const ok = await open({ senderFrame: ownFrame }, { path: repo });
    expect(ok).toMatchObject({ ok: true, result: { root: repo } });

    const refused = await open({ senderFrame: foreignFrame }, { path: repo });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    const invalid = await open({ senderFrame: ownFrame }, { path: 'relative' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    const badShape = await open({ senderFrame: ownFrame }, { path: ['x'] });
    expect(badShape).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    rt.close();
  });
});
