import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir, testGit } from '../testing/fixtures';
import { gitInvocation, isSafeGitVersion, LIST_CONFIG_ARGS, namedProgramOverrides, needsRepoConfig, safeGitEnv, STATIC_OVERRIDES } from './safe-git';

afterAll(removeTempDirs);

/** The config pairs an environment carries, as [key, value]. */
const pairs = (env: NodeJS.ProcessEnv): [string, string][] =>
  Array.from({ length: Number(env.GIT_CONFIG_COUNT) }, (_, i) => [env[`GIT_CONFIG_KEY_${i}`]!, env[`GIT_CONFIG_VALUE_${i}`]!]);

describe('safe git invocations', () => {
  it('accepts git 2.31 and later only (older git ignores GIT_CONFIG_COUNT)', () => {
    expect(['2.31.0', '2.39.5', '2.45.1.windows.1', '3.0.0'].map(isSafeGitVersion)).toEqual([true, true, true, true]);
    expect(['2.30.9', '1.9.5', '', 'unknown'].map(isSafeGitVersion)).toEqual([false, false, false, false]);
    expect(isSafeGitVersion(null)).toBe(false);
  });

  it('treats a git too old to be made safe as unavailable', async () => {
    const old = join(tempDir(), 'git');
    writeFileSync(old, '#!/bin/sh\necho "git version 2.30.2"\n');
    chmodSync(old, 0o755);
    expect(await testGit(old).detect()).toEqual({ available: false, path: old, version: '2.30.2' });
    expect((await testGit('git').detect()).available).toBe(true);
  });

  it('refuses subcommands nobody has reviewed and options that run programs or reach elsewhere', () => {
    expect(() => gitInvocation(['fetch', 'origin'])).toThrow(/does not run "git fetch"/);
    expect(() => gitInvocation(['-c', 'core.pager=x', 'log'])).toThrow(/does not run/);
    for (const args of [
      ['cat-file', '--filters', '--batch'],
      ['cat-file', '--textconv', 'HEAD:a'],
      ['diff', '--ext-diff', 'HEAD'],
      ['log', '--show-signature'],
      ['status', '--ignore-submodules=none'],
      ['diff', '--output=/tmp/x'],
      ['config', 'core.pager', 'evil'].slice(0, 1).concat(['--add', 'a.b', 'c']),
      ['config', '--file', '/etc/passwd', '--list'],
    ]) {
      expect(() => gitInvocation(args, '')).toThrow();
    }
    // After `--`, words are paths: a file may be called --textconv.
    expect(gitInvocation(['ls-tree', 'HEAD', '--', '--textconv']).args).toEqual(['--no-pager', 'ls-tree', 'HEAD', '--', '--textconv']);
  });

  it('forces the options that keep status, diff and log from running programs or entering submodules', () => {
    expect(gitInvocation(['status', '-z'], '').args).toEqual(['--no-pager', 'status', '--ignore-submodules=all', '-z']);
    expect(gitInvocation(['diff', '--name-status', 'HEAD'], '').args).toEqual([
      '--no-pager',
      'diff',
      '--no-ext-diff',
      '--no-textconv',
      '--ignore-submodules=all',
      '--name-status',
      'HEAD',
    ]);
    expect(gitInvocation(['log', '-n', '1']).args.slice(0, 5)).toEqual(['--no-pager', 'log', '--no-show-signature', '--no-ext-diff', '--no-textconv']);
    expect(gitInvocation(['--version']).args).toEqual(['--version']);
  });

  it('requires the repository config before running a command that reads the working tree', () => {
    expect(needsRepoConfig(['status'])).toBe(true);
    expect(needsRepoConfig(['diff'])).toBe(true);
    expect(needsRepoConfig(['ls-tree', 'HEAD'])).toBe(false);
    expect(needsRepoConfig([...LIST_CONFIG_ARGS])).toBe(false);
    expect(() => gitInvocation(['status'])).toThrow(/list the repository's config first/);
  });

  it('overrides every filter, diff driver, merge driver and credential helper the config names, whatever its name', () => {
    const list = [
      'core.bare\nfalse',
      'filter.evil.clean\nsh -c x',
      'filter.a=b.c D.required\ntrue',
      'filter.lfs.process\ngit-lfs filter-process',
      'diff.Tc.textconv\nx',
      'diff.external\nx',
      'merge.ours.driver\ntrue',
      'credential.https://example.com.helper\nstore',
      'user.name\nfilter.fake.clean',
    ].join('\0');
    const out = new Map(namedProgramOverrides(`${list}\0`));
    for (const name of ['evil', 'a=b.c D', 'lfs']) {
      expect(out.get(`filter.${name}.clean`)).toBe('');
      expect(out.get(`filter.${name}.smudge`)).toBe('');
      expect(out.get(`filter.${name}.process`)).toBe('');
      expect(out.get(`filter.${name}.required`)).toBe('false');
    }
    expect(out.get('diff.Tc.textconv')).toBe('');
    expect(out.get('diff.Tc.command')).toBe('');
    expect(out.get('merge.ours.driver')).toBe('');
    expect(out.get('credential.https://example.com.helper')).toBe('');
    expect(out.has('filter.fake.clean')).toBe(false);
    expect(out.has('diff.external')).toBe(false);
  });

  it('builds the environment from scratch: no GIT_* from the caller, no network, overrides last', () => {
    const env = safeGitEnv([['filter.x.clean', '']], {
      PATH: '/usr/bin',
      HOME: '/home/me',
      GIT_DIR: '/elsewhere',
      GIT_WORK_TREE: '/elsewhere',
      GIT_CONFIG_PARAMETERS: "'core.pager'='evil'",
      GIT_EXTERNAL_DIFF: 'evil',
      GIT_SSH_COMMAND: 'evil',
      git_exec_path: '/x',
      SSH_ASKPASS: 'evil',
      PAGER: 'evil',
    });
    expect(env.PATH).toBe('/usr/bin');
    expect(env.HOME).toBe('/home/me');
    for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_CONFIG_PARAMETERS', 'GIT_EXTERNAL_DIFF', 'GIT_SSH_COMMAND', 'git_exec_path', 'SSH_ASKPASS', 'PAGER']) {
      expect(env[k]).toBeUndefined();
    }
    expect(env).toMatchObject({ GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_NO_LAZY_FETCH: '1' });
    expect(env.GIT_ALLOW_PROTOCOL).toMatch(/^[a-z-]+$/);
    const config = pairs(env);
    expect(config.slice(0, STATIC_OVERRIDES.length)).toEqual(STATIC_OVERRIDES);
    expect(config.at(-1)).toEqual(['filter.x.clean', '']);
    const map = new Map(config);
    expect([map.get('core.fsmonitor'), map.get('core.hooksPath'), map.get('protocol.allow')]).toEqual(['false', '/dev/null', 'never']);
  });
});
