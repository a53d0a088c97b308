import { describe, expect, it } from 'vitest';
import type { Segment } from '../../../../shared/contract/xray';
import { noDirectiveReason, segmentWords } from './segment-words';

const seg = (over: Partial<Segment>): Segment => ({ id: 'x', kind: 'tool', source: 'r', tokens: { tokens: 10, kind: 'estimate' }, bytes: 40, status: 'active', preview: 'p', ...over });

describe('segments in words (issue 22, friction)', () => {
  it('says why Pin and Evict cannot apply to what the CLI compacted away, a subagent’s work, dropped and unknown lines', () => {
    expect(noDirectiveReason(seg({ outOfContext: true, outOfContextReason: 'compaction' }))).toMatch(/before the newest compaction/);
    expect(noDirectiveReason(seg({ outOfContext: true, outOfContextReason: 'subagent' }))).toMatch(/subagent’s own work/);
    expect(noDirectiveReason(seg({ outOfContext: true, outOfContextReason: 'dropped' }))).toMatch(/The CLI removed it/);
    expect(noDirectiveReason(seg({ kind: 'unknown' }))).toMatch(/does not know/);
    // What the fold left out can still be pinned back in; an evicted thread segment can be restored.
    expect(noDirectiveReason(seg({ outOfContext: true, outOfContextReason: 'fold' }))).toBeNull();
    expect(noDirectiveReason(seg({}))).toBeNull();
  });

  it('names a segment by kind, label or preview and size', () => {
    expect(segmentWords(seg({ kind: 'assistant', preview: 'Done:\n the cache is warmed before the build and the tests pass now.' }))).toBe(
      'the reply “Done: the cache is warmed before the build and …” (≈ 10 tokens)',
    );
    expect(segmentWords(seg({ kind: 'file-read', label: 'src/a.ts' }))).toBe('the file read src/a.ts (≈ 10 tokens)');
  });
});
