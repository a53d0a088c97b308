// Issue 23, item 7 (memory): a Gemini JSONL session's records are settled only at the
// end, and used to be held as parsed objects until then (the whole file in memory,
// several times over). Now they are kept as where they are in the file and read again
// one at a time when emitted: what is emitted is what the file holds at that moment.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { SessionBuilder } from '../conversation/builder';
import { LineCounts, SessionFacts } from './facts';
import { GeminiReplay, type LineAt } from './gemini';
import { openLineReader, readJsonl } from './jsonl-reader';
import { parseSessionFile } from './parse';
import { writeJsonl } from './testing';

afterAll(removeTempDirs);

const head = { sessionId: 'g1', projectHash: 'f'.repeat(64), startTime: '2026-11-30T10:00:00.000Z', kind: 'main' };
const lines = [
  head,
  { id: 'u1', timestamp: '2026-11-30T10:00:01.000Z', type: 'user', content: [{ text: 'first ask' }] },
  { id: 'g1', timestamp: '2026-11-30T10:00:02.000Z', type: 'gemini', content: 'draft', model: 'gemini-2.5-pro' },
  { id: 'g1', timestamp: '2026-11-30T10:00:02.000Z', type: 'gemini', content: 'final answer', model: 'gemini-2.5-pro' },
  { $set: { messages: [{ id: 'u1', type: 'user', content: [{ text: 'first ask' }] }, { id: 's1', type: 'user', content: [{ text: 'from a $set list' }] }] } },
  { note: 'a line with no type' },
];

describe('Gemini replay without holding records', () => {
  it('reads each record again at emit, from the line (or $set entry) holding its latest version', async () => {
    const path = writeJsonl(join(tempDir(), 'session-x.jsonl'), lines);
    const facts = new SessionFacts();
    const counts = new LineCounts();
    const replay = new GeminiReplay(facts, counts);
    await readJsonl(path, (l) => replay.line(l.value, l.lineNo, { offset: l.offset, bytes: l.bytes }));
    const asked: LineAt[] = [];
    const reader = openLineReader(path);
    const builder = new SessionBuilder();
    replay.emit(builder, 0, (at) => {
      asked.push(at);
      return reader.read(at);
    });
    reader.close();
    const built = builder.finish();
    expect(built.entries.map((e) => e.preview)).toEqual(['first ask', 'final answer', 'from a $set list', expect.stringContaining('a line with no type')]);
    // u1 (line 2), g1 (its last version, line 4), s1 (the $set line, read once for it), the untyped line 6.
    expect(asked).toHaveLength(4);
    const offsets = asked.map((a) => a.offset);
    expect(new Set(offsets).size).toBe(4);
  });

  it('emits nothing held in memory: what emit reads is what is shown', async () => {
    const path = writeJsonl(join(tempDir(), 'session-y.jsonl'), lines);
    const builder = new SessionBuilder();
    // Every line read again says something else: had the replay kept the parsed lines, the old texts would show.
    // Only g1 is still where it was; the other records are counted as changed, the untyped line shows what it holds now.
    const counts = new LineCounts();
    const replay2 = new GeminiReplay(new SessionFacts(), counts);
    await readJsonl(path, (l) => replay2.line(l.value, l.lineNo, { offset: l.offset, bytes: l.bytes }));
    replay2.emit(builder, 0, () => ({ id: 'g1', type: 'gemini', content: 'read again' }));
    expect(builder.finish().entries.map((e) => e.preview)).toEqual(['read again', expect.stringContaining('read again')]);
    expect(counts.unknownTypes['(changed while read)']).toBe(2);
  });

  it('parses the same session the same way as before through parseSessionFile (offsets right after CRLF and blank lines)', async () => {
    const dir = tempDir();
    const path = join(dir, 'session-z.jsonl');
    const text = lines.map((l) => JSON.stringify(l)).join('\r\n\n') + '\n';
    writeFileSync(path, text);
    const s = (await parseSessionFile(path)).session;
    expect(s.entries.map((e) => e.preview)).toEqual(['first ask', 'final answer', 'from a $set list', expect.stringContaining('a line with no type')]);
    expect(s.lines.unknownTypes).toEqual({ '(no type)': 1 });
  });
});
