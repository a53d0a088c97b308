// The history shapes `loupe fold` reads (issue 12): Loupe rows, OpenAI chat
// messages and Anthropic messages, and one-line errors for the rest.
import { describe, expect, it } from 'vitest';
import { trimToBudget } from './trim';
import { HistoryError, readHistory } from './message-shapes';

const oneLine = (doc: unknown): string => {
  try {
    readHistory(doc);
  } catch (err) {
    expect(err).toBeInstanceOf(HistoryError);
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a HistoryError');
};

describe('readHistory', () => {
  it("reads Loupe's own rows, bare or as { rows, currentUserContent }", () => {
    const rows = [
      { role: 'user', content: 'hi', pinned: true },
      { role: 'assistant', text: 'calling', toolCalls: [{ toolName: 'read', toolCallId: 'c1', args: { path: 'a' } }] },
      { role: 'tool', toolName: 'read', toolCallId: 'c1', result: 'file text' },
    ];
    expect(readHistory(rows)).toEqual({ rows, shapes: ['loupe'], notes: [] });
    expect(readHistory({ rows, currentUserContent: 'next' })).toMatchObject({ rows, currentUserContent: 'next' });
  });

  it('reads OpenAI chat messages: string and part-array content, tool_calls, tool messages, system left out', () => {
    const r = readHistory({
      model: 'gpt-5',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: [{ type: 'text', text: 'Look at' }, { type: 'image_url', image_url: { url: 'data:…' } }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'export const a = 1;' },
        { role: 'assistant', content: 'Done.' },
      ],
    });
    expect(r.rows).toEqual([
      { role: 'user', content: 'Look at\n[image_url]' },
      { role: 'assistant', text: '', toolCalls: [{ toolName: 'read_file', toolCallId: 'call_1', args: { path: 'a.ts' } }] },
      { role: 'tool', toolName: 'read_file', toolCallId: 'call_1', result: 'export const a = 1;' },
      { role: 'assistant', text: 'Done.' },
    ]);
    expect(r.shapes).toEqual(['openai']);
    expect(r.notes).toEqual([
      '1 system prompt was left out: a system prompt is sent every turn, not trimmed as history.',
      '1 image, audio or file part is counted as a short placeholder; their real token cost is not estimated.',
    ]);
  });

  it('reads Anthropic messages: content blocks with tool_use and tool_result (errors too), and a top-level system', () => {
    const r = readHistory({
      system: 'Be careful.',
      messages: [
        { role: 'user', content: 'Fix the bug' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Need the file.' },
            { type: 'text', text: 'Reading it.' },
            { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'b.ts' } },
            { type: 'tool_use', id: 'toolu_2', name: 'grep', input: { q: 'x' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'contents' }] },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: 'no such pattern', is_error: true },
            { type: 'text', text: 'Also check c.ts' },
          ],
        },
      ],
    });
    expect(r.rows).toEqual([
      { role: 'user', content: 'Fix the bug' },
      {
        role: 'assistant',
        text: 'Need the file.\nReading it.',
        toolCalls: [
          { toolName: 'read', toolCallId: 'toolu_1', args: { path: 'b.ts' } },
          { toolName: 'grep', toolCallId: 'toolu_2', args: { q: 'x' } },
        ],
      },
      { role: 'tool', toolName: 'read', toolCallId: 'toolu_1', result: 'contents' },
      { role: 'tool', toolName: 'grep', toolCallId: 'toolu_2', ok: false, error: 'no such pattern' },
      { role: 'user', content: 'Also check c.ts' },
    ]);
    expect(r.shapes).toEqual(['anthropic']);
    expect(r.notes[0]).toMatch(/^1 system prompt was left out/);
    // The rows fold like any others: the tool pairs stay intact.
    expect(trimToBudget(r.rows, 1_000).rows).toHaveLength(5);
  });

  it('explains a bad document in one line naming where the problem is', () => {
    expect(oneLine('hello')).toBe('input: is string, expected an array of messages, { "messages": [...] } or { "rows": [...] }');
    expect(oneLine({ data: [] })).toBe('input: has no "messages" or "rows" array (an array of messages on its own works too)');
    expect(oneLine([{ role: 'user', content: 'x' }, 5])).toBe('input[1]: is number, expected a message object with a "role"');
    expect(oneLine({ messages: [{ role: 'narrator', content: 'x' }] })).toBe('messages[0]: role "narrator" is not one of user, assistant, tool, system');
    expect(oneLine([{ role: 'assistant' }])).toBe('input[0]: an assistant message needs "content" (OpenAI, Anthropic) or "text" (Loupe rows)');
    expect(oneLine([{ role: 'assistant', content: [{ type: 'video', url: 'x' }] }])).toMatch(/^input\[0\]\.content\[0\]: unknown content part type "video"/);
    expect(oneLine([{ role: 'assistant', content: '', tool_calls: [{ id: 'c' }] }])).toBe(
      'input[0].tool_calls[0]: a tool call needs "id" and "function": { "name", "arguments" }',
    );
    expect(oneLine([{ role: 'tool', content: 'x' }])).toMatch(/^input\[0\]: a tool message needs "tool_call_id"/);
    // Loupe rows are checked field by field; only the first problem is worded, with a count of the rest.
    const many = Array.from({ length: 250 }, () => ({ role: 'tool', toolName: '', toolCallId: '' }));
    expect(oneLine(many)).toMatch(/^input\[0\]\.toolName: must not be empty \(and \d+ more problems\)$/);
  });
});
