// X-Ray's wire view follows its session live: the store reads the session again every two
// seconds, so a request recorded meanwhile, and what enforcement warned about it, is what the
// view shows next (WireRequestWarnings renders warningsOf of the shown request).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireEnforcement, WireRequestRecord } from '../../../../shared/contract/wire';
import type { WireSessionDetail } from '../../../../shared/contract/wire-methods';
import type { WireToolsReport } from '../../../../shared/contract/wire-tools';
import type { XrayManifest } from '../../../../shared/contract/xray-methods';
import { warningsOf } from '../../../../shared/wire/enforcement-text';
import { callsTo, resetBridge, settle, take } from '../../testing/fake-bridge';
import { useWire } from './wire-store';

vi.mock('../../bridge', () => import('../../testing/fake-bridge'));

function request(seq: number, enforcement: WireEnforcement | null): WireRequestRecord {
  return { sessionId: 'w1', seq, api: 'anthropic-messages', requestBytes: 1000 * seq, enforcement, system: [], tools: [], segments: [] } as unknown as WireRequestRecord;
}
function detail(requests: WireRequestRecord[]): WireSessionDetail {
  return { session: { id: 'w1' }, requests, request: requests.at(-1)!, manifest: { segments: [] } } as unknown as WireSessionDetail;
}
const warned: WireEnforcement = {
  budget: { policy: 'warn', bytes: 2000, tokens: { tokens: 9000, kind: 'estimate' }, exceeded: [{ ceiling: 'maxRequestTokens', limit: 5000, actual: 9000, over: 4000 }], verdict: 'warn' },
} as WireEnforcement;

beforeEach(() => {
  vi.useFakeTimers();
  resetBridge();
});
afterEach(async () => {
  await useWire.getState().select(null);
  vi.useRealTimers();
});

describe('the wire view follows its session', () => {
  it('a warned request recorded after the view opened is the one shown at the next read, with its warning', async () => {
    const selecting = useWire.getState().select('w1');
    await take('wire.show').answer(detail([request(1, null)]));
    await take('xray.manifest').answer({ segments: [] } as unknown as XrayManifest);
    // The session's tools against their use, read beside it (issue 37).
    const tools = await take('wire.tools');
    expect(tools.request).toEqual({ sessionId: 'w1' });
    await tools.answer({ requests: 1, tools: [] } as unknown as WireToolsReport);
    await selecting;
    expect(useWire.getState().tools).toMatchObject({ requests: 1 });
    const shown = () => useWire.getState().detail!.request!;
    expect(warningsOf('w1', shown().seq, shown().enforcement)).toEqual([]);

    // Request 2 arrives over the ceiling; two seconds on, the view reads the session again.
    vi.advanceTimersByTime(2000);
    await take('wire.show').answer(detail([request(1, null), request(2, warned)]));
    await take('xray.manifest').answer({ segments: [] } as unknown as XrayManifest);
    await take('wire.tools').answer({ requests: 2, tools: [] } as unknown as WireToolsReport);
    expect(shown().seq).toBe(2);
    expect(useWire.getState().tools).toMatchObject({ requests: 2 });

    // Nothing new recorded: the tools report is kept, not read again.
    vi.advanceTimersByTime(2000);
    await take('wire.show').answer(detail([request(1, null), request(2, warned)]));
    await take('xray.manifest').answer({ segments: [] } as unknown as XrayManifest);
    await settle();
    expect(callsTo('wire.tools')).toEqual([]);
    expect(useWire.getState().tools).toMatchObject({ requests: 2 });
    expect(warningsOf('w1', shown().seq, shown().enforcement)).toEqual([
      { sessionId: 'w1', seq: 2, kind: 'request-budget', action: 'warn', text: 'Request 2 is about 9,000 tokens, over your 5,000-token request ceiling (warn): sent.' },
    ]);
  });

  it('Evict waits for a cheap moment by default; Apply now asks for the next request (issue 37)', async () => {
    const selecting = useWire.getState().select('w1');
    await take('wire.show').answer(detail([request(1, null)]));
    await take('xray.manifest').answer({ segments: [] } as unknown as XrayManifest);
    await take('wire.tools').answer({ requests: 1, tools: [] } as unknown as WireToolsReport);
    await selecting;
    const evicting = useWire.getState().direct('evict', 'tool-a');
    const evict = take('xray.evict');
    expect(evict.request).toEqual({ wireSession: 'w1', segmentId: 'tool-a' });
    await evict.answer({ segments: [] } as unknown as XrayManifest);
    await evicting;
    const now = useWire.getState().direct('evict', 'tool-a', true);
    const applied = take('xray.evict');
    expect(applied.request).toEqual({ wireSession: 'w1', segmentId: 'tool-a', now: true });
    await applied.answer({ segments: [] } as unknown as XrayManifest);
    await now;
  });
});
