// Files named on the command line that are not regular files (issue 33 item 9):
// `loupe tokens FIFO`, `loupe tokens /dev/zero` and `loupe run --schema FIFO` waited
// forever (a FIFO blocks until a writer comes; /dev/zero never ends). Each is now a
// usage error (exit 2) saying what the file is, well within a second, with no writer.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, removeTempDirs, tempDir } from '../core/testing/fixtures';
import { runCliForTest as cli } from './testing';

let fifo: string;
beforeAll(() => {
  fifo = join(tempDir('loupe-fifo-'), 'pipe');
  execFileSync('mkfifo', [fifo]);
});
afterAll(removeTempDirs);

/** Runs the CLI, failing (instead of hanging the suite) when it has not answered in 5 s. */
async function within(args: string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const result = await Promise.race([cli(args, env), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`loupe ${args.join(' ')} still waiting after 5 s`)), 5_000))]);
  return { ...result, ms: Date.now() - started };
}

describe('a FIFO or a device named on the command line', () => {
  it('loupe tokens refuses a FIFO and /dev/zero with exit 2, at once', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const pipe = await within(['tokens', fifo], env);
    expect(pipe.code).toBe(2);
    expect(pipe.stderr).toContain(`cannot read ${fifo}: it is a FIFO (named pipe); Loupe reads only regular files.`);
    expect(pipe.ms).toBeLessThan(1_000);
    if (existsSync('/dev/zero')) {
      const zero = await within(['tokens', '/dev/zero'], env);
      expect(zero.code).toBe(2);
      expect(zero.stderr).toContain('cannot read /dev/zero: it is a device; Loupe reads only regular files.');
    }
  });

  it('loupe run --schema refuses a FIFO with exit 2, before anything runs', async () => {
    const env = { LOUPE_USER_DATA: tempDir() };
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const r = await within(['run', '--repo', repo, '--ask', 'x', '--schema', fifo], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot read --schema ${fifo}: it is a FIFO (named pipe)`);
  });
});
