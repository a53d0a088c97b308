// Behaviour spec (issue 23, item 1; part of the untrusted-repository attack suite):
// a folder of the repository swapped for a symlink to a folder outside it while
// Loupe reads never lets an outside file through: not in an inspection, not in a
// run's staged folder, not in X-Ray's instruction files. A separate process swaps
// the folder as fast as it can; every read is checked for the outside marker.
// LOUPE_RACE_ITERATIONS=800 (npm run soak) runs the full count.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CliGitReader } from '../git/cli-reader';
import { stageContext } from '../runs/stage';
import { makeRepo, makeRuntime, removeTempDirs, tempDir, testGit } from '../testing/fixtures';
import { raceIterations, startSwapper, type Swapper } from '../testing/symlink-swapper';
import { instructionFiles } from '../xray/system';
import { WorkingCopy } from './working-copy';

const MARK = 'OUTSIDE-THE-REPOSITORY-7f3a';
// Standing counts run in seconds on a busy machine; `npm run soak` sets 800 for each.
const count = raceIterations;
const TIMEOUT = process.env.LOUPE_RACE_ITERATIONS ? 3_600_000 : 90_000;

afterAll(removeTempDirs);

let swapper: Swapper | null = null;
afterEach(async () => {
  await swapper?.stop();
  swapper = null;
});

/** A repository with `d/<name>` committed, and an outside folder holding a file of the same name with the marker. */
async function raceFixture(folder: string, name: string): Promise<{ repo: string; outsideHash: string }> {
  const repo = makeRepo({ [`${folder}/${name}`]: 'inside\n', 'top.txt': 'top\n' });
  const outside = tempDir('loupe-outside-');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, name), `${MARK}\n`);
  swapper = await startSwapper(join(repo, folder), outside);
  return { repo, outsideHash: createHash('sha256').update(`${MARK}\n`).digest('hex') };
}

describe('a folder swapped for a symlink while Loupe reads (racing process)', () => {
  it(`the working-copy reader: 0 leaks over ${count(200)} reads`, async () => {
    const { repo } = await raceFixture('d', 'f.txt');
    let leaks = 0;
    let inside = 0;
    for (let i = 0; i < count(200); i++) {
      const read = await new WorkingCopy(repo).read('d/f.txt', 1 << 20);
      if (read.kind === 'bytes') {
        if (read.bytes.toString().includes(MARK)) leaks++;
        else inside++;
      }
    }
    expect(leaks).toBe(0);
    expect(inside).toBeGreaterThan(0); // the folder was readable when it was real
  }, TIMEOUT);

  it(`context.inspect: 0 leaks over ${count(20)} inspections`, async () => {
    const { repo } = await raceFixture('d', 'f.txt');
    const runtime = makeRuntime();
    try {
      let leaks = 0;
      for (let i = 0; i < count(20); i++) {
        const r = await runtime.call('context.inspect', { repo, paths: ['d/f.txt', 'top.txt'] });
        if (JSON.stringify(r).includes(MARK)) leaks++;
      }
      expect(leaks).toBe(0);
    } finally {
      await runtime.close();
    }
  }, TIMEOUT);

  it(`staging a run: 0 leaks over ${count(20)} stagings`, async () => {
    const { repo, outsideHash } = await raceFixture('d', 'f.txt');
    const reader = new CliGitReader(testGit(), repo);
    let leaks = 0;
    try {
      for (let i = 0; i < count(20); i++) {
        const staged = await stageContext(reader, tempDir('loupe-staged-'), { baseRef: 'HEAD', paths: ['d/f.txt'], attachments: [], write: false });
        if (staged.files.some((f) => f.sha256 === outsideHash)) leaks++;
      }
    } finally {
      await reader.close();
    }
    expect(leaks).toBe(0);
  }, TIMEOUT);

  it(`X-Ray's instruction files (.claude/CLAUDE.md): 0 leaks over ${count(150)} reads`, async () => {
    const { repo } = await raceFixture('.claude', 'CLAUDE.md');
    let leaks = 0;
    for (let i = 0; i < count(150); i++) {
      const sections = await instructionFiles(repo, 'claude');
      if (JSON.stringify(sections).includes(MARK)) leaks++;
    }
    expect(leaks).toBe(0);
  }, TIMEOUT);
});
