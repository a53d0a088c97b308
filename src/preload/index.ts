// Sandboxed preload: bundled self-contained (CommonJS), requires only `electron`.
// It exposes one named function per contract method (window.loupe.repo.open(req, callId?))
// and a subscription limited to the contract's push channels; never raw ipcRenderer.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { eventNames, ipcChannel, ipcEventChannel, methodNames, type EventName } from '../shared/api';

type Fn = (request?: unknown, callId?: string) => Promise<unknown>;
const api: Record<string, Record<string, Fn>> = {};
for (const name of methodNames) {
  const [group, member] = name.split('.') as [string, string];
  (api[group] ??= {})[member] = (request?: unknown, callId?: string) =>
    ipcRenderer.invoke(ipcChannel(name), request ?? {}, typeof callId === 'string' ? callId : undefined);
}

const bridge = {
  ...api,
  host: 'electron' as const,
  on(event: EventName, listener: (payload: unknown) => void): () => void {
    if (!eventNames.includes(event)) throw new Error(`Unknown Loupe event: ${String(event)}`);
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(ipcEventChannel(event), wrapped);
    return () => ipcRenderer.removeListener(ipcEventChannel(event), wrapped);
  },
  /** The real path of a dropped file (File.path is gone in current Electron). */
  pathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
};

contextBridge.exposeInMainWorld('loupe', bridge);
