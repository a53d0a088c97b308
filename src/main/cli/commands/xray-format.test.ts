import { describe, expect, it } from 'vitest';
import type { WireRequestRecord, WireSessionSummary } from '../../../shared/contract/wire';
import { wireManifest } from '../../core/wire/xray-source';
import { formatManifest } from './xray-format';

const session: WireSessionSummary = {
  id: '0b6f2a8e-1d4c-4f7a-9a51-3c2d1e0f9a8b',
  kind: 'wrap',
  agent: 'claude',
  repo: null,
  runId: null,
  createdAt: '2026-12-02T10:00:00Z',
  notes: [],
  requests: 2,
  modelRequests: 2,
  largestBytes: 4000,
  reportedInput: 0,
  cacheRead: 0,
  lastAt: '2026-12-02T10:01:00Z',
};
const tokens = { tokens: 100, kind: 'estimate' as const };
const record = {
  sessionId: session.id,
  seq: 2,
  at: '2026-12-02T10:01:00Z',
  count: tokens,
  split: { systemBytes: 0, toolBytes: 0, messageBytes: 800, otherBytes: 0, system: { ...tokens, tokens: 0 }, tools: { ...tokens, tokens: 0 }, messages: { ...tokens, tokens: 200 } },
  system: [],
  tools: [],
  usage: null,
  countBasis: null,
  segments: [
    { id: 'user-1', kind: 'user', bytes: 400, tokens, preview: 'Read the notes.' },
    { id: 'tool-2', kind: 'tool', bytes: 400, tokens, preview: 'Read notes.md', toolName: 'Read', withheld: 'evicted' },
  ],
} as unknown as WireRequestRecord;

describe('loupe xray text output', () => {
  it('names a wire session as one (not a thread preview), says directives are enforced on the wire, and marks the segments on the wire', () => {
    const m = wireManifest(session, record, { id: 'claude-sonnet-4-5', window: 200_000, reserve: 20_000, source: 'test' });
    const text = formatManifest({
      ...m,
      enforceable: true,
      segments: m.segments.map((s) => ({ ...s, wire: { seq: 2, withheld: s.id === 'tool-2' } })),
    });
    const [head, delivery] = text.split('\n');
    expect(head).toMatch(new RegExp(`^Wire session ${session.id}: claude`));
    expect(text).not.toContain('Thread (preview)');
    expect(text).not.toContain('Loupe assembles the next prompt');
    expect(delivery).toMatch(/^Directives are enforced on the wire: Loupe's relay withholds evicted segments/);
    expect(text).toMatch(/tool-2 Read \[on the wire: request 2, withheld\]/);
    expect(text).toMatch(/user-1 \[on the wire: request 2\]/);
  });
});
