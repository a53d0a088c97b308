import { describe, expect, it } from 'vitest';
import type { WireEnforcement } from '../contract/wire';
import { warningsOf, wireRefusalStepText } from './enforcement-text';

const found = { kind: 'GITHUB_TOKEN', where: 'a tool result', sha256: 'ab', message: 'A recognised secret (GITHUB_TOKEN) in a tool result.' };
const budget = { policy: 'block' as const, bytes: 9_000, tokens: null, exceeded: [{ ceiling: 'maxRequestBytes' as const, limit: 2_000, actual: 9_000, over: 7_000 }], verdict: 'block' as const };

describe('wire warnings say what left', () => {
  it('a secret in a request the relay blocked is not said to be sent (issue 31, item 6)', () => {
    const e: WireEnforcement = { secrets: { mode: 'warn', found: [found], redacted: 0 }, budget };
    const [secret, block] = warningsOf('s', 3, e);
    expect(block!.text).toContain('Nothing was sent to the provider.');
    expect(secret!.text).toBe('Request 3 carried a recognised secret (GITHUB_TOKEN) in a tool result: not sent: Loupe refused the request.');
  });

  it('forwarded: warn says sent, redact says replaced', () => {
    expect(warningsOf('s', 1, { secrets: { mode: 'warn', found: [found], redacted: 0 } })[0]!.text).toMatch(/: sent to the provider \(set secrets/);
    expect(warningsOf('s', 1, { secrets: { mode: 'redact', found: [found], redacted: 1 }, check: { ok: true, withheld: [], secretsAbsent: true, failures: [] } })[0]!.text).toMatch(/replaced before it was sent\.$/);
  });

  it('a failed outgoing check is a block, in the warnings and in the step text', () => {
    const e: WireEnforcement = { check: { ok: false, withheld: [], secretsAbsent: null, failures: ['segment tool-1 (evicted) is still in it, as the CLI sent it'] } };
    expect(warningsOf('s', 4, e)).toEqual([expect.objectContaining({ kind: 'outgoing-check', action: 'block', text: expect.stringContaining('Nothing was sent to the provider.') })]);
    expect(wireRefusalStepText({ seq: 4, facts: e, reason: 'x' })).toBe(
      'Blocked on the wire: request 4 was not sent (the outgoing check failed: segment tool-1 (evicted) is still in it, as the CLI sent it). Loupe answered it itself; nothing was sent to the provider.',
    );
    expect(wireRefusalStepText({ seq: 2, facts: { budget }, reason: 'x' })).toMatch(/^Blocked on the wire by the request budget: request 2 was 9,000 bytes/);
  });

  it('a pinned segment is said re-sent only when the check found it in a request that left, in one line per request (issue 37)', () => {
    const pins = { reinserted: [{ id: 'tool-a', kind: 'tool' as const, bytes: 2_048 }], unavailable: [{ id: 'tool-b', reason: 'not-in-memory' as const }], skipped: [] };
    const ok = { ok: true, withheld: [], secretsAbsent: null, failures: [], reinserted: ['tool-a'] };
    expect(warningsOf('s', 5, { pins: { ...pins, unavailable: [] }, check: ok })).toEqual([
      { sessionId: 's', seq: 5, kind: 'pins', action: 'restore', text: "Request 5: pinned segment tool-a re-sent after the CLI's compaction dropped it (2,048 bytes, a labelled block)." },
    ]);
    const both = warningsOf('s', 5, { pins, check: ok });
    expect(both).toHaveLength(1);
    expect(both[0]).toMatchObject({ action: 'warn', text: expect.stringMatching(/tool-a re-sent .*; the CLI's compaction dropped pinned segment tool-b; its content is not in this Loupe process’s memory/) });
    // The check did not find it, or the request was refused: nothing is said re-sent.
    expect(warningsOf('s', 5, { pins: { ...pins, unavailable: [] }, check: { ...ok, reinserted: [] } }).filter((w) => w.kind === 'pins')).toEqual([]);
    expect(warningsOf('s', 5, { pins: { ...pins, unavailable: [] }, check: ok, budget }).filter((w) => w.kind === 'pins')).toEqual([]);
  });
});
