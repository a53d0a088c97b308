// Store specs only: a stand-in for the renderer's bridge (its transport seam, src/renderer/src/bridge.ts).
// Every call waits until the test answers or fails it, so a spec decides the order answers
// arrive in. Used as `vi.mock('<path>/bridge', () => import('<path>/testing/fake-bridge'))`.
import type { MethodName, ResponseOf } from '../../../shared/api';
import type { ErrorCode, ErrorShape } from '../../../shared/errors';
import type { StreamEvent } from '../../../shared/streams/events';
import type { Bridge, CallOptions, FollowHandlers } from '../bridge';

/** The bridge's error class, as the stores test for it (`err instanceof BridgeError`). */
export class BridgeError extends Error {
  readonly code: ErrorCode;
  constructor(shape: ErrorShape) {
    super(shape.message);
    this.name = 'BridgeError';
    this.code = shape.code;
  }
}

export interface PendingCall<M extends MethodName = MethodName> {
  name: M;
  request: unknown;
  options: CallOptions;
  /** Resolves the call, then lets the store's awaits run. */
  answer(result: ResponseOf<M>): Promise<void>;
  fail(error: ErrorShape): Promise<void>;
}

const pending: PendingCall[] = [];
const followed: { key: string; handlers: FollowHandlers }[] = [];

/** Lets every promise chain the last answer started run to its end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

export const bridge: Bridge = {
  host: 'browser',
  call<M extends MethodName>(name: M, request: unknown, options: CallOptions = {}): Promise<ResponseOf<M>> {
    return new Promise<ResponseOf<M>>((resolve, reject) => {
      const call: PendingCall<M> = {
        name,
        request,
        options,
        answer: async (result) => {
          resolve(result);
          await settle();
        },
        fail: async (error) => {
          reject(new BridgeError(error));
          await settle();
        },
      };
      pending.push(call as unknown as PendingCall);
      options.signal?.addEventListener('abort', () => reject(new BridgeError({ code: 'cancelled', message: 'The call was cancelled.' })), { once: true });
    });
  },
  follow(key, handlers) {
    const entry = { key, handlers };
    followed.push(entry);
    return () => {
      const i = followed.indexOf(entry);
      if (i >= 0) followed.splice(i, 1);
    };
  },
  onCommand: () => () => undefined,
};

export function newCallId(): string {
  return 'c-test';
}

/** The calls made and not yet taken by the spec, oldest first, by method name. */
export function callsTo(name: MethodName): PendingCall[] {
  return pending.filter((c) => c.name === name);
}

/** Takes the oldest call to `name` (it must have been made). */
export function take<M extends MethodName>(name: M): PendingCall<M> {
  const i = pending.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`No call to ${name} is waiting (waiting: ${pending.map((c) => c.name).join(', ') || 'none'}).`);
  return pending.splice(i, 1)[0] as unknown as PendingCall<M>;
}

/** Delivers a pushed event to every handler still following its key, as the host's stream would. */
export function push(event: StreamEvent): void {
  for (const f of followed.filter((f) => f.key === event.key)) f.handlers.onEvent(event);
}

/** Forgets every call not answered (between tests). */
export function resetBridge(): void {
  pending.length = 0;
  followed.length = 0;
}
