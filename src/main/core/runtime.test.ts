import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createRuntime } from './runtime';
import { removeTempDirs, tempDir } from './testing/fixtures';

afterAll(removeTempDirs);

describe('createRuntime user-data folder', () => {
  const saved = { env: process.env.LOUPE_USER_DATA, cwd: process.cwd() };
  afterEach(() => {
    process.chdir(saved.cwd);
    if (saved.env === undefined) delete process.env.LOUPE_USER_DATA;
    else process.env.LOUPE_USER_DATA = saved.env;
  });

  it('treats an empty LOUPE_USER_DATA as unset instead of writing loupe.db into the current folder', () => {
    const cwd = tempDir();
    const fallback = tempDir();
    process.chdir(cwd);
    process.env.LOUPE_USER_DATA = fallback;
    const runtime = createRuntime({ host: 'browser', userDataDir: '' });
    runtime.close();
    expect(runtime.deps.userDataDir).toBe(fallback);
    expect(existsSync(join(fallback, 'loupe.db'))).toBe(true);
    expect(existsSync(join(cwd, 'loupe.db'))).toBe(false);
  });

  it('resolves a relative folder to an absolute one (app.info shows where the data is)', () => {
    const cwd = tempDir();
    process.chdir(cwd);
    const runtime = createRuntime({ host: 'browser', userDataDir: 'data' });
    runtime.close();
    expect(runtime.deps.userDataDir).toBe(join(cwd, 'data'));
    expect(existsSync(join(cwd, 'data', 'loupe.db'))).toBe(true);
  });
});
