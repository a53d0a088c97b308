import type { ChildHandle, Spawn } from '../process/launcher';
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
}

export interface GitRunnerOptions {
  spawn: Spawn;
  /** 'none' hides git; a path picks that binary; default `git` on PATH. */
  binary?: string;
}

/** Builds the runner; detection happens on first use. */
export function createGitRunner(options: GitRunnerOptions): GitRunner {
  const wanted = options.binary ?? process.env.LOUPE_GIT;
  const path = wanted && wanted !== 'none' ? wanted : 'git';
  let detected: Promise<GitBinary> | null = null;

  const collect = (child: ChildHandle, args: string[], opts: RunGitOptions): Promise<Buffer> => {
    const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let overflow = false;
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
      if (opts.signal?.aborted) throw opts.signal.reason ?? new Error('aborted');
      if (overflow) throw new GitCommandError(args, code, `output exceeded ${maxBytes} bytes`);
      if (code === 0) return Buffer.concat(chunks);
      throw new GitCommandError(args, code, stderr || (signal ? `ended by ${signal}` : ''));
    });
  };

  const launch = (cwd: string, invocation: GitInvocation, opts: { signal?: AbortSignal } = {}): ChildHandle =>
    options.spawn(path, invocation.args, { cwd, env: invocation.env, signal: opts.signal });
  const start = (cwd: string, args: string[], opts: { signal?: AbortSignal } = {}): ChildHandle => launch(cwd, gitInvocation(args), opts);

  const runner: GitRunner = {
    detect() {
      detected ??= (async (): Promise<GitBinary> => {
        if (wanted === 'none') return { available: false, path, version: null };
        try {
          const out = (await collect(start(process.cwd(), ['--version']), ['--version'], {})).toString('utf8');
          const version = /git version (\S+)/.exec(out)?.[1] ?? null;
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
  };
  return runner;
}
