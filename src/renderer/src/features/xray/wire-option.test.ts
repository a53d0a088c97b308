import { describe, expect, it } from 'vitest';
import type { WireSessionSummary } from '../../../../shared/contract/wire';
import { wireOption } from './wire-option';

const session = (patch: Partial<WireSessionSummary>): WireSessionSummary => ({
  id: 'w-0001',
  kind: 'run',
  agent: 'claude',
  repo: '/repo',
  runId: 'r1',
  createdAt: '2026-12-02T13:02:11.000Z',
  notes: [],
  requests: 3,
  modelRequests: 3,
  largestBytes: 12_000,
  reportedInput: 0,
  cacheRead: 0,
  lastAt: '2026-12-02T13:02:30.000Z',
  ...patch,
});

describe('wire sessions in the Show list', () => {
  it('six sessions of one agent started in the same minute read apart (issue 31, item 8)', () => {
    const now = Date.parse('2026-12-02T13:03:00.000Z');
    const six = [
      session({ id: 'w-a', runId: 'r1aaaaaaaa11' }),
      session({ id: 'w-b', runId: 'r2bbbbbbbb22' }),
      session({ id: 'w-c', runId: 'r3', createdAt: '2026-12-02T13:02:40.000Z' }),
      session({ id: 'w-d', kind: 'wrap', runId: null }),
      session({ id: 'w-e', kind: 'wrap', runId: null }),
      session({ id: 'w-f', kind: 'wrap', runId: null, modelRequests: 1 }),
    ];
    const labels = six.map((w) => wireOption(w, now));
    expect(new Set(labels).size).toBe(6);
    expect(labels[0]).toMatch(/^claude \(run\) · started .+ · run r1aaaaaaa · 3 requests · largest /);
    expect(labels[3]).toContain('claude (wrapped) · started');
    expect(labels[3]).toContain('session w-d');
    expect(labels[5]).toContain('· 1 request ·');
  });
});
