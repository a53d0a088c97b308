/**
 * The renderer's only way out: window.loupe (Electron preload) when present,
 * otherwise the browser host's HTTP API. Both speak the contract in shared/api:
 * calls (cancellable, with a call id) and streams followed by key.
 */
import type { Envelope, EventMap, MethodName, RequestOf, ResponseOf } from '../../shared/api';
import type { HostKind } from '../../shared/contract/app';
import { isErrorShape, type ErrorCode, type ErrorShape } from '../../shared/errors';
import type { StreamMessage } from '../../shared/streams';
import { StreamFollower, type FollowHandlers } from './bridge/follower';
import { sseTransport } from './bridge/sse-transport';

export type { FollowHandlers } from './bridge/follower';

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

export interface CallOptions {
  /** Aborting it cancels the call in main; the promise rejects with code `cancelled`. */
  signal?: AbortSignal;
  /** The id the call runs under; its progress streams on `task:<callId>`. */
  callId?: string;
}

export interface Bridge {
  host: HostKind;
  call<M extends MethodName>(name: M, request: RequestOf<M>, options?: CallOptions): Promise<ResponseOf<M>>;
  /** Follows a stream key (`run:<id>`, `task:<callId>`); returns the unfollow function. */
  follow(key: string, handlers: FollowHandlers, after?: number): () => void;
  /** The Electron menu's commands (never sent by the browser host). */
  onCommand(listener: (command: EventMap['app.command']) => void): () => void;
  /** Real path of a dropped file, where the host can know it (Electron). */
  pathForFile?(file: File): string;
}

/** A fresh id for a call, so its progress stream can be followed before it starts. */
export function newCallId(): string {
  return `c${crypto.randomUUID().replaceAll('-', '')}`;
}

interface PreloadApi {
  host: 'electron';
  on(event: keyof EventMap, listener: (payload: unknown) => void): () => void;
  pathForFile(file: File): string;
  [group: string]: unknown;
}

declare global {
  interface Window {
    loupe?: PreloadApi;
  }
}

function unwrap<T>(envelope: Envelope<T>): T {
  if (!envelope.ok) throw new BridgeError(envelope.error);
  return envelope.result;
}

function electronBridge(api: PreloadApi): Bridge {
  const invoke = (name: string, request: unknown, callId?: string): Promise<Envelope> => {
    const [group, member] = name.split('.') as [string, string];
    const fn = (api[group] as Record<string, (r: unknown, id?: string) => Promise<Envelope>> | undefined)?.[member];
    if (!fn) throw new BridgeError({ code: 'unknown-method', message: `The app has no method ${name}.` });
    return fn(request, callId);
  };
  const follower = new StreamFollower();
  let subscribed = new Set<string>();
  follower.attach({
    update(positions) {
      const wanted = new Set(Object.keys(positions));
      const added = [...wanted].filter((k) => !subscribed.has(k));
      const removed = [...subscribed].filter((k) => !wanted.has(k));
      subscribed = wanted;
      if (added.length) void invoke('events.subscribe', { streams: added.map((key) => ({ key, after: positions[key] ?? 0 })) });
      if (removed.length) void invoke('events.unsubscribe', { keys: removed });
    },
  });
  api.on('stream', (payload) => {
    const message = payload as StreamMessage;
    // Dropped while the window did not answer: follow everything again from our own positions (nothing is lost).
    if (message.type === 'lagged') {
      const positions = follower.snapshot();
      const streams = [...subscribed].map((key) => ({ key, after: positions[key] ?? 0 }));
      if (streams.length) void invoke('events.subscribe', { streams });
      return;
    }
    follower.receive(message);
  });
  return {
    host: 'electron',
    async call(name, request, options = {}) {
      const callId = options.callId ?? (options.signal ? newCallId() : undefined);
      const onAbort = () => void invoke('call.cancel', { callId });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return unwrap(await invoke(name, request, callId)) as ResponseOf<typeof name>;
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
      }
    },
    follow: (key, handlers, after) => follower.follow(key, handlers, after),
    onCommand: (listener) => api.on('app.command', listener as (p: unknown) => void),
    pathForFile: (file) => api.pathForFile(file),
  };
}

function httpBridge(): Bridge {
  const follower = new StreamFollower();
  follower.attach(sseTransport(follower));
  const post = async (name: string, request: unknown, headers: Record<string, string>, signal?: AbortSignal) => {
    let response: Response;
    try {
      response = await fetch(`/api/rpc/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(request ?? {}),
        signal,
      });
    } catch (err) {
      if (signal?.aborted) throw new BridgeError({ code: 'cancelled', message: 'The call was cancelled.' });
      throw new BridgeError({
        code: 'internal',
        message: `Lost contact with the Loupe host (${err instanceof Error ? err.message : 'network error'}). Is npm start or loupe serve still running?`,
      });
    }
    const body = (await response.json().catch(() => null)) as Envelope | null;
    if (body && typeof body === 'object' && 'ok' in body) {
      if (body.ok) return body.result;
      if (isErrorShape(body.error)) throw new BridgeError(body.error);
    }
    throw new BridgeError({ code: 'internal', message: `The Loupe host answered ${response.status}.` });
  };
  return {
    host: 'browser',
    async call(name, request, options = {}) {
      const callId = options.callId ?? (options.signal ? newCallId() : undefined);
      const headers: Record<string, string> = callId ? { 'x-loupe-call-id': callId } : {};
      // Closing the request cancels it on the host; call.cancel says so explicitly as well.
      const onAbort = () => void post('call.cancel', { callId }, {}).catch(() => undefined);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return (await post(name, request, headers, options.signal)) as ResponseOf<typeof name>;
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
      }
    },
    follow: (key, handlers, after) => follower.follow(key, handlers, after),
    onCommand: () => () => {},
  };
}

export const bridge: Bridge = window.loupe ? electronBridge(window.loupe) : httpBridge();
