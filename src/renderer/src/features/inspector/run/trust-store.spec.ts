// The trust question before a run, over a fake bridge: a repository whose agent configuration
// is trusted neither in Loupe nor by the CLI holds the run and opens the dialog; Trust grants
// exactly the fingerprint shown; Run without it is remembered for that configuration only.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RepoTrust } from '../../../../../shared/contract/trust';
import { callsTo, resetBridge, settle, take } from '../../../testing/fake-bridge';
import { useTrust } from './trust-store';

vi.mock('../../../bridge', () => import('../../../testing/fake-bridge'));

const trust = (over: Partial<RepoTrust> = {}): RepoTrust => ({
  repo: '/repo',
  files: ['.claude/settings.json'],
  items: [{ cli: 'claude', file: '.claude/settings.json', kind: 'hook', name: 'SessionStart', detail: 'touch /tmp/x' }],
  fingerprint: 'a'.repeat(64),
  loupe: { state: 'untrusted', grantedAt: null },
  cli: { claude: { trusted: false, how: null }, gemini: { trusted: false, how: null }, codex: { trusted: false, how: null } },
  ...over,
});

beforeEach(() => {
  resetBridge();
  useTrust.setState({ asking: null, granting: false, error: null, declined: {} });
});

describe('the trust question before a run', () => {
  it('holds the run and asks, for an untrusted configuration of that agent', async () => {
    const ok = useTrust.getState().check('/repo', 'claude');
    await take('trust.show').answer(trust());
    expect(await ok).toBe(false);
    expect(useTrust.getState().asking?.agent).toBe('claude');
  });

  it('does not ask when Loupe or the CLI trusts it, when only another CLI has files, or for agents it does not gate', async () => {
    for (const t of [trust({ loupe: { state: 'trusted', grantedAt: 'x' } }), trust({ cli: { ...trust().cli, claude: { trusted: true, how: 'dialog' } } })]) {
      const ok = useTrust.getState().check('/repo', 'claude');
      await take('trust.show').answer(t);
      expect(await ok).toBe(true);
    }
    const gemini = useTrust.getState().check('/repo', 'gemini');
    await take('trust.show').answer(trust());
    expect(await gemini).toBe(true);
    expect(await useTrust.getState().check('/repo', 'demo')).toBe(true);
    expect(callsTo('trust.show')).toEqual([]);
  });

  it('Trust grants the fingerprint that was shown', async () => {
    const ok = useTrust.getState().check('/repo', 'claude');
    await take('trust.show').answer(trust());
    await ok;
    const granting = useTrust.getState().grant();
    const call = take('trust.grant');
    expect(call.request).toEqual({ repo: '/repo', fingerprint: 'a'.repeat(64) });
    await call.answer(trust({ loupe: { state: 'trusted', grantedAt: 'now' } }));
    expect(await granting).toBe(true);
    expect(useTrust.getState().asking).toBeNull();
  });

  it('Run without it is remembered for that configuration, and asked again when it changes', async () => {
    let ok = useTrust.getState().check('/repo', 'claude');
    await take('trust.show').answer(trust());
    await ok;
    useTrust.getState().decline();
    ok = useTrust.getState().check('/repo', 'claude');
    await take('trust.show').answer(trust());
    expect(await ok).toBe(true);
    ok = useTrust.getState().check('/repo', 'claude');
    await take('trust.show').answer(trust({ fingerprint: 'b'.repeat(64) }));
    expect(await ok).toBe(false);
    await settle();
  });
});
