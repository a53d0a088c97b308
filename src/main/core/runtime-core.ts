import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { CallContext, MethodName, RequestOf, ResponseOf, Services } from '../../shared/api';
import type { HostKind } from '../../shared/contract/app';
import { LoupeError } from '../../shared/errors';
import type { EventSink } from '../../shared/streams/sink';
import type { CoreDeps } from './deps';
import { createGitRunner } from './git/git-cli';
import { GIT_VERSION_FILE } from './git/git-version-cache';
import type { GitHeadStart } from './git/head-start';
import { GitReaderPool } from './git/reader-pool';
import { createLauncher, type Launcher } from './process/launcher';
import { findResourcesDir } from './resources-dir';
import type { CallControl } from './app/call-services';
import { openStore, type Db } from './store/store';
import { StreamHub, type HubLimits } from './streams/hub';
import { lazyTokenCounter, tokenWorkersFromEnv } from './tokens/shared-counter';
import { databaseFile, defaultUserDataDir } from './user-data';
import { LOUPE_VERSION } from './version';

/** How a transport or in-process caller runs one call. */
export interface CallOptions {
  /** The caller's id for this call (progress goes to `task:<callId>`); one is made up otherwise. */
  callId?: string;
  /** Aborting it cancels the call: it ends with `cancelled`. */
  signal?: AbortSignal;
  /** The caller's event connection (IPC), for events.subscribe. */
  sink?: EventSink;
}

export interface Runtime {
  deps: CoreDeps;
  launcher: Launcher;
  streams: StreamHub;
  /** Typed in-process call: validates the request like every transport does. */
  call<M extends MethodName>(name: M, request: RequestOf<M>, options?: CallOptions): Promise<ResponseOf<M>>;
  /** For transports: the method name and input as they arrived, checked here. */
  dispatch(name: string, input: unknown, options?: CallOptions): Promise<unknown>;
  /**
   * Aborts a call in flight. True when the call with that id is cancelled: now,
   * or lately by another path (its caller hung up, a first cancel); false for an
   * unknown id or a call that ended on its own.
   */
  cancel(callId: string): boolean;
  /** Calls in flight (for tests and shutdown). */
  inFlight(): number;
  /**
   * Stops taking calls, aborts those in flight and waits for them, runs
   * registered cleanup, ends every child process tree, then closes the database.
   */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  host: HostKind;
  userDataDir?: string;
  /** 'none' hides git (the embedded reader is used); a path picks that binary. Default: LOUPE_GIT or `git`. */
  gitBinary?: string;
  nativeBinding?: string;
  pickFolder?: () => Promise<string | null>;
  /** Native save dialog (Electron): writes the document where the user chooses; null when cancelled. */
  saveFile?: (suggestedName: string, content: string) => Promise<string | null>;
  now?: () => Date;
  db?: Db;
  /** How long close() waits for calls in flight to end after aborting them. */
  closeGraceMs?: number;
  /** The environment agents start with; the process's own by default. */
  env?: NodeJS.ProcessEnv;
  /** The app's resources folder; found next to the code when not given. */
  resourcesDir?: string;
  /** Ring and key bounds of the event streams (tests use small ones). */
  streamLimits?: Partial<HubLimits>;
  /**
   * Start the token workers as soon as the settings in force name a model with
   * a public tokenizer, so the first exact count does not pay their start (the
   * app and the browser host; one-shot CLI commands never count ahead).
   */
  warmTokens?: boolean;
  /**
   * A launcher and git runner with an inspection's first git processes already started
   * (git/head-start.ts, built with this runtime's userDataDir and gitBinary): the runtime
   * uses them instead of its own, and its reader pool takes the processes over.
   */
  gitHeadStart?: GitHeadStart;
}

/** How many ended-cancelled call ids are kept for a late `cancel` (a few KB). */
const CANCELLED_KEPT = 256;

interface Running {
  controller: AbortController;
  done: Promise<unknown>;
}

/**
 * Which methods a runtime serves and how it checks their requests. The app's
 * runtime (runtime.ts) has every method; a one-shot command can build one with
 * only its own, so it loads only the code (and zod schemas) those need.
 */
export interface ServiceTable {
  /** The services, built once over the runtime's deps. */
  create(deps: CoreDeps, control: CallControl): Partial<Services>;
  /** Validates a request of a method the table has (shared/validate.ts: the contract's schema). */
  parse(name: MethodName, input: unknown): unknown;
}

