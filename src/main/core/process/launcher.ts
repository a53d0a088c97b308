import { spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import { Readable, type Writable } from 'node:stream';

/** How a child ended: its exit code, or the signal that ended it. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnOptions {
  cwd: string;
  /** The child's whole environment (nothing is inherited implicitly). */
  env: NodeJS.ProcessEnv;
  /** Aborting it ends the child's whole process tree. */
  signal?: AbortSignal;
  /** 'pipe' (default) gives `stdin`; 'ignore' gives the child /dev/null. */
  stdin?: 'pipe' | 'ignore';
  /** Time between SIGTERM and SIGKILL when ending the tree (default 2 s). */
  killGraceMs?: number;
  /**
   * The user's terminal: stdio inherited and the child kept in the terminal's
   * foreground process group (an interactive CLI must be, to read the TTY and
   * get Ctrl-C itself); stdout/stderr are then empty streams. `loupe wrap`.
   */
  terminal?: boolean;
}

/** A started child. Its stdout/stderr must be consumed (or they fill up and it stalls). */
export interface ChildHandle {
  readonly pid: number | undefined;
  readonly command: string;
  readonly stdin: Writable | null;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Resolves once the child has exited and its output streams have closed. */
  readonly exited: Promise<ChildExit>;
  /** Ends the whole tree (SIGTERM, then SIGKILL after the grace period); resolves on exit. */
  kill(): Promise<ChildExit>;
}

/** Starts a process; `deps.spawn` in the core. Spawn failures (ENOENT) reject `exited` and emit nothing else. */
export type Spawn = (command: string, args: readonly string[], options: SpawnOptions) => ChildHandle;

export interface LauncherStats {
  started: number;
  ended: number;
  live: number;
  /** Started children by program (the command's base name: `git`, `node`, `claude`…). */
  byProgram: Record<string, number>;
  /** Live children by program (a pooled `git cat-file --batch` outlives a call by design). */
  liveByProgram: Record<string, number>;
}

export interface Launcher {
  spawn: Spawn;
  stats(): LauncherStats;
  /** Ends every live tree and resolves when all have exited; later spawns are refused. */
  closeAll(): Promise<void>;
}

const isWindows = process.platform === 'win32';

/**
 * Signals a process group (POSIX: the child leads its own group, so `-pid`
 * reaches everything it started that did not leave the group). On Windows,
 * `taskkill /T` ends the tree.
 */
function signalTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  if (isWindows) {
    // taskkill is the documented way to end a tree on Windows; there is no group signal.
    nodeSpawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).on('error', () => {});
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * The one place Loupe starts child processes (git, agent CLIs). Every child
 * leads its own process group so cancel and shutdown end its whole tree, and
 * the launcher counts what it started and what has ended.
 */
export function createLauncher(): Launcher {
  const live = new Set<ChildHandle>();
  let started = 0;
  let ended = 0;
  const byProgram: Record<string, number> = {};
  let closed = false;

  const spawn: Spawn = (command, args, options) => {
    if (closed) throw new Error('Loupe is shutting down; no new processes start.');
    const terminal = options.terminal === true;
    const child = nodeSpawn(command, [...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: terminal ? 'inherit' : [options.stdin ?? 'pipe', 'pipe', 'pipe'],
      detached: !isWindows && !terminal,
      windowsHide: true,
    });
    started++;
    const program = command.split(/[\\/]/).pop() ?? command;
    byProgram[program] = (byProgram[program] ?? 0) + 1;
    const grace = options.killGraceMs ?? 2000;
    let exitedAlready = false;
    const exited = new Promise<ChildExit>((resolve, reject) => {
      child.on('error', (err) => {
        // A spawn failure (ENOENT, EACCES) never emits 'close' with a code.
        if (child.pid === undefined && !exitedAlready) {
          exitedAlready = true;
          reject(err);
        }
      });
      child.once('close', (code, signal) => {
        exitedAlready = true;
        resolve({ code, signal });
      });
    });
    let killing: Promise<ChildExit> | null = null;
    const handle: ChildHandle = {
      pid: child.pid,
      command,
      stdin: child.stdin,
      stdout: child.stdout ?? Readable.from([]),
      stderr: child.stderr ?? Readable.from([]),
      exited,
      kill() {
        if (killing) return killing;
        if (exitedAlready || child.pid === undefined) return (killing = exited.catch(() => ({ code: null, signal: null })));
        // A terminal child shares the terminal's group (not its own): signal it alone.
        const end = (signal: NodeJS.Signals) => (terminal ? child.kill(signal) : signalTree(child, signal));
        end('SIGTERM');
        const timer = setTimeout(() => end('SIGKILL'), grace);
        timer.unref();
        killing = exited
          .catch(() => ({ code: null, signal: null }) as ChildExit)
          .finally(() => clearTimeout(timer));
        return killing;
      },
    };
    live.add(handle);
    const onAbort = () => void handle.kill();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    void exited
      .catch(() => undefined)
      .finally(() => {
        options.signal?.removeEventListener('abort', onAbort);
        live.delete(handle);
        ended++;
      });
    // An unread stdin pipe must not crash the process when the child exits early.
    child.stdin?.on('error', () => {});
    return handle;
  };

  return {
    spawn,
    stats: () => {
      const liveByProgram: Record<string, number> = {};
      for (const h of live) {
        const program = h.command.split(/[\\/]/).pop() ?? h.command;
        liveByProgram[program] = (liveByProgram[program] ?? 0) + 1;
      }
      return { started, ended, live: live.size, byProgram: { ...byProgram }, liveByProgram };
    },
    async closeAll() {
      closed = true;
      await Promise.all([...live].map((h) => h.kill()));
    },
  };
}
