import { describe, expect, it } from 'vitest';
import type { Segment } from '../contract/xray';
import { relayWithholds } from './wire-reach';

const seg = (id: string, source: string, wire?: boolean, kind: Segment['kind'] = 'tool'): Segment =>
  ({ id, kind, source, tokens: { tokens: 1, kind: 'estimate' }, bytes: 1, status: 'active', preview: '', ...(wire ? { wire: { seq: 3, withheld: false } } : {}) }) as Segment;

describe('relayWithholds', () => {
  const thread = {
    source: 'thread' as const,
    enforceable: false,
    wire: { sessionId: 's', seq: 3, requests: [] },
    segments: [seg('ask', 'run r1', true), seg('transcript-copy', 'run r1'), seg('read', 'run r1', true), seg('last-reply', 'run r1', false, 'assistant'), seg('wire-copy', 'wire request 3', true)],
  };
  it('on the wire, or newer than the latest request of a resumed session on the wire: withheld by the relay', () => {
    expect(relayWithholds(thread, 'read')).toBe(true);
    expect(relayWithholds(thread, 'wire-copy')).toBe(true);
    expect(relayWithholds(thread, 'last-reply')).toBe(true);
  });
  it("an older transcript copy the wire never carried, a fresh-session thread, a thread not on the wire: not the relay's", () => {
    expect(relayWithholds(thread, 'transcript-copy')).toBe(false);
    expect(relayWithholds({ ...thread, enforceable: true }, 'last-reply')).toBe(false);
    expect(relayWithholds({ ...thread, wire: null }, 'last-reply')).toBe(false);
    expect(relayWithholds({ ...thread, source: 'wire' }, 'transcript-copy')).toBe(true);
    expect(relayWithholds(thread, 'missing')).toBe(false);
  });
  it('a thread none of whose transcript the wire carried as is (codex): its last reply only', () => {
    const codex = { ...thread, segments: [seg('ask', 'run r1'), seg('command-copy', 'run r1'), seg('reply', 'run r1', false, 'assistant'), seg('exec-copy', 'wire request 3', true)] };
    expect(relayWithholds(codex, 'command-copy')).toBe(false);
    expect(relayWithholds(codex, 'reply')).toBe(true);
    expect(relayWithholds(codex, 'exec-copy')).toBe(true);
  });
});