/** Builds the database, launcher, git runner, streams and the given service table in one place. */
export function createRuntimeWith(options: RuntimeOptions, table: ServiceTable): Runtime {
  // '' (LOUPE_USER_DATA= in a shell) means unset, like in the Electron main; a relative folder is made absolute.
  const userDataDir = resolve(options.userDataDir || defaultUserDataDir());
  let db: Db | undefined = options.db;
  // `loupe inspect` may have started its first git processes already: the runtime owns them from here.
  const headStart = options.gitHeadStart ?? null;
  const launcher = headStart?.launcher ?? createLauncher();
  const streams = new StreamHub(options.streamLimits);
  const git = headStart?.git ?? createGitRunner({ spawn: launcher.spawn, binary: options.gitBinary, versionCacheFile: join(userDataDir, GIT_VERSION_FILE) });
  const disposers: (() => void | Promise<void>)[] = [];
  const running = new Map<string, Running>();
  // Ids of calls that ended cancelled, newest last: a browser's cancel and its closed request race, and either wins.
  const endedCancelled = new Set<string>();
  let closing: Promise<void> | null = null;

  const deps: CoreDeps = {
    get db() {
      if (closing && !db) throw new LoupeError('shutting-down', 'Loupe is shutting down.');
      db ??= openStore(databaseFile(userDataDir), { nativeBinding: options.nativeBinding });
      return db;
    },
    userDataDir,
    resourcesDir: options.resourcesDir ?? findResourcesDir(),
    nativeBinding: options.nativeBinding,
    warmTokens: options.warmTokens === true,
    host: options.host,
    version: LOUPE_VERSION,
    git,
    repos: new GitReaderPool(git, undefined, headStart),
    spawn: launcher.spawn,
    tokens: lazyTokenCounter({ workers: tokenWorkersFromEnv() }),
    streams,
    env: options.env ?? process.env,
    now: options.now ?? (() => new Date()),
    pickFolder: options.pickFolder,
    saveFile: options.saveFile,
    onClose: (dispose) => void disposers.push(dispose),
  };
  deps.onClose(() => deps.repos.closeAll());
  deps.onClose(() => deps.tokens.close());

  const services = table.create(deps, {
    cancel: (callId) => cancel(callId),
  });

  function cancel(callId: string): boolean {
    const call = running.get(callId);
    if (!call) return endedCancelled.has(callId);
    call.controller.abort(new LoupeError('cancelled', 'The call was cancelled.'));
    return true;
  }

  function rememberCancelled(callId: string): void {
    endedCancelled.add(callId);
    if (endedCancelled.size > CANCELLED_KEPT) endedCancelled.delete(endedCancelled.values().next().value!);
  }

  async function dispatch(name: string, input: unknown, opts: CallOptions = {}): Promise<unknown> {
    if (closing) throw new LoupeError('shutting-down', 'Loupe is shutting down; the call was not started.');
    if (!Object.hasOwn(services, name)) throw new LoupeError('unknown-method', `There is no method called "${name}".`);
    const request = table.parse(name as MethodName, input);
    const callId = opts.callId ?? `c${randomUUID().replaceAll('-', '')}`;
    if (running.has(callId)) throw new LoupeError('invalid-input', `A call with id ${callId} is already running.`);
    const controller = new AbortController();
    const onAbort = () => controller.abort(new LoupeError('cancelled', 'The call was cancelled.'));
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    let reported = false as boolean; // set by the service's progress callback
    const ctx: CallContext = {
      callId,
      signal: controller.signal,
      sink: opts.sink,
      progress(done, total, label) {
        if (controller.signal.aborted) return;
        reported = true;
        streams.publish('task', callId, { type: 'progress', done, total, ...(label === undefined ? {} : { label }) });
      },
    };
    const fn = services[name as MethodName] as (req: unknown, ctx: CallContext) => Promise<unknown>;
    const done = (async () => {
      controller.signal.throwIfAborted();
      return fn(request, ctx);
    })();
    running.set(callId, { controller, done });
    try {
      const result = await done;
      // A service that finished its work despite a late abort still answers: nothing was lost.
      if (reported) streams.publish('task', callId, { type: 'end', outcome: 'ok' });
      return result;
    } catch (err) {
      const cancelled = controller.signal.aborted;
      if (reported) streams.publish('task', callId, { type: 'end', outcome: cancelled ? 'cancelled' : 'error' });
      if (cancelled && !(err instanceof LoupeError && err.code !== 'cancelled' && err.code !== 'internal')) {
        throw new LoupeError('cancelled', 'The call was cancelled.');
      }
      throw err;
    } finally {
      running.delete(callId);
      if (controller.signal.aborted) rememberCancelled(callId);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function close(): Promise<void> {
    for (const call of running.values()) {
      call.controller.abort(new LoupeError('cancelled', 'Loupe is shutting down; the call was cancelled.'));
    }
    const grace = options.closeGraceMs ?? 10_000;
    const settled = Promise.allSettled([...running.values()].map((c) => c.done));
    await Promise.race([settled, new Promise((r) => setTimeout(r, grace).unref())]);
    // Cleanup first (graceful: a cat-file reader ends when its stdin closes), then whatever is still alive.
    const cleanup = Promise.allSettled(disposers.splice(0).map((d) => Promise.resolve().then(d)));
    await Promise.race([cleanup, new Promise((r) => setTimeout(r, grace).unref())]);
    await launcher.closeAll();
    if (db?.open) db.close();
  }

  return {
    deps,
    launcher,
    streams,
    call: (name, request, opts) => dispatch(name, request, opts) as Promise<ResponseOf<typeof name>>,
    dispatch,
    cancel,
    inFlight: () => running.size,
    close() {
      closing ??= close();
      return closing;
    },
  };
}
