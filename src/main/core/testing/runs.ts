// Test helpers for runs (used by *.spec.ts / *.test.ts only): waiting for a
// run to end, and fake agent CLIs that replay what a real CLI printed.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunDetail, RunStreamEvent } from '../../../shared/contract/runs';
import type { Runtime } from '../runtime';

const FIXTURES = join(__dirname, '../../../../fixtures/agents');

/** A node one-liner as a custom command line (the splitter honours double quotes). */
export const nodeCmd = (script: string) => `${process.execPath} -e "${script.replaceAll('"', '\\"')}"`;

/** A command that copies its stdin to `out` and replies `reply` (default "done"). */
export function captureStdin(out: string, reply = 'done'): string {
  return nodeCmd(
    `const c=[];process.stdin.on('data',d=>c.push(d)).on('end',()=>{require('fs').writeFileSync(${JSON.stringify(out)},Buffer.concat(c));console.log(${JSON.stringify(reply)})})`,
  );
}

/**
 * Resolves with the run's detail once its `end` event arrives (it may have ended already).
 * `after`: only an end after this sequence number counts (a retried run has an earlier end).
 */
export function waitForRun(runtime: Runtime, runId: string, timeoutMs = 30_000, after = 0): Promise<RunDetail> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`run ${runId} did not end within ${timeoutMs} ms`)), timeoutMs);
    const sub = runtime.streams.attach({
      deliver(message) {
        if (message.type === 'event' && message.event.kind === 'run' && (message.event.payload as RunStreamEvent).type === 'end') {
          clearTimeout(timer);
          queueMicrotask(() => sub.detach());
          void runtime.call('runs.get', { runId }).then(resolve, reject);
        }
        return true;
      },
    });
    sub.follow([{ key: `run:${runId}`, after }]);
  });
}

export interface FakeCli {
  /** What `--version` prints. */
  version: string;
  /** A captured run to replay: fixtures/agents/<cli>/<name>.{stdout,stderr}.txt and its exit code. */
  replay?: { cli: string; name: string };
  /** After replaying, wait instead of exiting (like codex offline). */
  hang?: boolean;
  /** `<name> login status`: exit code and stderr (codex's auth preflight). */
  loginStatus?: { exitCode: number; stderr: string };
  /** Where to write the arguments of each run (JSON, one array per line). */
  argsFile?: string;
}

/**
 * Writes an executable `name` into `dir` that behaves like a real agent CLI
 * did when captured: prints its version, reads stdin, prints the captured
 * stdout and stderr, and exits with the captured code (or hangs).
 * Stands in for the real CLIs, which cannot reach their servers here.
 */
export function fakeCli(dir: string, name: string, spec: FakeCli): string {
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  if (spec.replay) {
    const base = join(FIXTURES, spec.replay.cli, spec.replay.name);
    stdout = readFileSync(`${base}.stdout.txt`, 'utf8');
    stderr = readFileSync(`${base}.stderr.txt`, 'utf8');
    exitCode = (JSON.parse(readFileSync(`${base}.meta.json`, 'utf8')) as { exitCode: number | null }).exitCode ?? 1;
  }
  const file = join(dir, name);
  writeFileSync(
    file,
    `#!${process.execPath}
const args = process.argv.slice(2);
if (args.includes('--version')) { process.stdout.write(${JSON.stringify(`${spec.version}\n`)}); process.exit(0); }
const login = ${JSON.stringify(spec.loginStatus ?? null)};
if (login && args[0] === 'login' && args[1] === 'status') { process.stderr.write(login.stderr + '\\n'); process.exit(login.exitCode); }
const argsFile = ${JSON.stringify(spec.argsFile ?? null)};
if (argsFile) require('fs').appendFileSync(argsFile, JSON.stringify(args) + '\\n');
process.stdin.resume();
process.stdin.on('end', () => {
  process.stdout.write(${JSON.stringify(stdout)});
  process.stderr.write(${JSON.stringify(stderr)});
  if (${spec.hang ? 'true' : 'false'}) setInterval(() => {}, 1000);
  else process.exitCode = ${exitCode};
});
`,
  );
  chmodSync(file, 0o755);
  return file;
}
