// A fixture repository holding every case the context inspector must handle
// (issue 3, Tests). Built with the git CLI in a temp folder; used by
// inspect.spec.ts and the CLI tests.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, makeRepo, tempDir, writeFiles } from './fixtures';

/** A GitHub token and an AWS access key id that look real (built at run time, never committed to Loupe). */
export function fakeSecrets(): { githubToken: string; awsKeyId: string } {
  const pick = (alphabet: string, n: number) => Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
  return {
    githubToken: `ghp_${pick('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 36)}`,
    awsKeyId: `AKIA${pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`,
  };
}

export interface InspectFixture {
  repo: string;
  /** The first commit (tagged v0), before src/app.ts changed. */
  first: string;
  head: string;
  secrets: { githubToken: string; awsKeyId: string };
  /** A folder outside the repository that `escape` points at. */
  outside: string;
  /** Contents used in assertions. */
  text: { appBase: string; appWorking: string; appFirst: string; untracked: string; gone: string };
}

export const SUBMODULE_SHA = '2222222222222222222222222222222222222222';
export const LARGE_TEXT_BYTES = 600 * 1024;
export const BUDGET_FILE_BYTES = 480 * 1024;
export const BUDGET_FILES = 20;
export const MANY_FILES = 210;

/** Text of exactly `bytes` bytes in lines of printable ASCII. */
export function asciiText(bytes: number, seed = 'line'): string {
  const line = `${seed} ${'x'.repeat(70)}\n`;
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
}

export function makeInspectFixture(options: { budget?: boolean } = {}): InspectFixture {
  const secrets = fakeSecrets();
  const text = {
    appFirst: 'export const app = "first";\n',
    appBase: 'export const app = "base";\n',
    appWorking: 'export const app = "working copy";\nexport const extra = true;\n',
    untracked: 'export const untracked = 1;\n',
    gone: 'export const gone = "only at base";\n',
  };
  const repo = makeRepo({ 'src/app.ts': text.appFirst, 'README.md': '# fixture\n' }, 'first');
  const first = git(repo, 'rev-parse', 'HEAD');
  git(repo, 'tag', 'v0');
  const lfsOid = 'a'.repeat(64);
  const files: Record<string, string | Buffer> = {
    'src/app.ts': text.appBase,
    'src/util.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n',
    'src/gone.ts': text.gone,
    'src/nested/deep.ts': 'export const deep = true;\n',
    'src/secret-config.ts': `export const token = "${secrets.githubToken}";\nexport const awsKeyId = "${secrets.awsKeyId}";\n`,
    'docs/guide with spaces.md': '# Guide\n\nSpaces in the name.\n',
    'docs/café-ñ.md': '# Café\n',
    'docs/日本語.txt': 'こんにちは\n',
    'big/large.txt': asciiText(LARGE_TEXT_BYTES),
    'big/long-lines.txt': Array.from({ length: 500 }, (_, i) => `line ${i + 1}`).join('\n'),
    'big/one-long-line.txt': 'é'.repeat(10_000),
    // A token cut in half by the 8 KiB preview bound.
    'big/cut-secret.txt': `${'x'.repeat(8180)} ${secrets.githubToken}\n${'y'.repeat(20_000)}\n`,
    'assets/blob.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02, 0x03]),
    'assets/latin1.txt': Buffer.from('caf\xe9 cr\xe8me\n', 'latin1'),
    'assets/utf16.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello\n', 'utf16le')]),
    'assets/bom8.txt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('bom text\n')]),
    'media/video.mp4': `version https://git-lfs.github.com/spec/v1\noid sha256:${lfsOid}\nsize 123456789\n`,
    '.env': 'API_KEY=super-secret\n',
    'config/.env.production': 'DB_PASSWORD=hunter2\n',
    'keys/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY-----\nnot a real key\n-----END OPENSSH PRIVATE KEY-----\n',
    'keys/README.md': 'keys live here\n',
    '.aws/credentials': '[default]\naws_access_key_id = nope\n',
  };
  for (let i = 0; i < MANY_FILES; i++) files[`many/f${String(i).padStart(3, '0')}.txt`] = `file ${i}\n`;
  if (options.budget) {
    for (let i = 0; i < BUDGET_FILES; i++) files[`budget/b${String(i).padStart(2, '0')}.txt`] = asciiText(BUDGET_FILE_BYTES, `b${i}`);
  }
  writeFiles(repo, files);
  symlinkSync('src/util.ts', join(repo, 'link-committed'));
  git(repo, 'add', '-A');
  git(repo, 'update-index', '--add', '--cacheinfo', `160000,${SUBMODULE_SHA},vendor/lib`);
  git(repo, 'commit', '-q', '-m', 'base');
  const head = git(repo, 'rev-parse', 'HEAD');

  // The working copy: modified, untracked, deleted, and symlinks that are not committed.
  const outside = tempDir('loupe-outside-');
  writeFileSync(join(outside, 'secret.txt'), 'outside the repository\n');
  writeFiles(repo, {
    'src/app.ts': text.appWorking,
    'src/new-untracked.ts': text.untracked,
    'scratch/todo.txt': 'untracked folder\n',
  });
  unlinkSync(join(repo, 'src/gone.ts'));
  symlinkSync('src/util.ts', join(repo, 'wc-link.ts'));
  symlinkSync('src', join(repo, 'wc-linkdir'));
  symlinkSync(outside, join(repo, 'escape'));
  mkdirSync(join(repo, 'vendor/lib'), { recursive: true });
  try {
    execFileSync('mkfifo', [join(repo, 'pipe.txt')]);
  } catch {
    // No mkfifo here: the special-file case is skipped by the spec.
  }
  return { repo, first, head, secrets, outside, text };
}
