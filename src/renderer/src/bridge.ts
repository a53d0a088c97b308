/**
 * The renderer's only way out: window.loupe (Electron preload) when present,
 * otherwise the browser host's HTTP API. Both speak the contract in shared/api.
 */
import type { EventMap, EventName, MethodName, RequestOf, ResponseOf } from '../../shared/api';
import type { HostKind } from '../../shared/contract/app';
import { isErrorShape, type ErrorCode, type ErrorShape } from '../../shared/errors';

export class BridgeError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(shape: ErrorShape) {
    super(shape.message);
    this.name = 'BridgeError';
    this.code = shape.code;
    this.details = shape.details;
  }
}

export interface Bridge {
  host: HostKind;
  call<M extends MethodName>(name: M, request: RequestOf<M>): Promise<ResponseOf<M>>;
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void;
  /** Real path of a dropped file, where the host can know it (Electron). */
  pathForFile?(file: File): string;
}

type Envelope = { ok: true; result: unknown } | { ok: false; error: ErrorShape };
interface PreloadApi {
  host: 'electron';
  on(event: EventName, listener: (payload: unknown) => void): () => void;
  pathForFile(file: File): string;
  [group: string]: unknown;
}

declare global {
  interface Window {
    loupe?: PreloadApi;
  }
}

function electronBridge(api: PreloadApi): Bridge {
  return {
    host: 'electron',
    async call(name, request) {
      const [group, member] = name.split('.') as [string, string];
      const fn = (api[group] as Record<string, (r: unknown) => Promise<Envelope>> | undefined)?.[member];
      if (!fn) throw new BridgeError({ code: 'unknown-method', message: `The app has no method ${name}.` });
      const envelope = await fn(request);
      if (!envelope.ok) throw new BridgeError(envelope.error);
      return envelope.result as ResponseOf<typeof name>;
    },
    on: (event, listener) => api.on(event, listener as (p: unknown) => void),
    pathForFile: (file) => api.pathForFile(file),
  };
}

const TOKEN_KEY = 'loupe.token';

/** The browser host's token: from `?token=` on first load, then sessionStorage; the URL is cleaned. */
export function takeToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

function httpBridge(): Bridge {
  const token = takeToken() ?? '';
  let source: EventSource | null = null;
  const eventSource = () => (source ??= new EventSource(`/api/events?token=${encodeURIComponent(token)}`));
  return {
    host: 'browser',
    async call(name, request) {
      let response: Response;
      try {
        response = await fetch(`/api/rpc/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-loupe-token': token },
          body: JSON.stringify(request ?? {}),
        });
      } catch {
        throw new BridgeError({
          code: 'internal',
          message: 'Lost contact with the Loupe host. Is `loupe serve` still running?',
        });
      }
      const body = (await response.json().catch(() => null)) as { result?: unknown; error?: unknown } | null;
      if (response.ok && body && 'result' in body) return body.result as ResponseOf<typeof name>;
      if (body && isErrorShape(body.error)) throw new BridgeError(body.error);
      throw new BridgeError({ code: 'internal', message: `The Loupe host answered ${response.status}.` });
    },
    on(event, listener) {
      const handler = (e: MessageEvent<string>) => listener(JSON.parse(e.data) as EventMap[typeof event]);
      eventSource().addEventListener(event, handler);
      return () => eventSource().removeEventListener(event, handler);
    },
  };
}

export const bridge: Bridge = window.loupe ? electronBridge(window.loupe) : httpBridge();
