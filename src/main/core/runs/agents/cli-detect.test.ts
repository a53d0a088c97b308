// Detection reads an npm-installed CLI's version from its package (nothing started), and asks
// `--version` of a CLI installed any other way.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLauncher } from '../../process/launcher';
import { removeTempDirs, tempDir } from '../../testing/fixtures';
import type { Spawn } from '../../process/launcher';
import { detectCli, packageVersion } from './cli-detect';

afterAll(removeTempDirs);
const spec = { id: 'claude' as const, label: 'Claude Code', bin: 'claude', npmPackage: '@anthropic-ai/claude-code', resumable: true };

/** An npm layout: node_modules/.bin/claude → ../@anthropic-ai/claude-code/bin/claude.exe, which prints `printed`. */
function npmInstall(printed: string): string {
  const root = tempDir('loupe-detect-');
  const pkg = join(root, 'node_modules', '@anthropic-ai', 'claude-code');
  mkdirSync(join(pkg, 'bin'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@anthropic-ai/claude-code', version: '2.1.332' }));
  writeFileSync(join(pkg, 'bin', 'claude.exe'), `#!/bin/sh\necho '${printed}'\n`);
  chmodSync(join(pkg, 'bin', 'claude.exe'), 0o755);
  mkdirSync(join(root, 'node_modules', '.bin'));
  symlinkSync('../@anthropic-ai/claude-code/bin/claude.exe', join(root, 'node_modules', '.bin', 'claude'));
  return join(root, 'node_modules', '.bin');
}

describe('detectCli', () => {
  it('an npm-installed CLI: the version from its package.json, and no process started', async () => {
    const bin = npmInstall('9.9.9 (should not be asked)');
    const spawned: string[] = [];
    const spawn: Spawn = (command, args, options) => {
      spawned.push(command);
      return createLauncher().spawn(command, args, options);
    };
    const info = await detectCli(spec, { spawn, env: { PATH: bin } });
    expect(info).toMatchObject({ installed: true, version: '2.1.332', path: join(bin, 'claude'), problem: null });
    expect(spawned).toEqual([]);
    // A package of another name is not taken for it.
    expect(packageVersion(join(bin, 'claude'), '@openai/codex')).toBeNull();
  });

  it('a CLI installed otherwise is asked for its --version', async () => {
    const dir = tempDir('loupe-detect-');
    writeFileSync(join(dir, 'claude'), "#!/bin/sh\necho '3.4.5 (Claude Code)'\n");
    chmodSync(join(dir, 'claude'), 0o755);
    const launcher = createLauncher();
    const info = await detectCli(spec, { spawn: launcher.spawn, env: { PATH: dir } });
    expect(info).toMatchObject({ installed: true, version: '3.4.5', problem: null });
  });
});
