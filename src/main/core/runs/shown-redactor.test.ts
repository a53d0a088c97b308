import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../shared/contract/agent-events';
import { ShownRedactor } from './shown-redactor';

const KEY = `AKIA${'Q'.repeat(16)}`;

describe('ShownRedactor', () => {
  it('hides secrets in every shown text and keeps the order of all events', async () => {
    const seen: AgentEvent[] = [];
    const r = new ShownRedactor((e) => seen.push(e));
    const events: AgentEvent[] = [
      { type: 'text', text: 'first' },
      { type: 'tool-call', callId: 'c1', name: 'Read', input: { file_path: 'k.ts' } },
      { type: 'tool-result', callId: 'c1', output: `export const id = "${KEY}";`, isError: false },
      { type: 'text', text: 'plain after the secret' },
      { type: 'thinking', text: `the key is ${KEY}` },
      { type: 'raw', stream: 'stdout', text: `raw ${KEY}` },
      { type: 'error', message: `failed with ${KEY}` },
      { type: 'result', ok: true, text: `done: ${KEY}` },
      { type: 'result', ok: false, message: `failed: ${KEY}` },
    ];
    for (const e of events) r.push(e);
    await r.drain();
    expect(seen.map((e) => e.type)).toEqual(events.map((e) => e.type));
    expect(JSON.stringify(seen)).not.toContain('QQQQ');
    expect(seen[2]).toMatchObject({ type: 'tool-result', callId: 'c1', isError: false });
    expect((seen[2] as Extract<AgentEvent, { type: 'tool-result' }>).output).toMatch(/^export const id = "\[redacted [^\]]+\]";$/);
    expect(seen[3]).toEqual(events[3]);
    expect(seen[7]).toEqual({ type: 'result', ok: true, text: expect.stringMatching(/^done: \[redacted [^\]]+\]$/) });
    expect(seen[8]).toEqual({ type: 'result', ok: false, message: expect.stringMatching(/^failed: \[redacted [^\]]+\]$/) });
  });

  it('passes events without a rule keyword through at once', () => {
    const seen: AgentEvent[] = [];
    const r = new ShownRedactor((e) => seen.push(e));
    r.push({ type: 'text', text: 'hello' });
    expect(seen).toEqual([{ type: 'text', text: 'hello' }]);
  });
});
