// Issue 38: a killed relay loses at most requests that were never answered. `loupe wrap`
// (the real CLI bundle, its real database file) relays a stand-in claude that sends ~300 KB
// Claude-Code-shaped requests one after another to the scripted Anthropic provider and notes
// each answer it has read to its end; the wrap process is SIGKILLed mid-session, as soon as
// the CLI has noted an answer or a random while after. Afterwards the database passes integrity_check and holds a record,
// with its usage, of every request the CLI saw answered.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRE_PROVISIONAL_REASON } from '../../../shared/contract/wire';
import { openStore } from '../store/store';
import { buildCliBundle } from '../testing/cli-bundle';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { startProvider, type ScriptedProvider } from '../testing/providers';
import { soakCount } from '../testing/soak';
import { wireRequests } from './store';

let cliBundle = '';
let provider: ScriptedProvider | null = null;
beforeAll(async () => {
  cliBundle = await buildCliBundle();
  provider = await startProvider('anthropic', { script: { turns: [], otherwise: { text: 'done', usage: { input: 70_000, output: 3 } } } });
}, 120_000);
afterAll(async () => {
  await provider?.close();
  removeTempDirs();
});

/** A claude that sends request after request (each one turn longer) and appends `n` to $ANSWERED once answer n has ended. */
const LOOPING_CLAUDE = `
const { appendFileSync } = require('node:fs');
if (process.argv.includes('--version')) { process.stdout.write('2.1.332 (Claude Code)\\n'); process.exit(0); }
const tools = Array.from({ length: 25 }, (_, i) => ({ name: 'Tool' + i, description: 'Does a thing. '.repeat(60), input_schema: { type: 'object' } }));
const messages = [{ role: 'user', content: 'Fix the bug (' + process.pid + ')' }];
for (let t = 0; t < 60; t++) {
  messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_' + t, name: 'Read', input: { file_path: '/repo/f' + t + '.ts' } }] });
  messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_' + t, content: ('export const v' + t + ' = ' + t + ';\\n').repeat(200) }] });
}
(async () => {
  for (let n = 1; ; n++) {
    messages.push({ role: 'assistant', content: [{ type: 'text', text: 'turn ' + n }] }, { role: 'user', content: 'go on ' + n });
    let res;
    try {
      res = await fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-ant-fake' },
        body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 64, system: 'You are Claude Code.', tools, messages }),
      });
      await res.text();
    } catch {
      process.exit(0); // the relay is gone
    }
    if (res.status !== 200) process.exit(2);
    appendFileSync(process.env.ANSWERED, n + '\\n');
  }
})();
`;

/**
 * Runs `loupe wrap claude` until the CLI has seen `after` answers, then SIGKILLs it `delay` ms
 * later (0: as soon as the CLI has noted its answer, the moment a record written after the
 * answer is still missing); the answers the CLI saw.
 */
function killWrapMidSession(userData: string, after: number, delay: number): Promise<number[]> {
  const agents = tempDir('loupe-looping-claude-');
  writeFileSync(join(agents, 'claude'), `#!${process.execPath}\n${LOOPING_CLAUDE}`);
  chmodSync(join(agents, 'claude'), 0o755);
  const answered = join(agents, 'answered.txt');
  writeFileSync(answered, '');
  const env = { PATH: process.env.PATH ?? '', HOME: userData, LOUPE_USER_DATA: userData, LOUPE_AGENT_PATH: agents, ANSWERED: answered, ANTHROPIC_BASE_URL: provider!.url, ANTHROPIC_API_KEY: 'sk-ant-fake' };
  const child = spawn(process.execPath, [cliBundle, 'wrap', '--', 'claude'], { env, cwd: userData, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const seen = () =>
    readFileSync(answered, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map(Number);
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (seen().length < after) return;
      clearInterval(poll);
      if (delay === 0) child.kill('SIGKILL');
      else setTimeout(() => child.kill('SIGKILL'), delay);
    }, 2);
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearInterval(poll);
      if (signal !== 'SIGKILL') return reject(new Error(`loupe wrap ended without being killed (${signal ?? _code}): ${err}`));
      // The CLI notes an answer only after reading it whole; give its last note a moment (the relay is gone).
      setTimeout(() => resolve(seen()), 300);
    });
  });
}

const KILLS = soakCount(6, 3);

describe.skipIf(process.platform === 'win32')('a wire session under SIGKILL', () => {
  it(`keeps the record of every request the CLI saw answered, after ${KILLS} kills mid-session`, async () => {
    let provisional = 0;
    for (let i = 0; i < KILLS; i++) {
      const userData = tempDir('loupe-relay-crash-');
      const answered = await killWrapMidSession(userData, 2 + (i % 4), i % 2 ? Math.floor(Math.random() * 150) : 0);
      expect(answered.length).toBeGreaterThanOrEqual(2);
      const file = join(userData, 'loupe.db');
      expect(existsSync(file)).toBe(true);
      const db = openStore(file);
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const [session] = db.prepare('SELECT id FROM wire_sessions').all() as { id: string }[];
        const records = new Map(wireRequests(db, session!.id).map((r) => [r.seq, r]));
        // The CLI's requests are the session's only ones: request n is seq n.
        expect(answered.filter((n) => !records.has(n))).toEqual([]);
        for (const n of answered) {
          const r = records.get(n)!;
          expect(r).toMatchObject({ api: 'anthropic-messages', answeredBy: 'upstream', status: 200, usage: { input: 70_000 } });
          // Analysed, or (its answer came before its analysis, and the kill before that) provisional and saying so.
          if (r.incomplete) expect(r).toMatchObject({ reason: WIRE_PROVISIONAL_REASON, segments: [] });
          else expect(r.segments.length).toBeGreaterThan(60);
        }
        provisional += answered.filter((n) => records.get(n)!.incomplete).length;
      } finally {
        db.close();
      }
    }
    // (How many records the kills left provisional: the latest answered request's, when the kill beat its analysis.)
    console.log(`relay-crash: ${provisional} of the answered requests' records left provisional over ${KILLS} kills`);
  }, 180_000);
});
