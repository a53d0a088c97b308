// Running a CLI briefly (`--version`, `login status`) through the launcher, with a timeout.
import type { ChildExit } from '../../process/launcher';
import type { DetectContext } from './adapter';

/** How long `<cli> --version` may take before detection gives up on it. */
export const VERSION_TIMEOUT_MS = 5_000;

/** Output cap for a probe: a version or a status line, never a stream. */
const MAX_PROBE_BYTES = 64 * 1024;

export interface ProbeResult {
  exit: ChildExit | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Set when the process could not start (ENOENT, EACCES). */
  spawnError: string | null;
}

/**
 * Runs `command args` with no stdin and collects its output; ends the tree
 * after `timeoutMs` (or when ctx.signal aborts). Never rejects.
 */
export async function probe(
  ctx: DetectContext,
  command: string,
  args: string[],
  opts: { timeoutMs?: number; env?: Record<string, string>; cwd?: string } = {},
): Promise<ProbeResult> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? VERSION_TIMEOUT_MS);
  const out = { stdout: '', stderr: '' };
  try {
    const child = ctx.spawn(command, args, {
      cwd: opts.cwd ?? process.cwd(),
      env: { ...ctx.env, ...opts.env },
      signal: controller.signal,
      stdin: 'ignore',
      killGraceMs: 500,
    });
    for (const key of ['stdout', 'stderr'] as const) {
      child[key].setEncoding('utf8');
      child[key].on('data', (chunk: string) => {
        if (out[key].length < MAX_PROBE_BYTES) out[key] += chunk;
      });
    }
    const exit = await child.exited;
    return { exit, ...out, timedOut, spawnError: null };
  } catch (err) {
    return { exit: null, ...out, timedOut, spawnError: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onAbort);
  }
}

/** The first version number in a `--version` text: "2.1.197 (Claude Code)", "codex-cli 0.171.0", "0.61.0". */
export function parseVersion(text: string): string | null {
  const m = /(?<![\w.])v?(\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?)/.exec(text);
  return m ? m[1]! : null;
}
