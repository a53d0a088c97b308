// POST /api/workspace/context: the browser host's alias of context.inspect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRuntime, makeRepo, removeTempDirs, tempDir, writeFiles } from '../core/testing/fixtures';
import { startHost } from './server';

let repo: string;
beforeAll(() => {
  repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n', '.env': 'X=1\n' });
  writeFiles(repo, { 'src/a.ts': 'export const a = 2;\n' });
});
afterAll(removeTempDirs);

describe('POST /api/workspace/context', () => {
  it('answers with exactly the context.inspect response, and needs the token', async () => {
    const runtime = makeRuntime();
    const host = await startHost({ runtime, rendererDir: tempDir(), token: 'workspace-token-0123456789' });
    try {
      const url = `http://127.0.0.1:${host.port}/api/workspace/context`;
      const body = JSON.stringify({ repo, paths: ['src', 'src/a.ts', '.env'], attachments: [{ name: 'n.md', size: 8 }] });
      const reply = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-loupe-token': host.token }, body });
      expect(reply.status).toBe(200);
      // The body is the bare response, byte for byte what `loupe inspect --json` prints.
      const result = (await reply.json()) as unknown;
      expect(result).toEqual(await runtime.call('context.inspect', JSON.parse(body)));
      expect(result).toMatchObject({
        files: [{ path: 'src/a.ts', source: 'working-copy', modified: true }],
        omissions: [{ path: '.env', reason: 'credential', bytes: null }],
        attachments: [{ name: 'n.md', approxTokens: 2 }],
      });

      const denied = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(denied.status).toBe(401);
      const bad = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-loupe-token': host.token },
        body: JSON.stringify({ repo, paths: Array.from({ length: 51 }, (_, i) => `f${i}`) }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: { code: 'too-many-selections' } });
    } finally {
      await host.close();
      await runtime.close();
    }
  });
});
