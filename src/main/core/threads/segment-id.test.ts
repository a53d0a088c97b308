import { describe, expect, it } from 'vitest';
import type { TranscriptItem } from '../../../shared/contract/transcript';
import { canonical, contentKey, segmentIds, toolContentKey } from './segment-id';

const read = (callId: string, output: string): TranscriptItem => ({ kind: 'tool', callId, name: 'Read', input: { file_path: 'a.ts' }, output, isError: false });

describe('segment ids', () => {
  it('are the same for the same content whatever tool-call ids a CLI made up, and across separate computations', () => {
    const a = segmentIds([{ kind: 'user', text: 'Look' }, read('toolu_1', 'x')]);
    const b = segmentIds([{ kind: 'user', text: '  Look\n' }, read('call_99', 'x')]);
    expect(b).toEqual(a);
    expect(a[0]).toMatch(/^user-[0-9a-f]{16}$/);
    expect(a[1]).toMatch(/^tool-[0-9a-f]{16}$/);
  });

  it('differ for different content, kind or result, and repeats get an ordinal', () => {
    const ids = segmentIds([
      { kind: 'user', text: 'Look' },
      { kind: 'assistant', text: 'Look' },
      read('c1', 'x'),
      read('c2', 'y'),
      read('c3', 'x'),
      { kind: 'user', text: 'Look' },
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[4]).toBe(`${ids[2]}-1`);
    expect(ids[5]).toBe(`${ids[0]}-1`);
  });

  it('continue a thread: the counts of earlier turns carry over, so a later turn never reuses an id', () => {
    const seen = new Map<string, number>();
    const first = segmentIds([{ kind: 'user', text: 'Again' }], seen);
    const second = segmentIds([{ kind: 'user', text: 'Again' }], seen);
    expect(second[0]).toBe(`${first[0]}-1`);
  });
});

describe('toolContentKey (the builder\'s direct spelling of a tool item\'s key)', () => {
  it('is exactly contentKey for any input, output and error flag', () => {
    const inputs: unknown[] = [
      { file_path: 'a.ts' },
      { z: 1, a: [3, { y: 'é\u2028"\\', b: null }], m: { c: true, a: undefined } },
      ['argv', 'ls -la'],
      'a bare string',
      42,
      null,
      undefined,
      {},
    ];
    const outputs = [null, '', 'line\n"quoted" \\ tab\t', '\u0000 control and 😀 emoji and lone \ud800 surrogate'];
    for (const input of inputs)
      for (const output of outputs)
        for (const isError of [false, true])
          for (const name of ['Read', 'mcp__srv__t"x']) {
            const item: TranscriptItem = { kind: 'tool', callId: 'c', name, input, output, isError };
            expect(toolContentKey(name, input, canonical(input), output, isError), JSON.stringify({ input, output, isError, name })).toBe(contentKey(item));
          }
  });
});
