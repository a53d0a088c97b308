// The README's CLI examples (issue 22, item 12): `npx loupe` runs an unrelated npm package
// outside the clone, so every example uses `loupe` and the README says how to put it on PATH.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');

describe('the README on the loupe command', () => {
  it('says how to put loupe on PATH and never tells the user to run npx loupe', () => {
    expect(readme).toMatch(/npm link/);
    expect(readme).toMatch(/npm install -g \./);
    expect(readme.match(/npx loupe(?!`: outside)/g) ?? []).toEqual([]);
  });
});
