// A thread's manifest is kept between reads and built again only when something it is built from
// changed (a turn, a directive, the instruction files, another process's writes): one Evict click
// builds it once, and the reads after it answer that build.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ThreadManifest } from '../../../shared/contract/xray';
import { makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';
import { appendTranscript, createThread } from '../threads/thread-store';

afterAll(removeTempDirs);

describe('the kept thread manifest', () => {
  it('answers again while nothing changed; a transcript entry, a directive or an instruction file builds it anew', async () => {
    // A clock that moves a second per reading: every build has a builtAt of its own.
    let tick = Date.UTC(2026, 0, 1);
    const runtime = makeRuntime({ now: () => new Date((tick += 1000)) });
    try {
      const repo = makeRepo({ 'a.txt': 'a\n' });
      const db = runtime.deps.db;
      createThread(db, { id: 't1', repo, agent: 'claude', model: null, title: 'ask', now: new Date(tick) });
      appendTranscript(db, 't1', 'import:s', [
        { kind: 'user', text: 'first ask' },
        { kind: 'assistant', text: 'first reply' },
      ]);
      const read = async () => (await runtime.dispatch('xray.manifest', { threadId: 't1' })) as ThreadManifest;

      const first = await read();
      expect(first.segments).toHaveLength(2);
      expect((await read()).builtAt).toBe(first.builtAt);

      // Written as another process (the CLI) would: no event reaches this one.
      appendTranscript(db, 't1', 'import:s', [{ kind: 'user', text: 'second ask' }]);
      const second = await read();
      expect(second.builtAt).not.toBe(first.builtAt);
      expect(second.segments).toHaveLength(3);

      const evicted = (await runtime.dispatch('xray.evict', { threadId: 't1', segmentId: second.segments[1]!.id })) as ThreadManifest;
      expect(evicted.builtAt).not.toBe(second.builtAt);
      expect((await read()).builtAt).toBe(evicted.builtAt);

      writeFileSync(join(repo, 'CLAUDE.md'), 'Be brief.\n');
      const withInstructions = await read();
      expect(withInstructions.builtAt).not.toBe(evicted.builtAt);
      expect(withInstructions.system.map((s) => s.title)).toContain('CLAUDE.md');
      expect((await read()).builtAt).toBe(withInstructions.builtAt);
    } finally {
      await runtime.close();
    }
  });
});
