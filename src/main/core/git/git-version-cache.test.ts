import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLauncher } from '../process/launcher';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { createGitRunner } from './git-cli';
import { gitBinaryKey } from './git-version-cache';

afterAll(removeTempDirs);

const realGit = execFileSync('sh', ['-c', 'command -v git']).toString().trim();

/** A runner over `binary` keeping its version in `cacheFile`, and how many `git --version` it started. */
function runner(binary: string, cacheFile: string) {
  const launcher = createLauncher();
  const versions: string[][] = [];
  const git = createGitRunner({
    binary,
    versionCacheFile: cacheFile,
    spawn: (command, args, options) => {
      if (args.includes('--version')) versions.push([...args]);
      return launcher.spawn(command, args, options);
    },
  });
  return { git, versionChecks: () => versions.length, close: () => launcher.closeAll() };
}

describe('the git version kept between processes', () => {
  it('asks a binary its version once, then answers from the cache until the binary changes', async () => {
    const dir = tempDir();
    const binary = join(dir, 'git');
    copyFileSync(realGit, binary);
    chmodSync(binary, 0o755);
    const cache = join(dir, 'data', 'git-version.json');

    const first = runner(binary, cache);
    const detected = await first.git.detect();
    expect(detected.available).toBe(true);
    expect(first.versionChecks()).toBe(1);
    await first.close();

    const second = runner(binary, cache);
    expect(await second.git.detect()).toEqual(detected);
    expect(second.versionChecks()).toBe(0);
    await second.close();

    // An upgrade in place (same path, new mtime): asked again.
    utimesSync(binary, new Date(), new Date(Date.now() + 5000));
    const third = runner(binary, cache);
    expect(await third.git.detect()).toEqual(detected);
    expect(third.versionChecks()).toBe(1);
    await third.close();
  });

  it('never keeps the version of a script, which may start another git each time', async () => {
    const dir = tempDir();
    const shim = join(dir, 'git');
    writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(realGit)} "$@"\n`);
    chmodSync(shim, 0o755);
    expect(gitBinaryKey(shim)).toBeNull();
    const cache = join(dir, 'git-version.json');
    for (let i = 0; i < 2; i++) {
      const r = runner(shim, cache);
      expect((await r.git.detect()).available).toBe(true);
      expect(r.versionChecks()).toBe(1);
      await r.close();
    }
  });

  it('finds git on PATH by name for the key, and asks again over a cache that is damaged or for another binary', async () => {
    expect(gitBinaryKey('git')).toContain('\0');
    expect(gitBinaryKey('no-such-git-anywhere')).toBeNull();
    const dir = tempDir();
    const cache = join(dir, 'git-version.json');
    for (const content of ['{not json', JSON.stringify({ key: 'another binary', version: '9.9.9' })]) {
      writeFileSync(cache, content);
      const r = runner('git', cache);
      const detected = await r.git.detect();
      expect(detected.version).toMatch(/^\d+\.\d+/);
      expect(detected.version).not.toBe('9.9.9');
      expect(r.versionChecks()).toBe(1);
      await r.close();
      expect(JSON.parse(readFileSync(cache, 'utf8')).version).toBe(detected.version);
    }
  });
});
