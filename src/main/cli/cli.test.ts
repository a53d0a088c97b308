import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../core/testing/fixtures';
import { commands } from './index';
import { runCliForTest as run } from './testing';

afterAll(removeTempDirs);

describe('loupe command', () => {
  it('--help lists every command', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    for (const c of commands) expect(r.stdout).toContain(c.name);
    expect(r.stdout).toContain('LOUPE_USER_DATA');
  });

  it('first-use friction (issue 22): help COMMAND, settings in words, a bad number named as itself, no "1 files"', async () => {
    const help = await run(['help', 'inspect']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: loupe inspect');
    const env = { LOUPE_USER_DATA: tempDir() };
    const effective = await run(['presets', 'effective'], env);
    expect(effective.stdout).toContain('Context budget');
    expect(effective.stdout).not.toContain('loop.contextBudget');
    const bad = await run(['presets', 'save', 'team', '--max-prompt-bytes', 'lots'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-prompt-bytes takes a whole number');
    expect(bad.stderr).not.toContain('name the agent');
  });

  it('no arguments prints help and exits 2 (usage)', async () => {
    const r = await run([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Usage: loupe <command>');
  });

  it('an unknown command is a usage error on stderr', async () => {
    const r = await run(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "frobnicate"');
  });

  it('serve refuses a bad port, a weak token and unknown flags before listening', async () => {
    expect((await run(['serve', '--port', '70000'])).code).toBe(2);
    expect((await run(['serve', '--port', 'abc'])).stderr).toContain('--port');
    // Number() would read these as 0 (a random port), 80 and 1000: only plain digits are a port.
    for (const port of ['', ' ', '0x50', '1e3', '-1', '+80']) {
      expect((await run(['serve', `--port=${port}`])).code, JSON.stringify(port)).toBe(2);
    }
    expect((await run(['serve', '--token', 'short'])).code).toBe(2);
    const unknown = await run(['serve', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: loupe serve');
  });

  it('serve on a port already in use says so plainly and exits 1', async () => {
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const { port } = busy.address() as AddressInfo;
    try {
      const r = await run(['serve', '--port', String(port)], { LOUPE_USER_DATA: tempDir() });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`loupe serve: port ${port} on 127.0.0.1 is already in use; choose another with --port, or --port 0 for any free one.\n`);
    } finally {
      busy.close();
    }
  });

  it('<command> --help prints its usage', async () => {
    const r = await run(['serve', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('loupe serve [--port N] [--token-file FILE]');
  });
});
