import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { parseSessionFile } from './parse';
import { prunedHistory } from './prune';
import { claudeLines, writeJsonl } from './testing';

afterAll(removeTempDirs);
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('prune-and-continue history', () => {
  it('leaves out the evicted tool result (its bytes), keeps the pinned one, replaces the summarized one, and never writes the file', async () => {
    const c = claudeLines('/work/repo');
    const huge = `HUGE-${'x'.repeat(50_000)}`;
    const path = writeJsonl(join(tempDir(), 's.jsonl'), [
      c.user('look at both files'),
      c.assistant('m1', { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/huge.log' } }),
      c.assistant('m1', { type: 'tool_use', id: 't2', name: 'Read', input: { file_path: '/small.ts' } }),
      c.user([{ type: 'tool_result', tool_use_id: 't1', content: huge }]),
      c.user([{ type: 'tool_result', tool_use_id: 't2', content: 'export const KEEP_ME = 1;' }]),
      c.assistant('m2', { type: 'text', text: 'A long explanation that the user summarized.' }),
      c.user('now fix it'),
    ]);
    const before = sha(path);
    const { session } = await parseSessionFile(path);
    const [bigTool, smallTool] = session.entries.filter((e) => e.kind === 'tool');
    const explanation = session.entries.find((e) => e.kind === 'assistant')!;
    const pruned = await prunedHistory(session, {
      evicted: [bigTool!.id],
      pinned: [smallTool!.id],
      summaries: { [explanation.id]: 'Explained the bug.' },
    });
    const text = JSON.stringify(pruned.items);
    expect(text).not.toContain('HUGE-');
    expect(text).toContain('KEEP_ME');
    expect(text).not.toContain('A long explanation');
    expect(pruned.items.map((i) => i.kind)).toEqual(['user', 'tool', 'summary', 'user']);
    expect(pruned.items[2]).toEqual({ kind: 'summary', text: 'Explained the bug.' });
    expect(pruned.pinned).toEqual([smallTool!.id]);
    expect(pruned.evicted).toEqual({ count: 1, bytes: bigTool!.bytes });
    expect(sha(path)).toBe(before);
  });

  it('a real compacted session continues from what the CLI had in context: the summary and after, plus the preserved reply', async () => {
    const dir = tempDir();
    const path = join(dir, 'ac939d1c.jsonl');
    copyFileSync(join(__dirname, '../../../../fixtures/sessions/claude/loupe-mock-model/projects/-tmp-loupe-agent-repo-ItpI/ac939d1c-76ae-4724-b7cb-8917fabdcdc7.jsonl'), path);
    const before = sha(path);
    const { session } = await parseSessionFile(path);
    const pruned = await prunedHistory(session, { evicted: [], pinned: [], summaries: {} });
    expect(pruned.items[0]).toMatchObject({ kind: 'assistant', text: 'hi — the repository has a README.md.' });
    expect(pruned.items[1]!.kind).toBe('summary');
    expect(pruned.notInContext.count).toBe(session.entries.filter((e) => e.beforeCompaction).length);
    expect(pruned.items.filter((i) => i.kind === 'user').map((i) => (i as { text: string }).text)).toContain('say hi\n');
    expect(sha(path)).toBe(before);
  });
});
