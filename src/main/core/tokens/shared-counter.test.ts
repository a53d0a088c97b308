import { describe, expect, it } from 'vitest';
import { tokenWorkersFromEnv } from './shared-counter';

describe('tokenWorkersFromEnv', () => {
  it('takes LOUPE_TOKEN_WORKERS from 1 to 16 and ignores anything else', () => {
    expect(tokenWorkersFromEnv({ LOUPE_TOKEN_WORKERS: '1' })).toBe(1);
    expect(tokenWorkersFromEnv({ LOUPE_TOKEN_WORKERS: '16' })).toBe(16);
    for (const bad of [undefined, '', '0', '17', '2.5', 'two', '-1']) expect(tokenWorkersFromEnv({ LOUPE_TOKEN_WORKERS: bad })).toBeUndefined();
  });
});
