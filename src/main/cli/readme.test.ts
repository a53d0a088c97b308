// The README's CLI examples (issue 22, item 12): `npx loupe` runs an unrelated npm package
// outside the clone, so every example uses `loupe` and the README says how to put it on PATH.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_OPTIONS } from './commands/run';

const root = join(__dirname, '../../..');
const front = readFileSync(join(root, 'README.md'), 'utf8');
/** The README and the manual under docs/ (the README is the front door; details live in docs/). */
const readme = [front, ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => readFileSync(join(root, 'docs', f), 'utf8'))].join('\n');

describe('the README on the loupe command', () => {
  it('is a front door of at most 300 lines whose every relative link resolves inside the repository', () => {
    expect(front.split('\n').length).toBeLessThanOrEqual(300);
    for (const file of ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]) {
      const text = readFileSync(join(root, file), 'utf8');
      const dir = join(root, file, '..');
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const resolved = join(dir, target!);
        expect(resolved.startsWith(root + '/'), `${file} links outside the repository: ${target}`).toBe(true);
        expect(existsSync(resolved), `${file} links to a missing file: ${target}`).toBe(true);
      }
      expect(text, `${file} points outside the repository`).not.toMatch(/\.\.\/shared\//);
    }
  });

  it('says how to put loupe on PATH and never tells the user to run npx loupe', () => {
    expect(readme).toMatch(/npm link/);
    expect(readme).toMatch(/npm install -g \./);
    expect(readme.match(/npx loupe(?!`: outside)/g) ?? []).toEqual([]);
  });

  it('documents what a first-time user needed (issue 22): every loupe run flag, npm start -- --port, npm 11’s install-script lines, opening a CLI session in the app', () => {
    const row = readme.split('\n').find((l) => l.startsWith('| `loupe run '))!;
    const missing = Object.keys(RUN_OPTIONS).filter((flag) => !row.includes(`--${flag}`));
    expect(missing).toEqual([]);
    expect(readme).toContain('`npm start -- --port N`');
    expect(readme).toMatch(/npm warn install-scripts \d+ packages have install scripts not yet covered by allowScripts:/);
    expect(readme).toMatch(/go to\s+\*\*X-Ray\*\* and pick it in the \*\*Show\*\* list/);
  });
});
