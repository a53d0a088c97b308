import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import type { RunEventRecord, StepEvidence } from '../../../../shared/contract/runs';
import { EventLog, MAX_ITEMS } from './event-log';

let seq = 0;
const agent = (event: AgentEvent): RunEventRecord => ({ seq: ++seq, event: { type: 'agent', stepId: 's1', event } });
const step = (outcome: StepEvidence['outcome']): RunEventRecord => ({
  seq: ++seq,
  event: { type: 'step', step: { id: 's1', outcome } as StepEvidence },
});

describe('EventLog', () => {
  it('pairs tool results with their calls and lets a message replace its earlier text', () => {
    const log = new EventLog();
    log.apply([
      step('launched'),
      agent({ type: 'text', text: 'Reading', messageId: 'm1' }),
      agent({ type: 'text', text: 'Reading the files', messageId: 'm1' }),
      agent({ type: 'tool-call', callId: 'c1', name: 'Read', input: { file_path: '/a' } }),
      agent({ type: 'file-read', path: '/a' }),
      agent({ type: 'tool-result', callId: 'c1', output: 'contents', isError: false }),
      agent({ type: 'error', message: 'rate limited' }),
    ]);
    expect(log.items.map((i) => i.kind)).toEqual(['step', 'text', 'tool', 'error']);
    expect(log.items[1]).toMatchObject({ text: 'Reading the files' });
    expect(log.items[2]).toMatchObject({ name: 'Read', result: { output: 'contents', isError: false } });
  });

  it('shows a wire warning as its own item, in order, and counts them (the evidence reloads on a new one)', () => {
    const log = new EventLog();
    const warning = { sessionId: 'w1', seq: 3, kind: 'secret' as const, action: 'redact' as const, text: 'Request 3 carried a recognised secret (GITHUB_TOKEN) in a tool result: replaced before it was sent.' };
    log.apply([agent({ type: 'raw', stream: 'stderr', text: 'a' }), { seq: ++seq, event: { type: 'wire', stepId: 's1', warning } }, agent({ type: 'raw', stream: 'stderr', text: 'b' })]);
    expect(log.items.map((i) => i.kind)).toEqual(['raw', 'wire', 'raw']);
    expect(log.items[1]).toMatchObject({ kind: 'wire', warning });
    expect(log.wireWarnings).toBe(1);
  });

  it('merges consecutive raw lines of one stream, and updates a step in place', () => {
    const log = new EventLog();
    log.apply([step('launched'), agent({ type: 'raw', stream: 'stdout', text: 'a' }), agent({ type: 'raw', stream: 'stdout', text: 'b' })]);
    log.apply([agent({ type: 'raw', stream: 'stderr', text: 'warn' }), step('failed')]);
    expect(log.items.map((i) => i.kind)).toEqual(['step', 'raw', 'raw']);
    expect(log.items[1]).toMatchObject({ text: 'a\nb' });
    expect(log.steps).toHaveLength(1);
    expect(log.steps[0]!.outcome).toBe('failed');
  });

  it('skips records it has seen (a resumed stream re-sends some), keeping the latest status', () => {
    const log = new EventLog();
    const records: RunEventRecord[] = [
      { seq: 1, event: { type: 'status', status: 'running' } },
      { seq: 2, event: { type: 'agent', stepId: 's', event: { type: 'text', text: 'hi' } } },
    ];
    log.apply(records);
    expect(log.apply(records)).toBe(false);
    log.apply([{ seq: 3, event: { type: 'status', status: 'succeeded' } }]);
    expect(log.items).toHaveLength(1);
    expect(log.status).toBe('succeeded');
    expect(log.skipped).toBe(0);
    // A record past its bound keeps the status and the end but not the output between.
    log.apply([{ seq: 40, event: { type: 'status', status: 'failed' } }]);
    expect(log.skipped).toBe(36);
  });

  it('keeps at most MAX_ITEMS, dropping the oldest, and still pairs recent results', () => {
    const log = new EventLog();
    const many = Array.from({ length: MAX_ITEMS + 50 }, (_, i) => agent({ type: 'text', text: `line ${i}` }));
    log.apply(many);
    log.apply([agent({ type: 'tool-call', callId: 'late', name: 'Read', input: {} }), agent({ type: 'tool-result', callId: 'late', output: 'x', isError: true })]);
    expect(log.items).toHaveLength(MAX_ITEMS);
    expect(log.dropped).toBe(51);
    expect(log.items.at(-1)).toMatchObject({ kind: 'tool', result: { isError: true } });
    expect(log.items[0]).toMatchObject({ text: 'line 51' });
  });

  it('keeps the identity of rows that did not change', () => {
    const log = new EventLog();
    log.apply([agent({ type: 'text', text: 'one' }), agent({ type: 'tool-call', callId: 'c', name: 'Read', input: {} })]);
    const [first, call] = log.items;
    log.apply([agent({ type: 'tool-result', callId: 'c', output: 'done', isError: false })]);
    expect(log.items[0]).toBe(first);
    expect(log.items[1]).not.toBe(call);
  });
});
