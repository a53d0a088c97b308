// The real `loupe` process on repositories holding FIFOs where git reads (issue 33 item
// 9): a FIFO named by include.path is refused at once with a clear error and no git is
// started; a FIFO deeper in the tree (read only when git hashes a file beside it) holds
// git until the CLI is stopped, and SIGTERM to the CLI ends it with its git children,
// none left blocked behind it.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle } from '../testing/cli-bundle';
import { git, makeRepo, removeTempDirs, tempDir } from '../testing/fixtures';

afterAll(removeTempDirs);

let cliBundle = '';
beforeAll(async () => {
  cliBundle = await buildCliBundle();
}, 120_000);

/** Processes (pid, command) whose working folder is inside `dir` (Linux /proc). */
function processesIn(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readlinkSync(`/proc/${pid}/cwd`).startsWith(dir)) found.push(`${pid} ${readlinkSync(`/proc/${pid}/exe`)}`);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

function loupe(args: string[]) {
  const child = spawn(process.execPath, [cliBundle, ...args], { env: { LOUPE_USER_DATA: tempDir(), HOME: tempDir(), PATH: process.env.PATH ?? '' } });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.platform === 'linux')('loupe on repositories with FIFOs where git reads', () => {
  it('include.path naming a FIFO: loupe inspect ends at once with a clear error, no git left', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const fifo = join(tempDir(), 'config.fifo');
    execFileSync('mkfifo', [fifo]);
    git(repo, 'config', 'include.path', fifo);
    const started = Date.now();
    const run = loupe(['inspect', '--repo', repo, 'a.txt']);
    const code = await run.exited;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(code).not.toBe(0);
    expect(run.stderr()).toContain(`${fifo} is a FIFO, device or socket`);
    expect(processesIn(repo)).toEqual([]);
  }, 30_000);

  it('a FIFO deeper in the tree: SIGTERM to loupe ends its blocked git too', async () => {
    const repo = makeRepo({ 'src/a.txt': 'a\n', 'src/.gitattributes': '*.txt text\n' });
    await rm(join(repo, 'src', '.gitattributes'));
    execFileSync('mkfifo', [join(repo, 'src', '.gitattributes')]);
    execFileSync('sh', ['-c', `printf 'b\\n' > src/a.txt && touch -d 2001-01-01 src/a.txt`], { cwd: repo });
    const run = loupe(['inspect', '--repo', repo, 'src/a.txt']);
    // Wait until git is blocked on the FIFO (or the run is over: git did not need it).
    let blocked = false;
    for (let i = 0; i < 50 && run.child.exitCode === null; i++) {
      if (processesIn(repo).some((p) => /git$/.test(p))) {
        blocked = true;
        break;
      }
      await settle(100);
    }
    run.child.kill('SIGTERM');
    await run.exited;
    // Processes may take a moment to be reaped after the group is signalled.
    for (let i = 0; i < 30 && processesIn(repo).length > 0; i++) await settle(100);
    expect(blocked, 'git was blocked on the FIFO before SIGTERM').toBe(true);
    expect(processesIn(repo)).toEqual([]);
  }, 30_000);
});
