// Standing attack suite (issue 13): thousands of generated requests over every
// contract method and the HTTP edge cases against a real browser host in this
// process. Whatever arrives: no 5xx, every error is a short JSON {code, message},
// and the host still answers afterwards. `npm run fuzz` runs 20,000.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodNames } from '../../../shared/api';
import type { Runtime } from '../../core/runtime';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { soakCount } from '../../core/testing/soak';
import { startHost, type RunningHost } from '../server';
import { deepJson, nastyStrings, pick, prng, randomObject, randomValue } from './generate';

const TOTAL = Number(process.env.LOUPE_FUZZ_REQUESTS ?? soakCount(2000, 500));
const SEED = Number(process.env.LOUPE_FUZZ_SEED ?? 20261130);

let host: RunningHost;
let runtime: Runtime;
let repo: string;

beforeAll(async () => {
  repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n', 'README.md': '# hi\n', '.env': 'TOKEN=x\n' });
  // Agents are not on this PATH: a generated run can never start a real CLI.
  runtime = makeRuntime({ env: { PATH: tempDir(), LOUPE_AGENT_PATH: '' } });
  host = await startHost({ runtime, rendererDir: tempDir() });
});
afterAll(async () => {
  await host.close();
  await runtime.close();
  removeTempDirs();
});

interface Answer {
  status: number;
  body: string;
}

function post(path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        method: 'POST',
        path,
        headers: { host: `127.0.0.1:${host.port}`, 'x-loupe-token': host.token, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function raw(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    // write, not end: a half-closed client may lose an answer that is still being prepared.
    const socket = connect(host.port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (text += c));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

/** Checks one answer: below 500, and an error is `{ ok: false, error: { code, message } }`, short. */
function checkAnswer(what: string, a: Answer): void {
  expect(a.status, `${what}: ${a.body.slice(0, 300)}`).toBeLessThan(500);
  if (a.status >= 400) {
    const parsed = JSON.parse(a.body) as { ok: boolean; error: { code: unknown; message: unknown } };
    expect(parsed.ok, what).toBe(false);
    expect(typeof parsed.error.code, what).toBe('string');
    expect(typeof parsed.error.message, what).toBe('string');
    expect((parsed.error.message as string).length, what).toBeLessThan(5000);
  }
}

/** Makes a generated run harmless: a custom command is replaced by one that does nothing. */
function defuse(name: string, body: unknown): unknown {
  if (!name.startsWith('runs.') || typeof body !== 'object' || body === null) return body;
  const settings = (body as { settings?: unknown }).settings;
  if (settings && typeof settings === 'object' && 'command' in settings) {
    (settings as { command: unknown }).command = `${process.execPath} -e 0`;
  }
  return body;
}

describe('fuzzing the browser host', () => {
  it(`answers ${TOTAL} generated contract calls with no 5xx and a coded error for every refusal`, async () => {
    const r = prng(SEED);
    const strings = nastyStrings(repo);
    const names = [...methodNames].filter((n) => n !== 'repo.pickFolder');
    let refused = 0;
    const byStatus = new Map<number, number>();
    const serverErrors: string[] = [];
    const started = performance.now();
    for (let i = 0; i < TOTAL; i++) {
      const name = pick(r, names);
      const roll = r();
      const body = roll < 0.6 ? randomObject(r, strings) : roll < 0.85 ? randomValue(r, strings) : { repo, paths: [pick(r, strings)], path: pick(r, strings) };
      const a = await post(`/api/rpc/${name}`, JSON.stringify(defuse(name, body)));
      byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
      const what = `${name} ${JSON.stringify(body).slice(0, 200)} (seed ${SEED}, #${i})`;
      // Counted rather than stopped at: the figure is how many of TOTAL were 5xx.
      if (a.status >= 500) serverErrors.push(`${a.status} ${what}: ${a.body.slice(0, 300)}`);
      else checkAnswer(what, a);
      if (a.status >= 400) refused++;
    }
    const seconds = (performance.now() - started) / 1000;
    const statuses = [...byStatus].sort(([x], [y]) => x - y).map(([s, n]) => `${s}: ${n}`).join(', ');
    console.log(`fuzz: ${TOTAL} requests (seed ${SEED}) in ${seconds.toFixed(1)} s, ${serverErrors.length} x 5xx; statuses ${statuses}`);
    expect(serverErrors.slice(0, 5), `${serverErrors.length} of ${TOTAL} answers were 5xx`).toEqual([]);
    // Nearly everything generated is invalid; the point is how it is refused.
    expect(refused).toBeGreaterThan(TOTAL / 2);
    checkAnswer('app.info afterwards', await post('/api/rpc/app.info', '{}'));
  }, 600_000);

  it('refuses malformed bodies, deep nesting, huge strings, invalid UTF-8 and odd routes plainly', async () => {
    const cases: [string, string, string | Buffer][] = [
      ['bad JSON', '/api/rpc/repo.open', '{"path":'],
      ['not an object', '/api/rpc/repo.open', '[1,2,3]'],
      ['deep arrays', '/api/rpc/context.inspect', deepJson(10_000)],
      ['deep objects', '/api/rpc/repo.open', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
      ['huge string', '/api/rpc/repo.open', JSON.stringify({ path: 'x'.repeat(3 * 1024 * 1024) })],
      ['invalid UTF-8', '/api/rpc/repo.open', Buffer.from([0x7b, 0x22, 0x70, 0x61, 0x74, 0x68, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d])],
      ['NUL in JSON', '/api/rpc/repo.open', '{"path":"/tmp/a\\u0000b"}'],
      ['traversal route', '/api/rpc/../../etc/passwd', '{}'],
      ['encoded traversal', '/api/rpc/%2e%2e%2f%2e%2e%2fetc', '{}'],
      ['Windows path', '/api/rpc/repo.open', JSON.stringify({ path: 'C:\\Windows\\System32' })],
      ['UNC path', '/api/rpc/repo.open', JSON.stringify({ path: '\\\\server\\share\\repo' })],
      ['prototype keys', '/api/rpc/settings.update', '{"__proto__":{"polluted":1},"settings":{"agent":"demo","constructor":{"prototype":{"x":1}}}}'],
      ['unknown route', '/api/nope', '{}'],
      ['empty method', '/api/rpc/', '{}'],
      ['huge method name', `/api/rpc/${'m'.repeat(4000)}`, '{}'],
    ];
    for (const [what, path, body] of cases) checkAnswer(what, await post(path, body));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']) {
      const text = await raw(`${method} /api/rpc/app.info HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nx-loupe-token: ${host.token}\r\nConnection: close\r\n\r\n`);
      expect(Number(/^HTTP\/1.1 (\d+)/.exec(text)?.[1]), method).toBeLessThan(500);
    }
    for (const junk of ['GET http://[::1/ HTTP/1.1\r\n\r\n', 'GET / HTTP/9.9\r\n\r\n', '\x00\x01\x02\r\n\r\n', `GET /${'%'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`]) {
      const text = await raw(junk);
      const status = Number(/^HTTP\/1.1 (\d+)/.exec(text)?.[1] ?? 0);
      expect(status, JSON.stringify(junk.slice(0, 40))).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(text.length).toBeLessThan(1000);
    }
    checkAnswer('app.info afterwards', await post('/api/rpc/app.info', '{}'));
  }, 120_000);
});
