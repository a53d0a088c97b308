// The parsers on small transcripts made here: each case the real ones do not isolate.
import { appendFileSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { parseSessionFile } from './parse';
import { loadEntryItems } from './rebuild';
import { claudeLines, codexLines, writeJsonl } from './testing';

afterAll(removeTempDirs);
const parse = async (path: string) => (await parseSessionFile(path)).session;

describe('Claude Code (made)', () => {
  it('dedupes a reply split over lines (a repeated line adds nothing) and keeps the LAST line\'s usage', async () => {
    const c = claudeLines('/work/repo');
    const snapshot = { input_tokens: 3, cache_creation_input_tokens: 50, cache_read_input_tokens: 500, output_tokens: 1 };
    const final = { input_tokens: 3, cache_creation_input_tokens: 60, cache_read_input_tokens: 900, output_tokens: 40 };
    const text = c.assistant('msg_1', { type: 'text', text: 'Looking.' }, snapshot);
    const path = writeJsonl(join(tempDir(), 's.jsonl'), [
      c.user('hello there'),
      c.assistant('msg_1', { type: 'thinking', thinking: 'plan', signature: 'x' }, snapshot),
      text,
      text,
      c.assistant('msg_1', { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/a' } }, final),
      c.user([{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'file body', is_error: false }]),
      c.assistant('msg_2', { type: 'text', text: 'Done.' }),
    ]);
    const s = await parse(path);
    expect(s.entries.map((e) => e.kind)).toEqual(['user', 'thinking', 'assistant', 'tool', 'assistant']);
    expect(s.contextPoints).toHaveLength(2);
    expect(s.contextPoints[0]).toMatchObject({ reported: 3 + 60 + 900, entryIndex: 1, source: { lines: [5] } });
    expect(s.contextPoints[0]!.usage).toMatchObject({ outputTokens: 40, cacheReadTokens: 900, cacheCreationTokens: 60 });
    // The estimate of the same point: the prompt before the reply, bytes/4.
    expect(s.contextPoints[0]!.estimate).toBe(Math.ceil('hello there'.length / 4));
  });

  it('pairs tool calls with results in any order; a call without result stays unpaired', async () => {
    const c = claudeLines('/work/repo');
    const path = writeJsonl(join(tempDir(), 's.jsonl'), [
      c.user('go'),
      c.assistant('m1', { type: 'tool_use', id: 'a', name: 'Bash', input: { command: 'ls' } }),
      c.assistant('m1', { type: 'tool_use', id: 'b', name: 'Grep', input: { pattern: 'x' } }),
      c.assistant('m1', { type: 'tool_use', id: 'c', name: 'Read', input: { file_path: '/c' } }),
      c.user([{ type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'grep out' }], is_error: true }]),
      c.user([{ type: 'tool_result', tool_use_id: 'a', content: 'ls out' }]),
    ]);
    const tools = (await parse(path)).entries.filter((e) => e.kind === 'tool');
    expect(tools.map((t) => [t.label, t.paired, t.isError, t.source.lines])).toEqual([
      ['Bash', true, false, [2, 6]],
      ['Grep', true, true, [3, 5]],
      ['Read', false, false, [4]],
    ]);
    expect(tools[0]!.bytes).toBe(Buffer.byteLength('{"command":"ls"}') + Buffer.byteLength('ls out'));
  });

  it('unknown line types are counted and kept as unknown entries; malformed lines are skipped with a count', async () => {
    const c = claudeLines('/work/repo');
    const path = writeJsonl(join(tempDir(), 's.jsonl'), [
      c.user('first'),
      'this is not json {',
      '[1, 2, 3]',
      { type: 'hologram', sessionId: 'sess-1', uuid: 'u-x', payload: 'from the future' },
      { type: 'progress', data: { type: 'hook_progress' }, sessionId: 'sess-1', uuid: 'u-p' },
      c.assistant('m1', { type: 'text', text: 'ok' }),
    ]);
    const s = await parse(path);
    expect(s.lines).toMatchObject({ read: 6, malformed: 2, unknown: 1, unknownTypes: { hologram: 1 }, bookkeeping: 1, partialTail: false });
    expect(s.entries.map((e) => [e.kind, e.label ?? ''])).toEqual([
      ['user', 'prompt'],
      ['unknown', 'hologram'],
      ['assistant', ''],
    ]);
    expect(s.entries[1]!.preview).toContain('from the future');
  });

  it('a file still being written is read up to its last complete line', async () => {
    const c = claudeLines('/work/repo');
    const dir = tempDir();
    const cut = JSON.stringify(c.assistant('m2', { type: 'text', text: 'half of a reply that is still' }));
    const path = writeJsonl(join(dir, 's.jsonl'), [c.user('ask'), c.assistant('m1', { type: 'text', text: 'answer' })], cut.slice(0, 60));
    const s = await parse(path);
    expect(s.lines).toMatchObject({ read: 2, malformed: 0, partialTail: true });
    expect(s.entries.map((e) => e.preview)).toEqual(['ask', 'answer']);
    // The CLI finishes the line: the next read has it, and the tail is whole again.
    appendFileSync(path, `${cut.slice(60)}\n`);
    const again = await parse(path);
    expect(again.lines.partialTail).toBe(false);
    expect(again.entries.map((e) => e.preview)).toEqual(['ask', 'answer', 'half of a reply that is still']);
  });

  it('inline sidechain lines are subagent work: flagged, never a reported point, out of the estimate', async () => {
    const c = claudeLines('/work/repo');
    const path = writeJsonl(join(tempDir(), 's.jsonl'), [
      c.user('main ask'),
      c.user('subagent prompt', { isSidechain: true, agentId: 'abc' }),
      c.assistant('side', { type: 'text', text: 'x'.repeat(4000) }, undefined, { isSidechain: true, agentId: 'abc' }),
      c.assistant('main', { type: 'text', text: 'main answer' }),
    ]);
    const s = await parse(path);
    expect(s.entries.map((e) => [e.kind, e.sidechain])).toEqual([
      ['user', false],
      ['user', true],
      ['assistant', true],
      ['assistant', false],
    ]);
    expect(s.contextPoints).toHaveLength(1);
    expect(s.contextPoints[0]!.estimate).toBe(Math.ceil('main ask'.length / 4));
  });

  it('compaction: entries before the newest boundary leave the context; the summary after it is in', async () => {
    const c = claudeLines('/work/repo');
    const path = writeJsonl(join(tempDir(), 's.jsonl'), [
      c.user('old ask'),
      c.assistant('m1', { type: 'text', text: 'old answer' }),
      c.boundary(5000),
      c.summary('Summary of the old part.'),
      c.user('new ask'),
      c.assistant('m2', { type: 'text', text: 'new answer' }),
    ]);
    const s = await parse(path);
    expect(s.entries.map((e) => [e.kind, e.beforeCompaction])).toEqual([
      ['user', true],
      ['assistant', true],
      ['summary', false],
      ['user', false],
      ['assistant', false],
    ]);
    // The second reply's estimate starts at the boundary: summary + new ask.
    expect(s.contextPoints[1]!.estimate).toBe(Math.ceil(('Summary of the old part.'.length + 'new ask'.length) / 4));
  });

  it('prune-and-continue reads the bodies back lazily by line, and refuses when the file changed under them', async () => {
    const c = claudeLines('/work/repo');
    const big = 'B'.repeat(100_000);
    const path = writeJsonl(join(tempDir(), 's.jsonl'), [
      c.user('read it'),
      c.assistant('m1', { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/big' } }),
      c.user([{ type: 'tool_result', tool_use_id: 't1', content: big }]),
    ]);
    const s = await parse(path);
    // The parsed session keeps a preview, not the body.
    expect(JSON.stringify(s).length).toBeLessThan(5000);
    const items = await loadEntryItems(s, [0, 1]);
    expect(items.get(0)).toEqual({ kind: 'user', text: 'read it' });
    expect(items.get(1)).toMatchObject({ kind: 'tool', name: 'Read', input: { file_path: '/big' }, output: big, isError: false });
    writeFileSync(path, `${JSON.stringify(c.user('something else'))}\n`);
    await expect(loadEntryItems(s, [0])).rejects.toMatchObject({ code: 'invalid-input', details: { reason: 'session-changed' } });
  });
});

describe('Codex and Gemini (made)', () => {
  it('Codex: pairs function calls, counts token_count (info null skipped), compacted without history is a summary', async () => {
    const x = codexLines('/work/repo');
    const path = writeJsonl(join(tempDir(), 'rollout.jsonl'), [
      x.meta(),
      x.turn('gpt-5.5'),
      x.user('list files'),
      x.call('c1', 'exec_command', { cmd: 'ls' }),
      x.raw('event_msg', { type: 'token_count', info: null, rate_limits: {} }),
      x.tokens(1000, 50),
      x.output('c1', 'a.txt'),
      x.assistant('done'),
      x.compacted('The user listed files.'),
      x.user('again'),
      x.tokens(300, 10),
      x.raw('mystery_record', { a: 1 }),
    ]);
    const s = await parse(path);
    expect(s.entries.map((e) => [e.kind, e.beforeCompaction])).toEqual([
      ['user', true],
      ['tool', true],
      ['assistant', true],
      ['summary', false],
      ['user', false],
      ['unknown', false],
    ]);
    expect(s.entries[1]).toMatchObject({ label: 'exec_command', paired: true });
    expect(s.contextPoints.map((p) => [p.reported, p.window])).toEqual([
      [1050, 272000],
      [310, 272000],
    ]);
    expect(s.lines.unknownTypes).toEqual({ mystery_record: 1 });
    expect(s.system.map((p) => p.title)).toEqual(['Base instructions']);
  });

  it('Gemini JSONL: $rewindTo drops the message and what follows; an upsert replaces in place', async () => {
    const path = writeJsonl(join(tempDir(), 'session-x.jsonl'), [
      { sessionId: 'g1', projectHash: 'f'.repeat(64), startTime: '2026-11-30T10:00:00.000Z', lastUpdated: '2026-11-30T10:00:00.000Z', kind: 'main' },
      { id: 'u1', timestamp: '2026-11-30T10:00:01.000Z', type: 'user', content: [{ text: 'first' }] },
      { id: 'g1r', timestamp: '2026-11-30T10:00:02.000Z', type: 'gemini', content: 'draft', tokens: { input: 100, output: 5, cached: 0, thoughts: 0, tool: 0, total: 105 }, model: 'gemini-2.5-pro' },
      { id: 'g1r', timestamp: '2026-11-30T10:00:02.000Z', type: 'gemini', content: 'final answer', tokens: { input: 100, output: 5, cached: 0, thoughts: 0, tool: 0, total: 105 }, model: 'gemini-2.5-pro' },
      { id: 'u2', timestamp: '2026-11-30T10:00:03.000Z', type: 'user', content: [{ text: 'second' }] },
      { id: 'g2', timestamp: '2026-11-30T10:00:04.000Z', type: 'gemini', content: 'second answer', model: 'gemini-2.5-pro' },
      { $rewindTo: 'u2' },
      { id: 'i1', timestamp: '2026-11-30T10:00:05.000Z', type: 'info', content: 'shown only' },
    ]);
    const s = await parse(path);
    expect(s.entries.map((e) => [e.preview, e.dropped])).toEqual([
      ['first', false],
      ['final answer', false],
      ['second', true],
      ['second answer', true],
    ]);
    expect(s.entries[1]!.source.lines).toEqual([3, 4]);
    expect(s.contextPoints).toEqual([expect.objectContaining({ reported: 100, estimate: Math.ceil('first'.length / 4) })]);
  });
});

describe('recognizing the format from the content', () => {
  it('a Codex rollout named like a Claude file is read as Codex; other files are refused with a stable code', async () => {
    const dir = tempDir();
    const codex = join(__dirname, '../../../../fixtures/sessions/codex/loupe-mock-model/sessions/2026/11/30/rollout-2026-11-30T09-47-48-01a22bda-7c65-7be0-b3e8-c67e49adb8c6.jsonl');
    copyFileSync(codex, join(dir, 'abc.jsonl'));
    expect((await parse(join(dir, 'abc.jsonl'))).format).toBe('codex-rollout-jsonl');
    writeFileSync(join(dir, 'package.json'), '{\n  "name": "x"\n}\n');
    await expect(parse(join(dir, 'package.json'))).rejects.toMatchObject({ code: 'invalid-input', details: { reason: 'unknown-format' } });
    await expect(parse(join(dir, 'missing.jsonl'))).rejects.toMatchObject({ code: 'not-found' });
    await expect(parse(dir)).rejects.toMatchObject({ code: 'invalid-input' });
  });
});
