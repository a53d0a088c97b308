import { LoupeError } from '../../../shared/errors';
import type { ChildHandle, Spawn } from '../process/launcher';
import { refuseBlockingGitFiles } from './git-files-check';
import { cachedGitVersion, gitBinaryKey, storeGitVersion } from './git-version-cache';
import { gitInvocation, isSafeGitVersion, LIST_CONFIG_ARGS, needsRepoConfig, safeGitEnv, type GitInvocation } from './safe-git';

/**
 * Environment for a git child that runs no repository-named program (see
 * safe-git.ts): the caller's minus GIT_* variables, locks off, no network, and the
 * fixed config overrides. The runner uses gitInvocation, which also checks the command.
 */
export function gitEnv(): NodeJS.ProcessEnv {
  return safeGitEnv();
}

/** Where git is and which version; `available: false` means the embedded reader is used. */
export interface GitBinary {
  available: boolean;
  path: string;
  version: string | null;
}

export class GitCommandError extends Error {
  constructor(
    readonly args: string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args.join(' ')} failed (${exitCode ?? 'signal'}): ${stderr.trim() || 'no message'}`);
    this.name = 'GitCommandError';
  }
}

export interface RunGitOptions {
  /** Stop reading and fail past this many stdout bytes (default 64 MiB). */
  maxBytes?: number;
  input?: string | Buffer;
  /** Aborting ends the git process. */
  signal?: AbortSignal;
  /** Wall-clock limit; past it the process is ended and the call fails with `timed-out` (default: the runner's). */
  timeoutMs?: number;
}

/** Default wall-clock limit of one git command (LOUPE_GIT_TIMEOUT_MS overrides it). */
export const GIT_TIMEOUT_MS = 60_000;

/** The error of a git command stopped at its wall-clock limit: plain words, a stable code. */
export function gitTimedOut(args: readonly string[], ms: number): LoupeError {
  return new LoupeError(
    'timed-out',
    `git ${args[0] ?? ''} did not finish within ${ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`} and was stopped. ` +
      'Something in this repository keeps git waiting: a FIFO or device named by its config (include.path) or its .gitattributes, or a file system that does not answer.',
  );
}

/**
 * Every git command Loupe runs goes through one of these: found once, started
 * through the launcher (so it is counted and ended on cancel or shutdown), with
 * the arguments and environment safe-git.ts decides, so that no repository's
 * config or attributes make git run a program.
 */
export interface GitRunner {
  /**
   * Finds git once (LOUPE_GIT=none hides it, LOUPE_GIT=/path picks one). A git older than
   * MIN_SAFE_GIT_VERSION counts as unavailable: it would ignore the overrides (the embedded reader is used).
   */
  detect(): Promise<GitBinary>;
  /**
   * Runs one command in `cwd`; resolves with stdout bytes, rejects with GitCommandError.
   * A command that reads the working tree (status, diff) first lists the repository's
   * config, so the filters and drivers it names are overridden too.
   */
  run(cwd: string, args: string[], options?: RunGitOptions): Promise<Buffer>;
  /** run(), decoded as UTF-8. */
  text(cwd: string, args: string[], options?: RunGitOptions): Promise<string>;
  /** Starts a long-lived command (cat-file --batch; not one that reads the working tree); the caller owns its streams. */
  start(cwd: string, args: string[], options?: { signal?: AbortSignal }): ChildHandle;
  /** The wall-clock limit of one command (or, for a long-lived one, of one answer). */
  readonly timeoutMs: number;
}

export interface GitRunnerOptions {
  spawn: Spawn;
  /** 'none' hides git; a path picks that binary; default `git` on PATH. */
  binary?: string;
  /** Wall-clock limit per command; default LOUPE_GIT_TIMEOUT_MS or GIT_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * A file keeping the binary's version between processes (git-version-cache.ts), so
   * detect() starts no `git --version` while the same binary is installed; none: always asked.
   */
  versionCacheFile?: string;
}

function timeoutFromEnv(): number {
  const n = Number(process.env.LOUPE_GIT_TIMEOUT_MS);
  return Number.isInteger(n) && n > 0 ? n : GIT_TIMEOUT_MS;
}

/** Linux refuses one argument over 128 KiB and a command line over ARG_MAX (2 MiB with the environment): stay well under. */
const MAX_ARG_BYTES = 128 * 1024 - 1;
const MAX_ARGS_BYTES = 1024 * 1024;

