// Test helper: repository templates. A repository a test needs is built with the git CLI
// once per run and copied for every test that asks for the same one (fixtures.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the global setup (global-setup.ts) keeps repository templates for every test process of a run. */
export const REPO_TEMPLATES_ENV = 'LOUPE_TEST_REPO_TEMPLATES';

let ownTemplates: string | null = null;

/**
 * The folder of repository templates: the run's (shared by its test processes, removed
 * when the run ends), or, outside a run's global setup, one of this process's own.
 */
function templatesRoot(): string {
  const shared = process.env[REPO_TEMPLATES_ENV];
  if (shared) return shared;
  if (!ownTemplates) {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-templates-')));
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
    ownTemplates = root;
  }
  return ownTemplates;
}

/**
 * The template `build` makes (in an empty folder) the first time `key` is asked for in
 * this run, by any test process: one git process costs a test 10-20 ms of CPU, most of
 * it the fork of the test process, and a copy costs none. Built beside and renamed into
 * place, so a process never sees half a template. It must never be changed: copy it.
 */
export function repoTemplate(key: string, build: (root: string) => void): string {
  const template = join(templatesRoot(), createHash('sha256').update(key).digest('hex').slice(0, 32));
  if (existsSync(template)) return template;
  const building = `${template}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  build(building);
  try {
    renameSync(building, template);
  } catch (err) {
    // Another process put the same template in place first.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(template)) throw err;
  }
  return template;
}

