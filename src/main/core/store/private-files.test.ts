import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { setSetting } from './settings';
import { openStore } from './store';

afterAll(removeTempDirs);

const mode = (path: string) => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('private database files', () => {
  it('creates the user-data folder 0700 and loupe.db, -wal and -shm 0600, whatever the umask', () => {
    const previous = process.umask(0o022);
    try {
      const dir = join(tempDir(), 'nested', 'Loupe');
      const runtime = makeRuntime({ userDataDir: dir });
      setSetting(runtime.deps.db, 'k', 'v');
      expect(mode(dir)).toBe(0o700);
      for (const f of ['loupe.db', 'loupe.db-wal', 'loupe.db-shm']) expect(mode(join(dir, f)), f).toBe(0o600);
      runtime.close();
    } finally {
      process.umask(previous);
    }
  });

  it('tightens a Loupe folder and database left world-readable by an earlier version', () => {
    const dir = tempDir();
    const file = join(dir, 'loupe.db');
    openStore(file).close();
    chmodSync(dir, 0o755);
    chmodSync(file, 0o644);
    openStore(file).close();
    expect(mode(dir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it("leaves the mode of a folder holding other things alone (LOUPE_USER_DATA pointed at a shared folder), but not the database's", () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'projects'));
    writeFileSync(join(dir, 'notes.txt'), 'x');
    chmodSync(dir, 0o755);
    openStore(join(dir, 'loupe.db')).close();
    expect(mode(dir)).toBe(0o755);
    expect(mode(join(dir, 'loupe.db'))).toBe(0o600);
  });
});
