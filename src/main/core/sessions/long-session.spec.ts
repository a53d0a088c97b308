// A long Claude Code session (300,000 lines, 150,000 replies with usage): its manifest is built
// (it threw "Maximum call stack size exceeded" where a window check spread every context point
// into Math.max), with every reply counted.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';

afterAll(removeTempDirs);

describe('a long session', () => {
  it('300,000 lines: the manifest is built, every reply a context point', async () => {
    const sid = '11111111-2222-3333-4444-555555555555';
    const lines: string[] = [];
    for (let i = 0; i < 300_000; i++) {
      lines.push(
        JSON.stringify(
          i % 2 === 0
            ? { type: 'user', message: { role: 'user', content: `Q${i} about item ${i * 7}` }, uuid: `u${i}`, sessionId: sid }
            : { type: 'assistant', message: { id: `m${i}`, role: 'assistant', model: 'claude-opus-4-6', content: [{ type: 'text', text: `A${i}` }], usage: { input_tokens: 10 + (i % 97), output_tokens: 5 } }, uuid: `u${i}`, sessionId: sid },
        ),
      );
    }
    const file = join(tempDir('loupe-long-'), 'projects', 'p', `${sid}.jsonl`);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, `${lines.join('\n')}\n`);
    const rt = makeRuntime();
    try {
      const m = await rt.call('sessions.manifest', { file });
      expect(m.session.points).toBe(150_000);
      expect(m.segments.length).toBe(300_000);
      expect(m.model.window).toBeGreaterThan(0);
    } finally {
      await rt.close();
    }
  }, 120_000);
});
