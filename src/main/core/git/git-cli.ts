import { spawn, spawnSync } from 'node:child_process';

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

export interface GitBinary {
  available: boolean;
  path: string;
  version: string | null;
}

let cached: GitBinary | undefined;

/**
 * Finds the git CLI once per process. `LOUPE_GIT=none` hides it (to exercise
 * the embedded isomorphic-git path); `LOUPE_GIT=/path/to/git` picks one.
 */
export function detectGit(): GitBinary {
  if (cached) return cached;
  const wanted = process.env.LOUPE_GIT;
  if (wanted === 'none') return (cached = { available: false, path: 'git', version: null });
  const path = wanted || 'git';
  const r = spawnSync(path, ['--version'], { env: gitEnv(), encoding: 'utf8', timeout: 5000 });
  const match = r.status === 0 ? /git version (\S+)/.exec(r.stdout) : null;
  cached = match ? { available: true, path, version: match[1] ?? null } : { available: false, path, version: null };
  return cached;
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
}

/** Runs one git command in `cwd` and resolves with its stdout bytes; rejects with GitCommandError. */
export function runGit(git: GitBinary, cwd: string, args: string[], options: RunGitOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(git.path, args, { cwd, env: gitEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let overflow = false;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        overflow = true;
        child.kill();
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.on('error', (err) => reject(err));
    child.on('close', (code) => {
      if (overflow) reject(new GitCommandError(args, code, `output exceeded ${maxBytes} bytes`));
      else if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new GitCommandError(args, code, stderr));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(options.input);
  });
}

/** runGit, decoded as UTF-8 text. */
export async function runGitText(git: GitBinary, cwd: string, args: string[]): Promise<string> {
  return (await runGit(git, cwd, args)).toString('utf8');
}
