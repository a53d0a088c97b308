import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../../shared/contract/sessions';
import { ago, sessionOption, threadOption } from './session-text';

const summary: SessionSummary = {
  file: '/h/.claude/projects/-r/s.jsonl',
  cli: 'codex',
  format: 'codex-rollout-jsonl',
  sessionId: 's1',
  cwd: '/r',
  title: 'x'.repeat(80),
  model: 'gpt-5.5',
  startedAt: null,
  updatedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  bytes: 2048,
  lastContext: { tokens: 12_345, basis: 'request-input+output', at: null },
};

describe('session lines in the X-Ray picker', () => {
  it('say the CLI, the first prompt (cut), the age, the size, the provider’s count and the format', () => {
    expect(sessionOption(summary)).toBe(`Codex · ${'x'.repeat(49)}… · 2 h ago · 2 KiB · 12,345 tokens reported · codex-rollout-jsonl`);
    expect(sessionOption({ ...summary, title: null, lastContext: null })).toContain('Codex · s1 · 2 h ago · 2 KiB · no reported count ·');
  });

  it('ages read in minutes, hours, then days', () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    expect(ago('2026-11-30T11:59:30Z', now)).toBe('just now');
    expect(ago('2026-11-30T11:45:00Z', now)).toBe('15 min ago');
    expect(ago('2026-11-28T12:00:00Z', now)).toBe('2 d ago');
  });

  it('the picker’s tooltip holds the whole title that an option clips', () => {
    expect(sessionOption(summary, Infinity)).toContain(`Codex · ${'x'.repeat(80)} · 2 h ago`);
    const t = { title: 'y'.repeat(100), agent: 'demo' as const, runCount: 1 };
    expect(threadOption(t)).toBe(`${'y'.repeat(69)}… · demo · 1 turn`);
    expect(threadOption({ ...t, runCount: 3 }, Infinity)).toBe(`${'y'.repeat(100)} · demo · 3 turns`);
  });
});
