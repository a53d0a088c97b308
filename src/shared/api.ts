/**
 * The one contract for every call the renderer (or the CLI, or an HTTP client)
 * can make. The preload bridge, the ipcMain binding, the HTTP routes and the
 * renderer client are all derived from `contract`, so adding a method is one
 * entry in a file under ./contract plus its implementation in src/main/core.
 */
import type { z } from 'zod';
import { appMethods } from './contract/app';
import { callMethods } from './contract/calls';
import { contextMethods } from './contract/context';
import { costMethods } from './contract/cost';
import type { MethodSpec } from './contract/define';
import { memoryMethods } from './contract/memory';
import { modelMethods } from './contract/models';
import { presetMethods } from './contract/presets';
import { repoMethods } from './contract/repo';
import { runMethods } from './contract/runs';
import { sessionMethods } from './contract/sessions';
import { settingsMethods } from './contract/settings';
import { tokenMethods } from './contract/tokens';
import { trustMethods } from './contract/trust';
import { wireMethods } from './contract/wire-methods';
import { xrayMethods } from './contract/xray-methods';
import type { ErrorShape } from './errors';
import type { EventSink, StreamMessage } from './streams';

export const contract = {
  ...appMethods,
  ...callMethods,
  ...repoMethods,
  ...contextMethods,
  ...modelMethods,
  ...runMethods,
  ...sessionMethods,
  ...settingsMethods,
  ...memoryMethods,
  ...presetMethods,
  ...xrayMethods,
  ...tokenMethods,
  ...wireMethods,
  ...trustMethods,
  ...costMethods,
} satisfies Record<string, MethodSpec<z.ZodType, unknown>>;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
/** What a caller sends (before defaults are applied). */
export type RequestOf<M extends MethodName> = z.input<Contract[M]['request']>;
/** What a service receives (after validation and defaults). */
export type ParsedRequestOf<M extends MethodName> = z.output<Contract[M]['request']>;
export type ResponseOf<M extends MethodName> = NonNullable<Contract[M]['response']>;

export const methodNames = Object.keys(contract) as MethodName[];

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/** What every call answers over IPC and the generic HTTP route: a result or an error shape. */
export type Envelope<T = unknown> = { ok: true; result: T } | { ok: false; error: ErrorShape };

/**
 * Push channels from main to a window. `stream` carries the events of the keys
 * the window follows (events.subscribe); `app.command` is the Electron menu
 * asking the focused window to act. The browser host sends streams over SSE.
 */
export interface EventMap {
  'app.command': { command: 'open-repository' | 'navigate'; view?: string };
  stream: StreamMessage;
}
export type EventName = keyof EventMap;
export const eventNames: EventName[] = ['app.command', 'stream'];

/** Extra HTTP routes on the browser host that alias a contract method. */
export const httpAliases: Record<string, MethodName> = {
  '/api/workspace/context': 'context.inspect',
};

/** IPC channel for a method; the only place the channel naming lives. */
export const ipcChannel = (name: MethodName): string => `loupe:${name}`;
export const ipcEventChannel = (name: EventName): string => `loupe-event:${name}`;

/**
 * What a service receives with its request: the call's id, a signal aborted
 * when the caller cancels (or the runtime closes), and a progress reporter that
 * publishes on the `task:<callId>` stream.
 */
export interface CallContext {
  readonly callId: string;
  readonly signal: AbortSignal;
  progress(done: number, total: number | null, label?: string): void;
  /** The caller's connection for events.subscribe, where its transport has one (IPC). */
  readonly sink?: EventSink;
}

/** What a service table looks like: one async function per method. */
export type Services = {
  [M in MethodName]: (request: ParsedRequestOf<M>, ctx: CallContext) => Promise<ResponseOf<M>>;
};
