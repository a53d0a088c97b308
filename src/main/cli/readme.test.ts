// The README's CLI examples (issue 22, item 12): `npx loupe` runs an unrelated npm package
// outside the clone, so every example uses `loupe` and the README says how to put it on PATH.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_OPTIONS } from './commands/run';

const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');

describe('the README on the loupe command', () => {
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
