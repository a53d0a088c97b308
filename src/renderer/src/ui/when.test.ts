import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatWhen } from './when';

/** Every renderer source file (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('one date format across the app (issue 22, friction)', () => {
  it('writes every date as the same medium date and short time; evidence adds seconds', () => {
    const iso = '2026-12-01T14:07:05Z';
    const d = new Date(iso);
    expect(formatWhen(iso)).toBe(d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatWhen(iso, 'seconds')).toBe(d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }));
    expect(formatWhen(null)).toBe('—');
    expect(formatWhen('not a date')).toBe('not a date');
  });

  it('no screen formats a date its own way', () => {
    const root = join(__dirname, '..');
    const own = sources(root)
      .filter((p) => !p.endsWith(join('ui', 'when.ts')))
      .filter((p) => /\.toLocale(Date|Time)String\(|new Date\([^)]*\)\.toLocaleString\(|DateTimeFormat\(/.test(readFileSync(p, 'utf8')))
      .map((p) => relative(root, p));
    expect(own).toEqual([]);
  });
});
