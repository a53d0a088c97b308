// Issue 23, item 7: one deeply nested line (a tool input of 100,000 nested arrays)
// used to overflow the stack and make the whole transcript unreadable. It is
// skipped and counted as malformed; every other line is read.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { SPOTTER_SESSION } from '../testing/claude-session';

afterAll(removeTempDirs);

describe('a transcript with one deeply nested line', () => {
  it('is read: the line is skipped and counted, the rest is in the manifest', async () => {
    const lines = readFileSync(join(__dirname, '../../../..', SPOTTER_SESSION), 'utf8').split('\n').filter(Boolean).slice(0, 60);
    const depth = 100_000;
    const deep = JSON.stringify({ type: 'assistant', uuid: 'deep-1', message: { id: 'deep', role: 'assistant', content: [{ type: 'tool_use', id: 'td', name: 'Bash', input: { command: 'x' } }] } }).replace(
      '{"command":"x"}',
      `{"command":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    );
    const file = join(tempDir('loupe-deep-'), 'session.jsonl');
    writeFileSync(file, [...lines.slice(0, 30), deep, ...lines.slice(30)].join('\n') + '\n');
    const clean = join(tempDir('loupe-deep-'), 'session.jsonl');
    writeFileSync(clean, lines.join('\n') + '\n');
    const runtime = makeRuntime();
    try {
      const m = await runtime.call('sessions.manifest', { file });
      const base = await runtime.call('sessions.manifest', { file: clean });
      expect(m.lines?.malformed).toBe((base.lines?.malformed ?? 0) + 1);
      expect(m.segments.length).toBe(base.segments.length);
    } finally {
      await runtime.close();
    }
  }, 60_000);
});
