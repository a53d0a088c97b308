import type { EventMap, EventName } from '../../shared/api';
import type { HostKind } from '../../shared/contract/app';
import type { GitBinary } from './git/git-cli';
import type { Db } from './store/store';

/** Sends a push event to every connected renderer (IPC or SSE). */
export type Emit = <E extends EventName>(event: E, payload: EventMap[E]) => void;

/**
 * What every core service is built from. Tests build these with real parts in
 * a temp folder; the Electron shell and the browser host build them for real.
 */
export interface CoreDeps {
  db: Db;
  userDataDir: string;
  host: HostKind;
  version: string;
  git: GitBinary;
  now: () => Date;
  emit: Emit;
  /** Native folder picker (Electron only). */
  pickFolder?: () => Promise<string | null>;
  /** Registers cleanup (e.g. ending git child processes) to run when the runtime closes. */
  onClose?: (dispose: () => void | Promise<void>) => void;
}
