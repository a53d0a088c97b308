// Issue 23, item 7: `loupe mcp` stalled on a 10 MB message and exited silently on 50 MB.
// Now a message over the limit gets a JSON-RPC error (its id when it can be told) and
// the server goes on answering. The real `loupe mcp` process over real pipes.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle } from '../testing/cli-bundle';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { MCP_MAX_MESSAGE_BYTES, topLevelId } from './message-limit';

afterAll(removeTempDirs);

let cliBundle = '';
beforeAll(async () => {
  cliBundle = await buildCliBundle();
}, 120_000);

interface Reply {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** `loupe mcp` as a process; `next()` resolves with its next JSON-RPC line. */
function startMcp(): { child: ChildProcessWithoutNullStreams; next(): Promise<Reply>; send(text: string | Buffer): void } {
  const child = spawn(process.execPath, [cliBundle, 'mcp', '--thread', 't1'], {
    env: { LOUPE_USER_DATA: tempDir(), HOME: tempDir(), PATH: process.env.PATH ?? '' },
  });
  let buffered = '';
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (c: string) => {
    buffered += c;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const w = waiting.shift();
      if (w) w(line);
      else lines.push(line);
    }
  });
  child.stdin.on('error', () => {});
  return {
    child,
    next: () => new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from loupe mcp within 20 s')), 20_000);
      const take = (line: string) => {
        clearTimeout(timer);
        resolve(JSON.parse(line) as Reply);
      };
      const ready = lines.shift();
      if (ready !== undefined) take(ready);
      else waiting.push(take);
    }),
    send: (text) => child.stdin.write(text),
  };
}

const call = (id: number, method: string, params: unknown = {}) => `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;

describe('loupe mcp and oversized messages', () => {
  it('answers a 10 MB and a 50 MB message with a JSON-RPC error and keeps serving', async () => {
    const mcp = startMcp();
    try {
      mcp.send(call(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
      expect((await mcp.next()).id).toBe(1);
      mcp.send(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);

      // The id first: the error names it.
      const ten = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"context_report","arguments":{"segments":"${'a'.repeat(10 * 1024 * 1024)}"}}}\n`;
      mcp.send(ten);
      const first = await mcp.next();
      expect(first.id).toBe(7);
      expect(first.error?.code).toBe(-32600);
      expect(first.error?.message).toMatch(/loupe mcp reads at most 4,194,304 bytes per message/);

      // The id last, after 50 MB: it cannot be told, so null (JSON-RPC's rule).
      const chunk = Buffer.alloc(1024 * 1024, 'b');
      mcp.send('{"jsonrpc":"2.0","method":"tools/call","params":{"x":"');
      for (let i = 0; i < 50; i++) mcp.send(chunk);
      mcp.send('"},"id":8}\n');
      const second = await mcp.next();
      expect(second).toMatchObject({ id: null, error: { code: -32600 } });

      // Still serving; a message just under the limit is read.
      mcp.send(call(9, 'tools/list'));
      const listed = await mcp.next();
      expect(listed.id).toBe(9);
      expect((listed.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
      const under = `{"jsonrpc":"2.0","id":10,"method":"ping","params":{"_meta":{"pad":"${'c'.repeat(MCP_MAX_MESSAGE_BYTES - 200)}"}}}\n`;
      expect(Buffer.byteLength(under)).toBeLessThanOrEqual(MCP_MAX_MESSAGE_BYTES);
      mcp.send(under);
      expect(await mcp.next()).toMatchObject({ id: 10, result: {} });
      expect(mcp.child.exitCode).toBeNull();

      const exited = new Promise<number | null>((resolve) => mcp.child.on('close', (code) => resolve(code)));
      mcp.child.stdin.end();
      expect(await exited).toBe(0);
    } finally {
      mcp.child.kill();
    }
  }, 90_000);
});

describe('loupe mcp and malformed messages (issue 33)', () => {
  it('answers malformed params, a BOM line, 100,000-deep nesting and non-JSON, and keeps serving', async () => {
    const mcp = startMcp();
    try {
      mcp.send(call(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
      expect((await mcp.next()).id).toBe(1);
      mcp.send(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);

      // params that are not an object: the SDK used to drop the line.
      mcp.send(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: 'context_report' })}\n`);
      expect(await mcp.next()).toMatchObject({ id: 2, error: { code: -32600, message: expect.stringContaining('"params" must be an object or an array') } });
      // params of the wrong shape for the method: answered with an error, not silence.
      mcp.send(call(3, 'tools/call', { name: 5, arguments: 'x' }));
      const wrong = await mcp.next();
      expect(wrong.id).toBe(3);
      expect(wrong.error ?? (wrong.result as { isError?: boolean }).isError).toBeTruthy();
      // A UTF-8 byte order mark before a message is ignored: the request is answered.
      mcp.send(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(call(4, 'ping'))]));
      expect(await mcp.next()).toMatchObject({ id: 4, result: {} });
      // 100,000 levels deep: refused before parsing (it overflowed the stack, unanswered).
      mcp.send(`{"jsonrpc":"2.0","id":5,"method":"ping","params":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}\n`);
      expect(await mcp.next()).toMatchObject({ id: 5, error: { code: -32600, message: expect.stringContaining('nested deeper than 64 levels') } });
      // Not JSON at all: a parse error, id null.
      mcp.send('{"jsonrpc":"2.0","id":6,"method":\n');
      expect(await mcp.next()).toMatchObject({ id: null, error: { code: -32700 } });
      mcp.send('[]\n');
      expect(await mcp.next()).toMatchObject({ id: null, error: { code: -32600 } });

      mcp.send(call(7, 'tools/list'));
      const listed = await mcp.next();
      expect(listed.id).toBe(7);
      expect((listed.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
      expect(mcp.child.exitCode).toBeNull();
    } finally {
      mcp.child.kill();
    }
  }, 90_000);
});

describe('topLevelId', () => {
  it('finds the id at depth 1 only, strings and escapes respected', () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":42,"method":"x"')).toBe(42);
    expect(topLevelId('{"id":"a\\"b","method":"x"')).toBe('a"b');
    expect(topLevelId('{"params":{"id":5},"id":6,')).toBe(6);
    expect(topLevelId('{"params":{"id":5},"x":"')).toBeNull();
    expect(topLevelId('{"method":"\\"id\\":3","params":{"aaa')).toBeNull();
    expect(topLevelId('{"id":')).toBeNull();
  });
});