/** Refuses a git command line the system would reject (spawn E2BIG) with a plain invalid-input error. */
function checkArgumentSize(args: readonly string[]): void {
  let total = 0;
  for (const arg of args) {
    const bytes = Buffer.byteLength(arg, 'utf8') + 1;
    if (bytes > MAX_ARG_BYTES) throw new LoupeError('invalid-input', `A path or argument of ${bytes.toLocaleString('en-US')} bytes is too long for a git command line.`);
    total += bytes;
  }
  if (total > MAX_ARGS_BYTES) {
    throw new LoupeError('invalid-input', `The paths given make a git command line of ${total.toLocaleString('en-US')} bytes, over the ${MAX_ARGS_BYTES.toLocaleString('en-US')} Loupe allows; select fewer or shorter paths.`);
  }
}

/** Builds the runner; detection happens on first use. */
export function createGitRunner(options: GitRunnerOptions): GitRunner {
  const wanted = options.binary ?? process.env.LOUPE_GIT;
  const path = wanted && wanted !== 'none' ? wanted : 'git';
  const timeoutMs = options.timeoutMs ?? timeoutFromEnv();
  let detected: Promise<GitBinary> | null = null;

  const collect = (child: ChildHandle, args: string[], opts: RunGitOptions): Promise<Buffer> => {
    const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let overflow = false;
    // A git blocked on a FIFO (include.path, .gitattributes) would wait forever: end it at the limit.
    const limit = opts.timeoutMs ?? timeoutMs;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void child.kill();
    }, limit);
    timer.unref();
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        overflow = true;
        void child.kill();
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.stdin?.end(opts.input);
    return child.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      if (timedOut) throw gitTimedOut(args, limit);
      if (opts.signal?.aborted) throw opts.signal.reason ?? new Error('aborted');
      if (overflow) throw new GitCommandError(args, code, `output exceeded ${maxBytes} bytes`);
      if (code === 0) return Buffer.concat(chunks);
      throw new GitCommandError(args, code, stderr || (signal ? `ended by ${signal}` : ''));
    });
  };

  const launch = (cwd: string, invocation: GitInvocation, opts: { signal?: AbortSignal } = {}): ChildHandle => {
    checkArgumentSize(invocation.args);
    // A FIFO git reads on every command would hold it until the limit: refused before it starts.
    refuseBlockingGitFiles(cwd);
    return options.spawn(path, invocation.args, { cwd, env: invocation.env, signal: opts.signal });
  };
  const start = (cwd: string, args: string[], opts: { signal?: AbortSignal } = {}): ChildHandle => launch(cwd, gitInvocation(args), opts);

  const runner: GitRunner = {
    detect() {
      detected ??= (async (): Promise<GitBinary> => {
        if (wanted === 'none') return { available: false, path, version: null };
        const cacheFile = options.versionCacheFile;
        const key = cacheFile ? gitBinaryKey(path) : null;
        const cached = cacheFile && key ? cachedGitVersion(cacheFile, key) : null;
        if (cached) return { available: isSafeGitVersion(cached), path, version: cached };
        try {
          const out = (await collect(start(process.cwd(), ['--version']), ['--version'], {})).toString('utf8');
          const version = /git version (\S+)/.exec(out)?.[1] ?? null;
          if (cacheFile && key && version) storeGitVersion(cacheFile, key, version);
          return { available: isSafeGitVersion(version), path, version };
        } catch {
          return { available: false, path, version: null };
        }
      })();
      return detected;
    },
    async run(cwd, args, opts = {}) {
      // LOUPE_GIT=none: no git process at all, whoever asks.
      if (wanted === 'none') throw new GitCommandError(args, null, 'git is hidden (LOUPE_GIT=none)');
      const config = needsRepoConfig(args)
        ? (await collect(launch(cwd, gitInvocation(LIST_CONFIG_ARGS), { signal: opts.signal }), args, { signal: opts.signal })).toString('utf8')
        : undefined;
      return collect(launch(cwd, gitInvocation(args, config), { signal: opts.signal }), args, opts);
    },
    async text(cwd, args, opts) {
      return (await runner.run(cwd, args, opts)).toString('utf8');
    },
    start,
    timeoutMs,
  };
  return runner;
}
