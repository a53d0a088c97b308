// Generates (once, cached under the OS temp folder) the repository the inspect
// benchmark runs on: 30,000+ tracked files across several commits, written with
// `git fast-import`, plus a checked-out working copy.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prng } from '../src/shared/prng';

/** Bump when the generated layout changes, so a stale cache is not reused. */
const VERSION = 'v2';
export const TARGET_DIR = 'target';
export const TARGET_FILES = 200;
/** 200 × 40 KiB ≈ 7.8 MiB: the folder fills most of the 8 MiB inspection budget. */
export const TARGET_FILE_BYTES = 40 * 1024;
const PACKAGES = 30;
const MODULES = 20;
const FILES_PER_MODULE = 50;
const COMMITS = 5;

const WORDS = 'value count index item result state config handler request response buffer offset limit token stream parse render update select filter'.split(' ');

/** Code-like text of about `bytes` bytes (exact length), varied so it does not compress to nothing. */
export function sourceText(seed: number, bytes: number): string {
  const next = prng(seed);
  const word = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = `export function ${word()}${Math.floor(next() * 1e6)}(${word()}: number, ${word()}: string) { return ${word()} + ${Math.floor(next() * 1e9)}; }\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('').slice(0, bytes);
}

function allPaths(): string[] {
  const paths: string[] = [];
  for (let p = 0; p < PACKAGES; p++)
    for (let m = 0; m < MODULES; m++)
      for (let f = 0; f < FILES_PER_MODULE; f++) paths.push(`pkg${String(p).padStart(2, '0')}/mod${String(m).padStart(2, '0')}/file${String(f).padStart(3, '0')}.ts`);
  for (let t = 0; t < TARGET_FILES; t++) paths.push(`${TARGET_DIR}/part${String(t).padStart(3, '0')}.ts`);
  return paths;
}

function fileBytes(path: string, commit: number): string {
  const seed = [...path].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261 + commit);
  return sourceText(seed, path.startsWith(`${TARGET_DIR}/`) ? TARGET_FILE_BYTES : 400 + (Math.abs(seed) % 1600));
}

/** Streams a fast-import script: commit 1 adds every file, later commits rewrite a slice each. */
async function fastImport(root: string): Promise<void> {
  const child = spawn('git', ['fast-import', '--quiet'], { cwd: root, stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise<void>((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import exited ${code}`)))),
  );
  const write = (chunk: string) =>
    child.stdin.write(chunk) ? Promise.resolve() : new Promise<void>((r) => child.stdin.once('drain', () => r()));
  const paths = allPaths();
  for (let c = 1; c <= COMMITS; c++) {
    const changed = c === 1 ? paths : paths.filter((_, i) => i % (COMMITS * 7) === c || (i >= paths.length - TARGET_FILES && i % COMMITS === c - 1));
    const when = 1_767_225_600 + c * 86_400;
    const message = c === 1 ? 'Initial import' : `Change ${changed.length} files`;
    let body = `commit refs/heads/main\nauthor Bench <bench@loupe.invalid> ${when} +0000\ncommitter Bench <bench@loupe.invalid> ${when} +0000\ndata ${Buffer.byteLength(message)}\n${message}\n`;
    await write(body);
    body = '';
    for (const path of changed) {
      const content = fileBytes(path, c);
      body += `M 100644 inline ${path}\ndata ${Buffer.byteLength(content)}\n${content}\n`;
      if (body.length > 1 << 20) {
        await write(body);
        body = '';
      }
    }
    await write(`${body}\n`);
  }
  child.stdin.end();
  await done;
}

/** The benchmark repository's path, generating it first if this version is not cached yet. */
export async function benchRepo(): Promise<string> {
  const root = join(tmpdir(), `loupe-bench-inspect-${VERSION}`);
  const ready = join(root, '.git', 'loupe-bench-ready');
  if (existsSync(ready)) return root;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  git('init', '-q', '-b', 'main');
  await fastImport(root);
  git('reset', '-q', '--hard', 'main');
  // A few working-copy changes, as in a real session.
  writeFileSync(join(root, TARGET_DIR, 'part000.ts'), 'export const edited = true;\n');
  writeFileSync(join(root, TARGET_DIR, 'notes.txt'), 'untracked\n');
  // The index as a user's own git leaves it: a checkout writes 30,000 entries in the same second
  // as their files, and git then re-reads every "racily clean" file on each status until the
  // index is refreshed. Loupe never writes the user's index, so refresh it here, once, as git would.
  await new Promise((r) => setTimeout(r, 1100));
  execFileSync('git', ['update-index', '-q', '--refresh'], { cwd: root, stdio: 'ignore' });
  writeFileSync(ready, `${VERSION}\n`);
  return root;
}
