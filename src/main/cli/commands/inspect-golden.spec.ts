// `loupe inspect --json` byte for byte against a golden document written by the build
// before the issue 38 speed work (src/main/cli/commands/golden/inspect.json), on a
// repository built here with the git CLI (fixed dates, so the same commit ids): code with
// many `key: value` lines, secret-named keys with literal values and with references,
// Authorization headers, a PEM block, token-shaped strings (made at run time from a fixed
// seed, never committed), binary, too-large, credential, modified, untracked and deleted
// files. With git and with the embedded reader (LOUPE_GIT=none). The only thing replaced
// before comparing is the repository's own (temporary) path.
// LOUPE_UPDATE_GOLDEN=1 rewrites the golden file instead (then review its diff).
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, makeRepo, removeTempDirs, tempDir, writeFiles } from '../../core/testing/fixtures';
import { runCliForTest } from '../testing';

const GOLDEN = join(__dirname, 'golden', 'inspect.json');

/** A deterministic generator (mulberry32): the same "secrets" on every run, none written in the source. */
function seeded(seed: number): (alphabet: string, n: number) => string {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (alphabet, n) => Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Source-like text: object literals, calls and assignments, some keys naming secrets, some only near it. */
function codeFile(seed: number, lines: number, pick: (a: string, n: number) => string): string {
  const keys = ['name', 'token', 'maxTokens', 'token_url', 'apiKey', 'api-key', 'password', 'passwordLength', 'auth', 'author', 'keyName', 'secret', 'clientSecret', 'creds', 'monkey', 'passage', 'keyboard', 'tokenizer', 'count', 'value'];
  const values = () => [`"${pick(ALNUM, 24)}"`, `process.env.KEY_${seed}`, `'changeme'`, `${seed * 31}`, `options.token`, `"short"`, `\`${pick(ALNUM, 12)}-${pick(ALNUM, 12)}\``, `"\${SECRET}"`, `fn(${seed})`, `'${pick(ALNUM + '+/', 32)}'`];
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const k = keys[(seed + i * 7) % keys.length]!;
    const v = values()[(seed * 3 + i) % 10]!;
    const shape = (seed + i) % 6;
    if (shape === 0) out.push(`  ${k}: ${v},`);
    else if (shape === 1) out.push(`const ${k.replace(/-/g, '_')}${i} = ${v};`);
    else if (shape === 2) out.push(`export function f${i}(${k.replace(/-/g, '')}: string) { return ${v}; }`);
    else if (shape === 3) out.push(`${k.toUpperCase().replace(/-/g, '_')}=${v.replace(/["'`]/g, '')}`);
    else if (shape === 4) out.push(`  "${k}": ${v}, "other": { "${k}_id": 1 }, x == y, a => b`);
    else out.push(`// ${k} is documented at https://example.invalid/${k} ; see ${v}`);
  }
  return `${out.join('\n')}\n`;
}

function goldenRepo(): string {
  const pick = seeded(38);
  const files: Record<string, string | Buffer> = {
    'README.md': '# golden\n',
    'src/headers.ts': [
      `fetch(url, { headers: { Authorization: "Bearer ${pick(ALNUM, 40)}" } });`,
      `curl -H 'Authorization: Basic ${Buffer.from(`user:${pick(ALNUM, 12)}`).toString('base64')}' https://example.invalid`,
      `const h = { authorization: 'token ghp_${pick(ALNUM, 36)}' };`,
      `aws_secret_access_key = ${pick(ALNUM + '/+', 40)}`,
      `const id = "AKIA${pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}";`,
      `const gh = "github_pat_${pick(ALNUM, 22)}_${pick(ALNUM, 59)}";`,
      `postgres://admin:${pick(ALNUM, 14)}@db.example.invalid:5432/app`,
      `-----BEGIN RSA PRIVATE KEY-----\n${pick(ALNUM, 64)}\n${pick(ALNUM, 64)}\n-----END RSA PRIVATE KEY-----`,
      '',
    ].join('\n'),
    'src/nothing.ts': 'export const nothing = 1;\n',
    'bin/data.bin': Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0]),
    'big/huge.txt': 'x'.repeat(600 * 1024),
    '.env': `API_KEY=${pick(ALNUM, 20)}\n`,
    'src/gone.ts': 'export const gone = true;\n',
  };
  for (let i = 0; i < 40; i++) files[`src/gen/file${String(i).padStart(2, '0')}.ts`] = codeFile(i, 30 + ((i * 37) % 240), pick);
  const repo = makeRepo(files, 'golden base');
  writeFiles(repo, { 'src/gen/file03.ts': codeFile(99, 50, pick), 'src/untracked.ts': `password = "${pick(ALNUM, 18)}"\n` });
  unlinkSync(join(repo, 'src/gone.ts'));
  return repo;
}

let repo: string;
let userData: string;
beforeAll(() => {
  repo = goldenRepo();
  userData = tempDir('loupe-golden-data-');
});
afterAll(removeTempDirs);

async function inspectJson(embedded: boolean): Promise<string> {
  const before = process.env.LOUPE_GIT;
  if (embedded) process.env.LOUPE_GIT = 'none';
  try {
    const argv = ['inspect', '--json', '--repo', repo, 'src', 'bin', 'big', '.env', 'README.md', 'nope'];
    const { code, stdout, stderr } = await runCliForTest(argv, { LOUPE_USER_DATA: userData, ...(embedded ? { LOUPE_GIT: 'none' } : {}) });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    return stdout.split(JSON.stringify(repo).slice(1, -1)).join('<repo>');
  } finally {
    if (before === undefined) delete process.env.LOUPE_GIT;
    else process.env.LOUPE_GIT = before;
  }
}

describe('loupe inspect --json: the golden document', () => {
  it('the repository is the one the golden file was made from (same commit)', () => {
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(JSON.parse(readFileSync(GOLDEN, 'utf8')).baseCommit);
  });

  for (const embedded of [false, true]) {
    it(`${embedded ? 'the embedded reader' : 'git'}: byte-identical output, redactions and counts included`, async () => {
      const out = await inspectJson(embedded);
      if (process.env.LOUPE_UPDATE_GOLDEN && !embedded) writeFileSync(GOLDEN, out);
      expect(existsSync(GOLDEN)).toBe(true);
      const golden = readFileSync(GOLDEN, 'utf8');
      // The document does redact: a check that the fixture still exercises the scanner.
      expect(golden).toMatch(/"redactions": [1-9]/);
      expect(out).toBe(golden);
    });
  }
});
