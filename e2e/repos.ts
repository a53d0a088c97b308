// Fixture repositories for e2e, made with the real git CLI in temp folders.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function git(cwd: string, ...args: string[]): string {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...env,
      GIT_AUTHOR_NAME: 'Loupe E2E',
      GIT_AUTHOR_EMAIL: 'e2e@loupe.invalid',
      GIT_COMMITTER_NAME: 'Loupe E2E',
      GIT_COMMITTER_EMAIL: 'e2e@loupe.invalid',
    },
  }).trim();
}

export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, contents] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, contents);
  }
}

/** A repository on `main` with `files` committed; returns its real path. */
export function makeRepo(files: Record<string, string | Buffer>, name = 'loupe-e2e-repo-'): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), name)));
  git(root, 'init', '-q', '-b', 'main');
  writeFiles(root, files);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'initial');
  return root;
}
