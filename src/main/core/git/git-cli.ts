import type { ChildHandle, Spawn } from '../process/launcher';

/**
 * Environment for every git child: the caller's, minus variables that would
 * point git at another repository, with optional locks off so that read-only
 * commands such as `status` never write index.lock into the user's repo.
 */
export function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('GIT_')) continue;
    env[k] = v;
  }
  env.GIT_OPTIONAL_LOCKS = '0';
  env.GIT_TERMINAL_PROMPT = '0';
  env.LC_ALL = 'C';
  return env;
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
 * through the launcher (so it is counted and ended on cancel or shutdown).
 */
export interface GitRunner {
  /** Finds git once (LOUPE_GIT=none hides it, LOUPE_GIT=/path picks one). */
  detect(): Promise<GitBinary>;
  /** Runs one command in `cwd`; resolves with stdout bytes, rejects with GitCommandError. */
  run(cwd: string, args: string[], options?: RunGitOptions): Promise<Buffer>;
  /** run(), decoded as UTF-8. */
  text(cwd: string, args: string[], options?: RunGitOptions): Promise<string>;
  /** Starts a long-lived command (cat-file --batch); the caller owns its streams. */
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

  const start = (cwd: string, args: string[], opts: { signal?: AbortSignal } = {}): ChildHandle =>
    options.spawn(path, args, { cwd, env: gitEnv(), signal: opts.signal });

  const runner: GitRunner = {
    detect() {
      detected ??= (async (): Promise<GitBinary> => {
        if (wanted === 'none') return { available: false, path, version: null };
        try {
          const out = (await collect(start(process.cwd(), ['--version']), ['--version'], {})).toString('utf8');
          const match = /git version (\S+)/.exec(out);
          return match ? { available: true, path, version: match[1] ?? null } : { available: false, path, version: null };
        } catch {
          return { available: false, path, version: null };
        }
      })();
      return detected;
    },
    run(cwd, args, opts = {}) {
      let child: ChildHandle;
      try {
        child = start(cwd, args, { signal: opts.signal });
      } catch (err) {
        return Promise.reject(err);
      }
      return collect(child, args, opts);
    },
    async text(cwd, args, opts) {
      return (await runner.run(cwd, args, opts)).toString('utf8');
    },
    start,
  };
  return runner;
}
