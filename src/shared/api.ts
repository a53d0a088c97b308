/**
 * The one contract for every call the renderer (or the CLI, or an HTTP client)
 * can make. The preload bridge, the ipcMain binding, the HTTP routes and the
 * renderer client are all derived from `contract`, so adding a method is one
 * entry in a file under ./contract plus its implementation in src/main/core.
 */
import type { z } from 'zod';
import { appMethods } from './contract/app';
import { contextMethods } from './contract/context';
import type { MethodSpec } from './contract/define';
import { modelMethods } from './contract/models';

export const contract = {
  ...appMethods,
  ...contextMethods,
  ...modelMethods,
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

/** Push events from main to the renderer (webContents.send / Server-Sent Events). */
export interface EventMap {
  /** A menu item or shortcut in the Electron shell asks the renderer to act. */
  'app.command': { command: 'open-repository' | 'navigate'; view?: string };
  /** Progress of a long operation (e.g. a large inspection). */
  'task.progress': { task: string; done: number; total: number | null; label?: string };
}
export type EventName = keyof EventMap;
export const eventNames: EventName[] = ['app.command', 'task.progress'];

/** Extra HTTP routes on the browser host that alias a contract method. */
export const httpAliases: Record<string, MethodName> = {
  '/api/workspace/context': 'context.inspect',
};

/** IPC channel for a method; the only place the channel naming lives. */
export const ipcChannel = (name: MethodName): string => `loupe:${name}`;
export const ipcEventChannel = (name: EventName): string => `loupe-event:${name}`;

/** What a service table looks like: one async function per method. */
export type Services = {
  [M in MethodName]: (request: ParsedRequestOf<M>) => Promise<ResponseOf<M>>;
};
