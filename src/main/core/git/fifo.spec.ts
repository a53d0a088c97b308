// Behaviour spec (issue 23, item 3; part of the untrusted-repository attack suite):
// FIFOs in a hostile repository never hang Loupe. The embedded reader reads
// regular files only (a FIFO `.gitignore` used to block a libuv thread for good,
// and four of them stopped every file read in the process); every git child has
// a wall-clock limit; the files git reads on every command (`include.path` targets,
// the root `.gitattributes`, `.git/info/exclude`) are checked before git starts, so a
// FIFO there is refused at once with a clear error and no git is left blocked (issue
// 33); the same runtime goes on answering calls on other repositories.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toErrorShape } from '../../../shared/errors';
import type { Runtime } from '../runtime';
import { git, makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';

afterAll(removeTempDirs);

const mkfifo = (path: string) => execFileSync('mkfifo', [path]);

/** Settles `promise` or fails after `ms`: a hang is a failure here, not a stuck test. */
async function within<T>(ms: number, promise: Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms (hung)`)), ms);
  });
  try {
    const value = await Promise.race([promise, hung]);
    return { value, ms: Date.now() - t0 };
  } catch (error) {
    if (error instanceof Error && error.message.includes('(hung)')) throw error;
    return { error, ms: Date.now() - t0 };
  } finally {
    clearTimeout(timer);
  }
}

describe('FIFOs with the embedded reader (no git binary)', () => {
  let runtime: Runtime;
  beforeAll(() => {
    runtime = makeRuntime({ gitBinary: 'none' });
  });
  afterAll(() => runtime.close());

  it('a FIFO .gitignore: six inspections and listings answer, and the process still reads files', async () => {
    const repo = makeRepo({ 'a.txt': 'alpha\n', 'src/b.txt': 'bravo\n', 'src/.gitignore': '*.log\n' });
    mkfifo(join(repo, '.gitignore'));
    await rm(join(repo, 'src', '.gitignore'));
    mkfifo(join(repo, 'src', '.gitignore'));
    mkfifo(join(repo, 'pipe.txt'));
    for (let i = 0; i < 6; i++) {
      const listed = await within(10_000, runtime.call('repo.listDir', { repo, dir: '' }));
      expect(listed.error).toBeUndefined();
      const r = await within(10_000, runtime.call('context.inspect', { repo, paths: ['a.txt', 'src', 'pipe.txt'] }));
      expect(r.error).toBeUndefined();
      expect(r.value!.files.map((f) => f.path)).toEqual(['a.txt', 'src/.gitignore', 'src/b.txt']);
    }
    // libuv's pool still has threads: an ordinary read answers at once.
    const read = await within(5_000, readFile(join(repo, 'a.txt'), 'utf8'));
    expect(read.value).toBe('alpha\n');
  }, 120_000);
});

describe('FIFOs with the git CLI: every git child has a wall-clock limit', () => {
  const LIMIT = 1500;
  let runtime: Runtime;
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.LOUPE_GIT_TIMEOUT_MS;
    process.env.LOUPE_GIT_TIMEOUT_MS = String(LIMIT);
    runtime = makeRuntime();
  });
  afterAll(async () => {
    await runtime.close();
    if (before === undefined) delete process.env.LOUPE_GIT_TIMEOUT_MS;
    else process.env.LOUPE_GIT_TIMEOUT_MS = before;
  });
  let liveBefore = 0;
  beforeEach(() => {
    liveBefore = runtime.launcher.stats().live;
  });
  /** Every git child that hung was ended, not left behind (pooled cat-file readers aside). */
  const noneLeft = () => expect(runtime.launcher.stats().live).toBeLessThanOrEqual(liveBefore + 1);

  /** The same runtime still answers on an ordinary repository. */
  async function stillServes(): Promise<void> {
    const ok = makeRepo({ 'ok.txt': 'ok\n' });
    const r = await within(10_000, runtime.call('context.inspect', { repo: ok, paths: ['ok.txt'] }));
    expect(r.value?.files.map((f) => f.path)).toEqual(['ok.txt']);
  }

  /** A repository refused at once, with a clear error naming the file, and no git started for it. */
  async function refusedAtOnce(call: () => Promise<unknown>, file: string): Promise<void> {
    const startedBefore = runtime.launcher.stats().started;
    const r = await within(5_000, call());
    expect(toErrorShape(r.error)).toMatchObject({ code: 'invalid-input', message: expect.stringContaining(`${file} is a FIFO, device or socket`) });
    expect(r.ms).toBeLessThan(1_000);
    expect(runtime.launcher.stats().started).toBe(startedBefore);
  }

  it('include.path naming a FIFO (and a FIFO it includes): opening the repository is refused at once, no git started', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const dir = tempDir();
    const fifo = join(dir, 'config.fifo');
    mkfifo(fifo);
    git(repo, 'config', 'include.path', fifo);
    await refusedAtOnce(() => runtime.call('repo.open', { path: repo }), fifo);
    // Through a chain: the repository includes a file that includes the FIFO; and includeIf.
    const other = makeRepo({ 'a.txt': 'a\n' });
    writeFileSync(join(dir, 'chain.inc'), `[include]\n\tpath = ${fifo}\n`);
    git(other, 'config', 'includeIf.gitdir:/.path', join(dir, 'chain.inc'));
    await refusedAtOnce(() => runtime.call('repo.open', { path: other }), fifo);
    noneLeft();
    await stillServes();
  }, 60_000);

  it('a FIFO .gitattributes or .git/info/exclude: listing and inspecting are refused at once', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n', '.gitattributes': '*.txt text\n' });
    await rm(join(repo, '.gitattributes'));
    mkfifo(join(repo, '.gitattributes'));
    await refusedAtOnce(() => runtime.call('repo.listDir', { repo, dir: '' }), join(repo, '.gitattributes'));
    await refusedAtOnce(() => runtime.call('context.inspect', { repo, paths: ['a.txt'] }), join(repo, '.gitattributes'));
    const excluded = makeRepo({ 'a.txt': 'a\n' });
    await rm(join(excluded, '.git', 'info', 'exclude'), { force: true });
    mkfifo(join(excluded, '.git', 'info', 'exclude'));
    await refusedAtOnce(() => runtime.call('repo.listDir', { repo: excluded, dir: '' }), join(excluded, '.git', 'info', 'exclude'));
    noneLeft();
    await stillServes();
  }, 60_000);

  it('a FIFO .gitattributes deeper in the tree: git is stopped at the wall-clock limit, none left behind', async () => {
    const repo = makeRepo({ 'src/a.txt': 'a\n', 'src/.gitattributes': '*.txt text\n' });
    await rm(join(repo, 'src', '.gitattributes'));
    mkfifo(join(repo, 'src', '.gitattributes'));
    // A same-size edit makes git status open the attributes to decide how to hash src/a.txt.
    execFileSync('sh', ['-c', `printf 'b\\n' > src/a.txt && touch -d 2001-01-01 src/a.txt`], { cwd: repo });
    const r = await within(LIMIT * 4 + 5000, runtime.call('context.inspect', { repo, paths: ['src/a.txt'] }));
    if (r.error !== undefined) {
      expect(toErrorShape(r.error)).toMatchObject({ code: 'timed-out' });
      expect(r.ms).toBeLessThan(LIMIT * 4 + 2000);
    }
    noneLeft();
    await stillServes();
  }, 60_000);
});
