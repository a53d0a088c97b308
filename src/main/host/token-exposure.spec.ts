// Security spec (issue 23, item 5; part of the standing attack suite): an agent the
// browser host starts cannot find the host's token. `loupe serve` runs as a real
// process (bundled once) with the token in LOUPE_TOKEN, in a --token-file or as
// --token; a custom-command agent dumps everything it can read about itself and its
// ancestors (its environment, /proc/<pid>/environ and /proc/<pid>/cmdline of its
// parent, grandparent, … up to pid 1). Neither the token nor the file's path is there.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle } from '../core/testing/cli-bundle';
import { makeRepo, removeTempDirs, tempDir } from '../core/testing/fixtures';
import { nodeCmd } from '../core/testing/runs';

afterAll(removeTempDirs);

let cliBundle = '';
beforeAll(async () => {
  cliBundle = await buildCliBundle();
}, 120_000);

let host: ChildProcess | null = null;
afterEach(async () => {
  if (host && host.exitCode === null) {
    const ended = new Promise((r) => host!.once('exit', r));
    host.kill('SIGTERM');
    await ended;
  }
  host = null;
});

function startHost(args: string[], env: NodeJS.ProcessEnv, userData: string): Promise<number> {
  const child = spawn(process.execPath, [cliBundle, 'serve', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: userData, LOUPE_USER_DATA: userData, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  host = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`the host exited (${code}) before serving: ${out}`)));
  });
}

/** An agent that writes what it can read about itself and each ancestor to `out`. */
const snoop = (out: string) =>
  nodeCmd(
    `const fs=require('fs');const d=['env '+JSON.stringify(process.env),'self '+fs.readFileSync('/proc/self/cmdline','latin1')];` +
      `let pid=process.ppid;for(let i=0;i<32&&pid>0;i++){for(const f of ['environ','cmdline']){` +
      `try{d.push(pid+' '+f+' '+fs.readFileSync('/proc/'+pid+'/'+f,'latin1'))}catch(e){d.push(pid+' '+f+' unreadable '+e.code)}}` +
      `if(pid===1)break;const st=fs.readFileSync('/proc/'+pid+'/stat','utf8');pid=Number(st.slice(st.lastIndexOf(')')+2).split(' ')[1])}` +
      `fs.writeFileSync('${out}',d.join('\\n'));console.log('looked')`,
  );

async function rpc<T>(port: number, token: string, method: string, body: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/api/rpc/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-loupe-token': token },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { ok: boolean; result?: T; error?: unknown };
  if (!json.ok) throw new Error(`${method}: ${JSON.stringify(json.error)}`);
  return json.result as T;
}

/** Runs the snooping agent through the host and returns what it saw. */
async function agentSees(port: number, token: string): Promise<string> {
  const out = join(tempDir('loupe-snoop-'), 'seen.txt');
  const repo = makeRepo({ 'a.txt': 'a\n' });
  const started = await rpc<{ run: { id: string } }>(port, token, 'runs.start', {
    repo,
    ask: 'look around',
    paths: ['a.txt'],
    settings: { agent: 'custom', command: snoop(out) },
  });
  for (let i = 0; i < 300; i++) {
    const detail = await rpc<{ run: { status: string } }>(port, token, 'runs.get', { runId: started.run.id });
    if (detail.run.status !== 'running' && detail.run.status !== 'queued') {
      expect(detail.run.status).toBe('succeeded');
      return readFileSync(out, 'latin1');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not end');
}

describe.skipIf(process.platform !== 'linux')('the host token, as an agent the host starts looks for it', () => {
  const TOKEN = 'exposure-test-token-0123456789abcdef';

  it('LOUPE_TOKEN: not in the agent environment, nor in the host environ or cmdline, nor any ancestor', async () => {
    const userData = tempDir('loupe-token-env-');
    const port = await startHost([], { LOUPE_TOKEN: TOKEN }, userData);
    const seen = await agentSees(port, TOKEN);
    expect(seen).toContain(`${host!.pid} environ `); // the host's own environ was readable
    expect(seen).not.toContain(TOKEN);
  }, 120_000);

  it('--token-file: neither the token nor the file path in the host cmdline or any ancestor', async () => {
    const userData = tempDir('loupe-token-file-');
    const file = join(userData, 'token-secret-path');
    writeFileSync(file, TOKEN, { mode: 0o600 });
    const port = await startHost(['--token-file', file], {}, userData);
    const seen = await agentSees(port, TOKEN);
    expect(seen).toContain(`${host!.pid} cmdline loupe serve`);
    expect(seen).not.toContain(TOKEN);
    expect(seen).not.toContain('token-secret-path');
  }, 120_000);

  it('--token T: not in the host cmdline once it serves', async () => {
    const userData = tempDir('loupe-token-arg-');
    const port = await startHost(['--token', TOKEN], {}, userData);
    const seen = await agentSees(port, TOKEN);
    expect(seen).not.toContain(TOKEN);
  }, 120_000);
});
