import { describe, expect, it } from 'vitest';
import { forbiddenPathIn } from './tool-paths';

describe('forbiddenPathIn', () => {
  it('finds a credential file or Git internals named by a path field, a file path or a command word', () => {
    expect(forbiddenPathIn({ file_path: '/home/me/repo/.env' })).toBe('/home/me/repo/.env');
    expect(forbiddenPathIn({ absolute_path: 'C:\\repo\\id_rsa' })).toBe('C:\\repo\\id_rsa');
    expect(forbiddenPathIn({}, 'repo/.aws/credentials')).toBe('repo/.aws/credentials');
    expect(forbiddenPathIn({ command: 'cat "config/.env.local" | head' })).toBe('config/.env.local');
    expect(forbiddenPathIn({ command: ['bash', '-lc', 'sed -n 1,5p .git/config'] })).toBe('.git/config');
    expect(forbiddenPathIn('less ~/.netrc')).toBe('~/.netrc');
  });

  it('lets ordinary reads through', () => {
    expect(forbiddenPathIn({ file_path: '/repo/src/env.ts' })).toBeNull();
    expect(forbiddenPathIn({ command: 'git status && cat .github/workflows/ci.yml' })).toBeNull();
    expect(forbiddenPathIn({ pattern: '.env' })).toBeNull();
    expect(forbiddenPathIn(null)).toBeNull();
  });
});
