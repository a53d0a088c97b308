import type { IpcMain, IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron';
import { ipcChannel, ipcEventChannel, methodNames, type Envelope } from '../../shared/api';
import { LoupeError, toErrorShape } from '../../shared/errors';
import { isStreamId } from '../../shared/streams/keys';
import type { EventSink } from '../../shared/streams/sink';
import type { Runtime } from '../core/runtime';

/**
 * One event sink per page load of a window: a reload or navigation retires the
 * old one (its subscriptions are dropped) so a reloaded page follows afresh.
 * A window that stops answering (Electron's `unresponsive`) takes no more
 * events: messages to a renderer that does not read would pile up in main, so
 * the hub drops its subscriptions with `lagged`, and the page, once it answers
 * again, reads its state anew and follows from there (as an SSE client does).
 */
function sinkRegistry() {
  const sinks = new WeakMap<WebContents, EventSink & { alive: boolean }>();
  return (contents: WebContents): EventSink => {
    let sink = sinks.get(contents);
    if (sink?.alive) return sink;
    let hung = false;
    const fresh = {
      alive: true,
      deliver(message: Parameters<EventSink['deliver']>[0]) {
        if (!fresh.alive || hung || contents.isDestroyed()) return false;
        contents.send(ipcEventChannel('stream'), message);
        return true;
      },
      close(last?: { message: Parameters<EventSink['deliver']>[0] }) {
        // The one `lagged` notice is queued for when the page answers again.
        if (last && fresh.alive && !contents.isDestroyed()) contents.send(ipcEventChannel('stream'), last.message);
      },
    };
    const retire = () => {
      fresh.alive = false;
    };
    contents.once('destroyed', retire);
    contents.once('did-start-navigation', retire);
    contents.on('unresponsive', () => (hung = true));
    contents.on('responsive', () => (hung = false));
    sink = fresh;
    sinks.set(contents, sink);
    return sink;
  };
}

/**
 * Registers one ipcMain handler per contract method. Each checks that the
 * sender is one of our own frames, then dispatches through the runtime with
 * the caller's call id (so `call.cancel` can reach it) and its window as the
 * event sink.
 */
export function bindIpc(
  ipcMain: IpcMain,
  runtime: Pick<Runtime, 'dispatch'>,
  isTrustedSender: (frame: WebFrameMain | null) => boolean,
): () => void {
  const sinkFor = sinkRegistry();
  for (const name of methodNames) {
    ipcMain.handle(ipcChannel(name), async (event: IpcMainInvokeEvent, input: unknown, callId: unknown): Promise<Envelope> => {
      try {
        if (!isTrustedSender(event.senderFrame)) {
          throw new LoupeError('forbidden', 'This window is not allowed to call Loupe.');
        }
        if (callId !== undefined && (typeof callId !== 'string' || !isStreamId(callId))) {
          throw new LoupeError('invalid-input', 'A call id must be 1-64 letters, digits, _ or -.');
        }
        const result = await runtime.dispatch(name, input, { callId, sink: sinkFor(event.sender) });
        return { ok: true, result };
      } catch (err) {
        return { ok: false, error: toErrorShape(err) };
      }
    });
  }
  return () => {
    for (const name of methodNames) ipcMain.removeHandler(ipcChannel(name));
  };
}
