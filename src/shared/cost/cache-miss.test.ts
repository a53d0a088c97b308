import { describe, expect, it } from 'vitest';
import type { WireSegment, WireSystemBlock, WireToolDef } from '../contract/wire';
import { cacheMisses, causeText, mcpServerOf, missCause, type MissInput } from './cache-miss';

const count = { tokens: 1, kind: 'estimate' as const };
const sys = (sha256: string): WireSystemBlock => ({ title: `block ${sha256}`, provenance: 'cli', bytes: 1, sha256, preview: '', tokens: count });
const tool = (name: string, sha256: string): WireToolDef => ({ name, origin: 'built-in', bytes: 1, sha256, tokens: count });
const seg = (id: string): WireSegment => ({ id, kind: 'user', bytes: 1, tokens: count, preview: '' });

const req = (seq: number, at: string, cacheRead: number, parts: Partial<MissInput> = {}): MissInput => ({
  seq,
  at,
  provider: 'anthropic',
  model: 'claude-sonnet-4-5',
  usage: { input: 10_000, cacheRead, cacheWrite: 10_000 - cacheRead, output: 1 },
  system: [sys('a')],
  tools: [tool('Read', 't1')],
  segments: [seg('user-1'), seg('user-2')],
  ...parts,
});

describe('cache-miss causes', () => {
  it('names the lifetime that passed when no part changed (5 minutes, 1 hour), else says nothing changed', () => {
    expect(missCause(req(1, '2026-07-01T10:00:00Z', 9000), req(2, '2026-07-01T10:07:00Z', 0))).toEqual({ kind: 'lifetime', gapSeconds: 420, lifetime: '5m' });
    expect(missCause(req(1, '2026-07-01T10:00:00Z', 9000), req(2, '2026-07-01T12:00:00Z', 0))).toMatchObject({ kind: 'lifetime', lifetime: '1h' });
    const none = missCause(req(1, '2026-07-01T10:00:00Z', 9000), req(2, '2026-07-01T10:01:00Z', 0));
    expect(none).toEqual({ kind: 'unknown', gapSeconds: 60 });
    expect(causeText(none)).toBe('no part changed and 60 seconds passed: the provider did not read its cache');
  });

  it('a cache its request asked to keep an hour (Claude Code for subscribers) is not blamed on a gap of minutes', () => {
    const hour = { cacheTtl: '1h' as const };
    expect(missCause(req(1, '2026-07-01T10:00:00Z', 9000, hour), req(2, '2026-07-01T10:07:00Z', 0, hour))).toEqual({ kind: 'unknown', gapSeconds: 420 });
    expect(missCause(req(1, '2026-07-01T10:00:00Z', 9000, hour), req(2, '2026-07-01T11:07:00Z', 0, hour))).toMatchObject({ kind: 'lifetime', lifetime: '1h' });
    // What the miss cost: its 1-hour writes at 2x input ($6 a million for Sonnet), less the read price.
    const [miss] = cacheMisses([req(1, '2026-07-01T10:00:00Z', 9000, hour), req(2, '2026-07-01T10:01:00Z', 0, hour)], () => ({ input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }));
    expect(miss!.costUsd).toBeCloseTo((miss!.lostTokens * (6 - 0.3)) / 1e6, 12);
  });

  it('names the first part that changed in the prefix order: tools, then system, then messages (Anthropic)', () => {
    const prev = req(1, '2026-07-01T10:00:00Z', 9000);
    expect(missCause(prev, req(2, '2026-07-01T10:01:00Z', 0, { system: [sys('b')], tools: [tool('Read', 't2')] }))).toMatchObject({ kind: 'tool', name: 'Read', change: 'changed' });
    expect(missCause(prev, req(2, '2026-07-01T10:01:00Z', 0, { system: [sys('b')] }))).toMatchObject({ kind: 'system', index: 0, change: 'changed' });
    expect(missCause(prev, req(2, '2026-07-01T10:01:00Z', 0, { segments: [seg('user-9'), seg('user-2')] }))).toMatchObject({ kind: 'message', index: 0, id: 'user-1', change: 'changed' });
    // A new turn appended is no change.
    expect(missCause(prev, req(2, '2026-07-01T10:01:00Z', 0, { segments: [seg('user-1'), seg('user-2'), seg('user-3')] }))).toMatchObject({ kind: 'unknown' });
    expect(mcpServerOf({ name: 'mcp__github__create_issue' })).toBe('github');
    expect(mcpServerOf({ name: 'x', origin: 'mcp:files' })).toBe('files');
  });

  it('lists only requests whose cache read fell; a model without a price has no cost', () => {
    const misses = cacheMisses([req(1, '2026-07-01T10:00:00Z', 0), req(2, '2026-07-01T10:00:10Z', 9000), req(3, '2026-07-01T10:00:20Z', 8000, { model: 'mystery' })], () => null);
    expect(misses).toEqual([{ seq: 3, previousSeq: 2, lostTokens: 1000, costUsd: null, cause: { kind: 'unknown', gapSeconds: 10 } }]);
  });
});
