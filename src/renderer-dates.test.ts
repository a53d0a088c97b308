// One date format across the app (issue 22, friction): no renderer screen formats a
// date its own way; they all go through src/renderer/src/ui/when.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every renderer source file (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('dates in the renderer', () => {
  it('no screen formats a date its own way', () => {
    const root = join(__dirname, 'renderer', 'src');
    const own = sources(root)
      .filter((p) => !p.endsWith(join('ui', 'when.ts')))
      .filter((p) => /\.toLocale(Date|Time)String\(|new Date\([^)]*\)\.toLocaleString\(|DateTimeFormat\(/.test(readFileSync(p, 'utf8')))
      .map((p) => relative(root, p));
    expect(own).toEqual([]);
  });
});
