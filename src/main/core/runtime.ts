import { resolve } from 'node:path';
import type { EventMap, EventName, Services } from '../../shared/api';
import type { HostKind } from '../../shared/contract/app';
import type { CoreDeps, Emit } from './deps';
import { detectGit, type GitBinary } from './git/git-cli';
import { createServices } from './services';
import { databaseFile, defaultUserDataDir } from './user-data';
import { openStore, type Db } from './store/store';
import { LOUPE_VERSION } from './version';

export interface Runtime {
  deps: CoreDeps;
  services: Services;
  /** Subscribe to push events; returns an unsubscribe function. */
  subscribe(listener: (event: EventName, payload: EventMap[EventName]) => void): () => void;
  close(): void;
  /** close(), then waits for registered cleanup (git child processes) to finish. */
  closeAsync(): Promise<void>;
}

export interface RuntimeOptions {
  host: HostKind;
  userDataDir?: string;
  git?: GitBinary;
  nativeBinding?: string;
  pickFolder?: () => Promise<string | null>;
  now?: () => Date;
  db?: Db;
}

/** Builds the database, git detection, event fan-out and service table in one place. */
export function createRuntime(options: RuntimeOptions): Runtime {
  // '' (LOUPE_USER_DATA= in a shell) means unset, like in the Electron main; a relative folder is made absolute.
  const userDataDir = resolve(options.userDataDir || defaultUserDataDir());
  const db = options.db ?? openStore(databaseFile(userDataDir), { nativeBinding: options.nativeBinding });
  const listeners = new Set<(event: EventName, payload: EventMap[EventName]) => void>();
  const emit: Emit = (event, payload) => {
    for (const l of listeners) l(event, payload);
  };
  const disposers: (() => void | Promise<void>)[] = [];
  const deps: CoreDeps = {
    db,
    userDataDir,
    host: options.host,
    version: LOUPE_VERSION,
    git: options.git ?? detectGit(),
    now: options.now ?? (() => new Date()),
    emit,
    pickFolder: options.pickFolder,
    onClose: (dispose) => void disposers.push(dispose),
  };
  const close = (): Promise<void> => {
    listeners.clear();
    if (db.open) db.close();
    const pending = disposers.splice(0).map((d) => Promise.resolve().then(d));
    return Promise.allSettled(pending).then(() => undefined);
  };
  return {
    deps,
    services: createServices(deps),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      void close();
    },
    closeAsync: close,
  };
}
