import { describe, expect, it } from 'vitest';
import type { FoldRow } from '../fold/rows';
import { applyDirectives, assertNotProtected, summaryText } from './directives';

/** A tool segment: the assistant's call and the tool's result under one id. */
const tool = (id: string, callId: string, result: string): FoldRow[] => [
  { role: 'assistant', text: '', toolCalls: [{ toolName: 'Read', toolCallId: callId, args: { file_path: 'a.ts' } }], id },
  { role: 'tool', toolName: 'Read', toolCallId: callId, result, id },
];

const history = (): FoldRow[] => [
  { role: 'user', content: 'Read a.ts', id: 'user-1' },
  { role: 'assistant', text: 'Reading it.', id: 'assistant-1' },
  ...tool('tool-a', 'c1', 'contents of a'),
  { role: 'assistant', text: 'Done.', id: 'assistant-2' },
  { role: 'user', content: 'Again', id: 'user-2' },
  ...tool('tool-a-1', 'c2', 'contents of a'),
  { role: 'assistant', text: 'Same.', id: 'assistant-3' },
];

const ids = (rows: FoldRow[]) => rows.map((r) => r.id);

describe('applyDirectives', () => {
  it('evicts a tool call together with its result', () => {
    const out = applyDirectives(history(), { evicted: ['tool-a'] });
    expect(out.rows.some((r) => r.role === 'tool' && r.toolCallId === 'c1')).toBe(false);
    expect(out.rows.some((r) => r.role === 'assistant' && r.toolCalls?.some((c) => c.toolCallId === 'c1'))).toBe(false);
    expect(out.evicted).toBe(1);
  });

  it('evicts only the targeted pair when the same pair appears twice', () => {
    const out = applyDirectives(history(), { evicted: ['tool-a-1'] });
    const results = out.rows.filter((r) => r.role === 'tool');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolCallId: 'c1', id: 'tool-a' });
  });

  it('merges the same-role messages an eviction leaves side by side, and only those', () => {
    const out = applyDirectives(history(), { evicted: ['tool-a'] });
    // "Reading it." and "Done." were apart (the tool pair between them); now one assistant message.
    expect(out.rows[1]).toEqual({ role: 'assistant', text: 'Reading it.\n\nDone.', id: 'assistant-1' });
    expect(out.segments[1]).toEqual(['assistant-1', 'assistant-2']);
    expect(out.merged).toBe(1);
    // Evicting an assistant reply between two asks leaves one user message.
    const asks = applyDirectives(
      [
        { role: 'user', content: 'One', id: 'u1' },
        { role: 'assistant', text: 'Reply', id: 'a1' },
        { role: 'user', content: 'Two', id: 'u2' },
      ],
      { evicted: ['a1'] },
    );
    expect(asks.rows).toEqual([{ role: 'user', content: 'One\n\nTwo', id: 'u1' }]);
    // Without an eviction nothing merges, even rows of one role that were already neighbours.
    const plain = applyDirectives(history(), {});
    expect(plain.rows).toHaveLength(history().length);
    expect(plain.merged).toBe(0);
  });

  it('never merges an assistant call with what follows it, so results stay right after their calls', () => {
    const rows: FoldRow[] = [...tool('t1', 'c1', 'r1'), { role: 'assistant', text: 'x', id: 'a1' }, ...tool('t2', 'c2', 'r2')];
    const out = applyDirectives(rows, { evicted: ['a1'] });
    expect(out.rows.map((r) => r.role)).toEqual(['assistant', 'tool', 'assistant', 'tool']);
  });

  it('replaces a summarized segment with the summary, in the role of its first row', () => {
    const out = applyDirectives(history(), { summaries: new Map([['tool-a', 'a.ts exports one constant']]) });
    expect(ids(out.rows)).toEqual(['user-1', 'assistant-1', 'tool-a', 'assistant-2', 'user-2', 'tool-a-1', 'tool-a-1', 'assistant-3']);
    expect(out.rows[2]).toEqual({ role: 'assistant', text: summaryText('a.ts exports one constant'), id: 'tool-a' });
    expect(JSON.stringify(out.rows)).not.toContain('"c1"');
    const user = applyDirectives(history(), { summaries: { 'user-2': 'asked again' } });
    expect(user.rows.find((r) => r.id === 'user-2')).toEqual({ role: 'user', content: summaryText('asked again'), id: 'user-2' });
  });

  it('flags pinned segments (both rows of a tool pair) so the fold keeps them; evicted wins over pinned', () => {
    const out = applyDirectives(history(), { pinned: ['tool-a', 'user-2'] });
    expect(out.rows.filter((r) => r.pinned).map((r) => r.id)).toEqual(['tool-a', 'tool-a', 'user-2']);
    const both = applyDirectives(history(), { pinned: ['tool-a'], evicted: ['tool-a'] });
    expect(ids(both.rows)).not.toContain('tool-a');
  });

  it('never mutates its input', () => {
    const input = history();
    const before = JSON.stringify(input);
    const frozen = input.map((r) => Object.freeze({ ...r }));
    applyDirectives(frozen, { evicted: ['tool-a'], pinned: ['user-2', 'assistant-1'], summaries: { 'assistant-3': 's' } });
    applyDirectives(input, { evicted: ['tool-a', 'assistant-2'], pinned: ['assistant-1'], summaries: { 'user-2': 's' } });
    expect(JSON.stringify(input)).toBe(before);
  });

  it('restoring (no directive any more) gives back exactly the rows it started from', () => {
    const input = history();
    expect(applyDirectives(input, {}).rows).toEqual(input);
  });
});

describe('protected segments', () => {
  it('refuses to evict or summarize the ask, tool calls and thinking of the turn in progress, with a stable code', () => {
    for (const kind of ['user', 'tool', 'file-read', 'thinking'] as const) {
      expect(() => assertNotProtected({ id: 's', kind, source: 'r-live' }, 'r-live', 'evicted')).toThrowError(
        expect.objectContaining({ code: 'protected-segment', message: expect.stringMatching(/turn in progress.*cannot be evicted/) }),
      );
    }
    // The same kinds in an earlier turn, the assistant's text, or no turn running: allowed.
    expect(() => assertNotProtected({ id: 's', kind: 'tool', source: 'r-old' }, 'r-live', 'evicted')).not.toThrow();
    expect(() => assertNotProtected({ id: 's', kind: 'assistant', source: 'r-live' }, 'r-live', 'evicted')).not.toThrow();
    expect(() => assertNotProtected({ id: 's', kind: 'user', source: 'r-live' }, null, 'summarized')).not.toThrow();
  });
});
