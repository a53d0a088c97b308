// `loupe tokens` and `loupe inspect --tokens` run in-process through runCli, with
// real worker threads running the tokens worker built from source.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { buildTokensWorker } from '../../core/testing/tokens-worker';
import { loadCounter } from '../../core/tokens/count-text';
import { runCliForTest } from '../testing';

let env: NodeJS.ProcessEnv;
let dir: string;
const PROSE = 'Loupe shows what context a coding agent will receive.\n'.repeat(40);
const CODE = 'export function add(a: number, b: number): number {\n  return a + b; // <|endoftext|>\n}\n'.repeat(30);
beforeAll(async () => {
  const worker = await buildTokensWorker();
  dir = tempDir('loupe-tokens-');
  env = { LOUPE_TOKENS_WORKER: worker, LOUPE_USER_DATA: tempDir('loupe-tokens-data-') };
  // `loupe inspect` builds the app's runtime, which finds the worker through the process environment.
  process.env.LOUPE_TOKENS_WORKER = worker;
  writeFileSync(join(dir, 'notes.md'), PROSE);
  writeFileSync(join(dir, 'add.ts'), CODE);
  writeFileSync(join(dir, 'blob.bin'), Buffer.from([0xff, 0xfe, 0x00, 0x80]));
});
afterAll(() => {
  delete process.env.LOUPE_TOKENS_WORKER;
  removeTempDirs();
});

describe('loupe tokens', () => {
  it('prints exact and estimated counts per file and in total, as JSON', async () => {
    const o200k = await loadCounter('o200k_base');
    const r = await runCliForTest(['tokens', '--json', join(dir, 'notes.md'), join(dir, 'add.ts')], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.encoding).toBe('o200k_base');
    expect(out.files.map((f: { exactTokens: number }) => f.exactTokens)).toEqual([o200k(PROSE), o200k(CODE)]);
    expect(out.files[1]).toMatchObject({ kind: 'code', bytes: Buffer.byteLength(CODE), estimatedTokens: Math.ceil(Buffer.byteLength(CODE) / 4) });
    expect(out.files[0].kind).toBe('prose');
    expect(out.total).toMatchObject({ exactTokens: o200k(PROSE) + o200k(CODE), bytes: Buffer.byteLength(PROSE + CODE) });
    expect(out.total.estimateError).toBeCloseTo((out.total.estimatedTokens - out.total.exactTokens) / out.total.exactTokens, 10);
  });

  it('reads standard input for -, in cl100k when asked, as a readable table', async () => {
    const cl100k = await loadCounter('cl100k_base');
    const r = await runCliForTest(['tokens', '--encoding', 'cl100k', '-'], env, CODE);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('EXACT (cl100k_base)');
    expect(r.stdout).toMatch(new RegExp(`${cl100k(CODE).toLocaleString('en-US')}\\s+${Math.ceil(CODE.length / 4).toLocaleString('en-US')}\\s+[+-]\\d`));
    expect(r.stdout).toContain('(standard input)');
    expect(r.stdout).not.toContain('total');
  });

  it('refuses a bad encoding, no file, a missing file and binary content with exit 2', async () => {
    for (const [args, message] of [
      [['--encoding', 'p50k', 'x'], /--encoding takes o200k or cl100k/],
      [[], /at least one FILE/],
      [[join(dir, 'missing.txt')], /cannot read .*missing\.txt: no such file/],
      [[dir], /it is a folder/],
      [[join(dir, 'blob.bin')], /not UTF-8 text/],
      [['-', '-'], /only once/],
    ] as const) {
      const r = await runCliForTest(['tokens', ...args], env);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });
});

describe('loupe inspect --tokens', () => {
  it('adds each file exact count and the total to the JSON, and a column to the table', async () => {
    const o200k = await loadCounter('o200k_base');
    const repo = makeRepo({ 'src/add.ts': CODE, 'README.md': PROSE }, 'first');
    const r = await runCliForTest(['inspect', '--repo', repo, '--tokens', 'o200k', '--json', 'src', 'README.md'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    const byPath = Object.fromEntries(result.files.map((f: { path: string }) => [f.path, f]));
    expect(byPath['src/add.ts'].exactTokens).toEqual({ encoding: 'o200k_base', count: o200k(CODE) });
    expect(byPath['README.md'].exactTokens).toEqual({ encoding: 'o200k_base', count: o200k(PROSE) });
    expect(result.totals.inspectedExactTokens).toEqual({ encoding: 'o200k_base', count: o200k(CODE) + o200k(PROSE) });

    const table = await runCliForTest(['inspect', '--repo', repo, '--tokens', 'o200k_base', 'src'], env);
    expect(table.stdout).toContain('O200K_BASE');
    expect(table.stdout).toContain(`${o200k(CODE).toLocaleString('en-US')} tokens exactly in o200k_base`);

    const plain = await runCliForTest(['inspect', '--repo', repo, '--json', 'src'], env);
    expect(JSON.parse(plain.stdout).files[0].exactTokens).toBeUndefined();
    const bad = await runCliForTest(['inspect', '--repo', repo, '--tokens', 'gpt2', 'src'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--tokens takes o200k or cl100k/);
  });
});
