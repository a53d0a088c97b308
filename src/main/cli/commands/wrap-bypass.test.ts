// Issue 33 item 2 under `loupe wrap`: a CLI that exits 0 while no model request reached the
// relay went around it. wrap says so; with a request budget in force, a one-shot (-p) exits 1
// (failed open) instead of passing the CLI's 0 through. A stand-in claude that answers on its own.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { runCliForTest } from '../testing';

afterAll(() => removeTempDirs());

function answeringClaude(): string {
  const dir = tempDir('loupe-around-claude-');
  writeFileSync(join(dir, 'claude'), `#!${process.execPath}\nprocess.stdout.write('answered without the relay\\n');\n`);
  chmodSync(join(dir, 'claude'), 0o755);
  return dir;
}

describe('loupe wrap of a CLI that answers around the relay', () => {
  const env = () => ({ PATH: process.env.PATH, HOME: tempDir(), LOUPE_USER_DATA: tempDir(), LOUPE_AGENT_PATH: answeringClaude() });

  it('with a request budget, a one-shot fails open (exit 1) and says it was not recorded', async () => {
    const e = env();
    const ran = await runCliForTest(['wrap', '--repo', makeRepo({ 'a.md': 'a\n' }), '--max-request-bytes', '100000', '--', 'claude', '-p', 'hi'], e);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("loupe: Failed open: not recorded: the CLI did not use Loupe's relay (it answered, and no model request reached the relay), so the request budget did not apply to what it sent.");
    const sessions = JSON.parse((await runCliForTest(['wire', 'list', '--json'], e)).stdout) as { notes: string[] }[];
    expect(sessions[0]!.notes.join('\n')).toContain("not recorded: the CLI did not use Loupe's relay");
  });

  it('with nothing in force, the exit code passes through and the notice is printed', async () => {
    const ran = await runCliForTest(['wrap', '--repo', makeRepo({ 'a.md': 'a\n' }), '--', 'claude', '-p', 'hi'], env());
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain("loupe: not recorded: the CLI did not use Loupe's relay");
  });
});
