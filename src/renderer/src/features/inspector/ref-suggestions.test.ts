import { describe, expect, it } from 'vitest';
import type { RefsInfo } from '../../../../shared/contract/context';
import { describeRef, filterSuggestions, refSuggestions } from './ref-suggestions';

const c = (n: string) => n.repeat(40);
const refs: RefsInfo = {
  head: c('a'),
  branch: 'main',
  branches: [
    { name: 'main', commit: c('a') },
    { name: 'release', commit: c('b') },
    { name: 'feature/login', commit: c('c') },
  ],
  tags: [
    { name: 'release', commit: c('d') },
    { name: 'v1.0', commit: c('e') },
  ],
  commits: [{ commit: c('f'), subject: 'Fix the login form', author: 'x', date: '2026-01-01' }],
};

describe('base ref suggestions', () => {
  it('tells a branch and a tag of the same name apart by their full names', () => {
    const all = refSuggestions(refs);
    expect(all.map((s) => [s.kind, s.value])).toEqual([
      ['head', 'HEAD'],
      ['branch', 'main'],
      ['branch', 'refs/heads/release'],
      ['branch', 'feature/login'],
      ['tag', 'refs/tags/release'],
      ['tag', 'v1.0'],
      ['commit', c('f')],
    ]);
    expect(describeRef(all, 'refs/tags/release')).toBe('tag release · dddddddddd');
    expect(describeRef(all, 'HEAD')).toBe('HEAD · main · aaaaaaaaaa');
    expect(describeRef(all, 'HEAD~3')).toBeNull();
  });

  it('filters by what was typed, names that start with it first, commit subjects included', () => {
    const all = refSuggestions(refs);
    expect(filterSuggestions(all, 'rel', 'HEAD').map((s) => s.value)).toEqual(['refs/heads/release', 'refs/tags/release']);
    expect(filterSuggestions(all, 'LOGIN', 'HEAD').map((s) => s.value)).toEqual(['feature/login', c('f')]);
    expect(filterSuggestions(all, 'HEAD~3', 'HEAD')).toEqual([]);
    expect(filterSuggestions(all, '', 'HEAD')).toHaveLength(all.length);
    expect(filterSuggestions(all, 'main', 'main')).toHaveLength(all.length);
  });
});
