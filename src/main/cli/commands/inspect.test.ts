// `loupe inspect` run in-process through runCli, on the inspector fixture repository.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../core/runtime';
import { removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { makeInspectFixture, type InspectFixture } from '../../core/testing/inspect-fixture';
import { runCli } from '../index';
import { INSPECT_LIMITS } from '../../../shared/contract/limits';
import { reasonSentence } from '../../../shared/omission-text';

let fx: InspectFixture;
let userData: string;
beforeAll(() => {
  fx = makeInspectFixture();
  userData = tempDir('loupe-cli-data-');
});
afterAll(removeTempDirs);

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: async () => '',
    env: { LOUPE_USER_DATA: userData },
    rendererDir: tempDir(),
  });
  return { code, stdout, stderr };
}

describe('loupe inspect', () => {
  it('--json prints exactly the API response and exits 0', async () => {
    const args = ['src', 'src/app.ts', '.env', 'big/large.txt', 'assets/blob.bin'];
    const { code, stdout, stderr } = await cli('inspect', '--repo', fx.repo, '--attach', 'notes.md:4001', '--attach', 'C:\\pics\\a.png:10', '--json', ...args);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const runtime = createRuntime({ host: 'browser', userDataDir: tempDir() });
    const api = await runtime.call('context.inspect', {
      repo: fx.repo,
      paths: args,
      attachments: [
        { name: 'notes.md', size: 4001 },
        { name: 'C:\\pics\\a.png', size: 10 },
      ],
    });
    await runtime.close();
    expect(JSON.parse(stdout)).toEqual(api);
  });

  it('prints a readable table: sources, bytes, tokens, short hashes, redactions, omissions by reason, totals', async () => {
    const { code, stdout } = await cli('inspect', '--repo', fx.repo, '--attach', 'notes.md:4001', 'src', 'src/app.ts', '.env', 'big/large.txt', 'nope');
    expect(code).toBe(0);
    expect(stdout).toMatch(/SOURCE\s+BYTES\s+~TOKENS\s+SHA-256\s+REDACTED\s+PATH/);
    expect(stdout).toMatch(/working copy\s+62\s+16\s+[0-9a-f]{10}\s+-\s+src\/app\.ts {2}\(modified\)/);
    expect(stdout).toMatch(/base\s+\d+\s+\d+\s+[0-9a-f]{10}\s+2\s+src\/secret-config\.ts/);
    expect(stdout).toContain('credential: Looks like a credential file; Loupe never opens these.\n    .env\n');
    expect(stdout).toContain('too-large: Larger than 512 KiB, the most Loupe sends of one text file.\n    big/large.txt  (600 KiB)');
    expect(stdout).toContain(`not-found: ${reasonSentence('not-found', INSPECT_LIMITS)}\n    nope`);
    expect(stdout).toContain('text      3.9 KiB  ~1,001 tokens  notes.md');
    expect(stdout).toMatch(/Totals: .* of 8 MiB inspected, ~[\d,]+ tokens \(approximate: bytes \/ 4\)/);
    expect(stdout).toContain('of 200 entries');
    expect(stdout).not.toContain(fx.secrets.githubToken);
  });

  it('labels untracked files untracked and locally deleted ones as such, not modified', async () => {
    const { code, stdout } = await cli('inspect', '--repo', fx.repo, 'src/app.ts', 'src/new-untracked.ts', 'src/gone.ts', 'src/util.ts');
    expect(code).toBe(0);
    expect(stdout).toMatch(/src\/app\.ts {2}\(modified\)$/m);
    expect(stdout).toMatch(/src\/new-untracked\.ts {2}\(untracked\)$/m);
    expect(stdout).toMatch(/src\/gone\.ts {2}\(deleted locally: base version\)$/m);
    expect(stdout).toMatch(/src\/util\.ts$/m);
  });

  it('with no paths prints the usage and exits 2', async () => {
    const { code, stdout, stderr } = await cli('inspect', '--repo', fx.repo);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^loupe inspect: name at least one PATH .*\nUsage: loupe inspect --repo DIR/);
  });

  it('says when modified files under a folder stay at base, and when entries were cut', async () => {
    const { stdout } = await cli('inspect', '--repo', fx.repo, 'src', 'many');
    expect(stdout).toContain('1 modified file under the selected folders is sent at the committed version');
    expect(stdout).toContain('Only the first 200 entries are listed; 15 more were not inspected.');
  });

  it.each([
    ['no --repo', ['inspect', 'src'], /--repo DIR is required/],
    ['an unknown option', ['inspect', '--repo', '/tmp', '--nope'], /unknown option --nope/],
    ['a bad --attach', ['inspect', '--repo', '<repo>', '--attach', 'a.txt', 'src'], /NAME:SIZE/],
    ['a fractional --attach size', ['inspect', '--repo', '<repo>', '--attach', 'a.txt:1.5', 'src'], /NAME:SIZE/],
    ['51 paths', ['inspect', '--repo', '<repo>', ...Array.from({ length: 51 }, (_, i) => `f${i}`)], /at most 50\..*\(too-many-selections\)/],
    ['a bad base ref', ['inspect', '--repo', '<repo>', '--base', 'nope', 'src'], /"nope" does not name a commit.*\(bad-ref\)/],
    ['a folder that is not a repository', ['inspect', '--repo', '<outside>', 'x'], /not-a-repo/],
    ['a missing repository folder', ['inspect', '--repo', '/no/such/folder', 'x'], /not-found/],
  ])('exits 2 with the error on stderr for %s', async (_label, argv, message) => {
    const filled = argv.map((a) => (a === '<repo>' ? fx.repo : a === '<outside>' ? fx.outside : a));
    const { code, stdout, stderr } = await cli(...filled);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });

  it('is listed in loupe --help', async () => {
    const { stdout } = await cli('--help');
    expect(stdout).toMatch(/inspect\s+Show which files a run would send/);
  });
});
