// Issue 23, item 7: the embedded reader (isomorphic-git) opened a parent repository
// owned by another user, which the git CLI refuses ("dubious ownership") unless
// safe.directory lists it. Real repositories made with git, chowned to another uid
// (needs root to chown; skipped otherwise), opened with both backends.
import { chownSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../../../shared/errors';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { configValues } from './safe-directory';

const OTHER_UID = 54321;
const isRoot = process.geteuid?.() === 0;

/** chown -R without following links. */
function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  if (!lstatSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) {
    const child = join(path, name);
    if (lstatSync(child).isSymbolicLink()) continue;
    chownTree(child, uid);
  }
}

let savedHome: string | undefined;
let savedSudo: string | undefined;
beforeEach(() => {
  savedHome = process.env.HOME;
  savedSudo = process.env.SUDO_UID;
  // A home of its own: no safe.directory from the machine's ~/.gitconfig (the system file is not read in tests).
  process.env.HOME = tempDir();
  delete process.env.SUDO_UID;
});
afterEach(() => {
  process.env.HOME = savedHome;
  if (savedSudo === undefined) delete process.env.SUDO_UID;
  else process.env.SUDO_UID = savedSudo;
});
afterAll(removeTempDirs);

/** A repository another user owns, with a folder of the current user's inside it that is no repository of its own. */
function foreignParent(): { parent: string; mine: string } {
  const parent = makeRepo({ 'theirs.txt': 'written by someone else\n' });
  chownTree(parent, OTHER_UID);
  const mine = join(parent, 'mine');
  mkdirSync(mine);
  writeFileSync(join(mine, 'work.txt'), 'mine\n');
  return { parent, mine };
}

describe.skipIf(!isRoot)('a repository owned by another user', () => {
  it.each([
    ['git CLI', undefined],
    ['embedded reader', 'none'],
  ])('is refused with %s unless safe.directory lists it', async (_label, gitBinary) => {
    const { parent, mine } = foreignParent();
    const rt = makeRuntime({ gitBinary });
    try {
      const refused = await rt.call('repo.open', { path: mine }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(LoupeError);
      expect((refused as LoupeError).code).toBe('not-a-repo');
      expect((refused as LoupeError).message).toMatch(/owned by another user.*safe\.directory/);
      await expect(rt.call('context.inspect', { repo: mine, paths: ['work.txt'] })).rejects.toMatchObject({ code: 'not-a-repo' });

      // Listed in the user's global config (quoted, with a comment): opened, as git does.
      writeFileSync(join(process.env.HOME!, '.gitconfig'), `[user]\n\tname = x\n[safe]\n\tdirectory = "${parent}" # shared checkout\n`);
      const rt2 = makeRuntime({ gitBinary });
      try {
        expect((await rt2.call('repo.open', { path: mine })).root).toBe(parent);
      } finally {
        await rt2.close();
      }
    } finally {
      await rt.close();
    }
  });

  it('is opened with the embedded reader when safe.directory is * , and not after an empty value resets the list', async () => {
    const { parent, mine } = foreignParent();
    const home = process.env.HOME!;
    mkdirSync(join(home, '.config', 'git'), { recursive: true });
    writeFileSync(join(home, '.config', 'git', 'config'), '[safe]\n\tdirectory = *\n');
    const rt = makeRuntime({ gitBinary: 'none' });
    expect((await rt.call('repo.open', { path: mine })).root).toBe(parent);
    await rt.close();
    // ~/.gitconfig is read after the XDG file: its empty value clears the '*'.
    writeFileSync(join(home, '.gitconfig'), '[safe]\n\tdirectory =\n');
    const rt2 = makeRuntime({ gitBinary: 'none' });
    await expect(rt2.call('repo.open', { path: mine })).rejects.toMatchObject({ code: 'not-a-repo' });
    await rt2.close();
  });

  it("a repository of the user's own is opened as before with both backends", async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    for (const gitBinary of [undefined, 'none']) {
      const rt = makeRuntime({ gitBinary });
      expect((await rt.call('repo.open', { path: repo })).root).toBe(repo);
      await rt.close();
    }
  });
});

describe('configValues', () => {
  it('reads safe.directory as git writes it: sections case-insensitive, quotes, comments, subsections apart', () => {
    const text = '[Safe]\n\tdirectory = /a\n[safe "x"]\n\tdirectory = /nope\n[core]\n\tdirectory = /nope2\n[safe] directory = "/b c" ; note\n\tDirectory=/d\\"e\n';
    expect(configValues(text, 'safe', 'directory')).toEqual(['/a', '/b c', '/d"e']);
  });
});
