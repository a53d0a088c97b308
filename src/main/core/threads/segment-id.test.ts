import { describe, expect, it } from 'vitest';
import type { TranscriptItem } from '../../../shared/contract/transcript';
import { segmentIds } from './segment-id';

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
