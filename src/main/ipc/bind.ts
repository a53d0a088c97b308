import type { IpcMain, IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { ipcChannel, methodNames, type Services } from '../../shared/api';
import { LoupeError, toErrorShape, type ErrorShape } from '../../shared/errors';
import { dispatch } from '../core/services';

/** What crosses IPC: a result or an error shape (Electron drops custom error fields). */
export type IpcEnvelope = { ok: true; result: unknown } | { ok: false; error: ErrorShape };

/**
 * Registers one ipcMain handler per contract method. Each checks that the
 * sender is one of our own frames, validates input, then calls the service.
 */
export function bindIpc(
  ipcMain: IpcMain,
  services: Services,
  isTrustedSender: (frame: WebFrameMain | null) => boolean,
): () => void {
  for (const name of methodNames) {
    ipcMain.handle(ipcChannel(name), async (event: IpcMainInvokeEvent, input: unknown): Promise<IpcEnvelope> => {
      try {
        if (!isTrustedSender(event.senderFrame)) {
          throw new LoupeError('forbidden', 'This window is not allowed to call Loupe.');
        }
        return { ok: true, result: await dispatch(services, name, input) };
      } catch (err) {
        return { ok: false, error: toErrorShape(err) };
      }
    });
  }
  return () => {
    for (const name of methodNames) ipcMain.removeHandler(ipcChannel(name));
  };
}
