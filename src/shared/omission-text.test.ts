import { describe, expect, it } from 'vitest';
import { INSPECT_LIMITS, type Omission, type OmissionReason } from './contract/context';
import { groupOmissions, REASON_ORDER, reasonSentence } from './omission-text';

const ALL: OmissionReason[] = [
  'too-large',
  'binary',
  'invalid-utf8',
  'symlink',
  'submodule',
  'lfs-pointer',
  'credential',
  'git-internal',
  'outside-repo',
  'not-found',
  'inspection-budget',
  'unsafe-name',
  'missing-object',
];

describe('reason sentences', () => {
  it('has one distinct sentence for every contract reason', () => {
    const sentences = ALL.map((r) => reasonSentence(r, INSPECT_LIMITS));
    expect(new Set(sentences).size).toBe(ALL.length);
    expect([...REASON_ORDER].sort()).toEqual([...ALL].sort());
  });
  it('says credential files are never opened and names the real limits', () => {
    expect(reasonSentence('credential', INSPECT_LIMITS)).toBe('Looks like a credential file; Loupe never opens these.');
    expect(reasonSentence('too-large', INSPECT_LIMITS)).toContain('512 KiB');
    expect(reasonSentence('inspection-budget', INSPECT_LIMITS)).toContain('8 MiB');
  });
});

describe('groupOmissions', () => {
  it('groups by reason in a fixed order with known bytes and unknown counts', () => {
    const omissions: Omission[] = [
      { path: 'logo.png', reason: 'binary', bytes: 100 },
      { path: '.env', reason: 'credential', bytes: null },
      { path: 'data.bin', reason: 'binary', bytes: 50 },
      { path: 'big.txt', reason: 'too-large', bytes: 614_400 },
      { path: 'keys/id_rsa', reason: 'credential', bytes: null },
    ];
    const groups = groupOmissions(omissions, INSPECT_LIMITS);
    expect(groups.map((g) => g.reason)).toEqual(['credential', 'too-large', 'binary']);
    const binary = groups.find((g) => g.reason === 'binary')!;
    expect(binary.items.map((i) => i.path)).toEqual(['logo.png', 'data.bin']);
    expect(binary.knownBytes).toBe(150);
    expect(binary.unknownCount).toBe(0);
    const cred = groups[0]!;
    expect(cred.knownBytes).toBe(0);
    expect(cred.unknownCount).toBe(2);
  });
  it('keeps reasons it does not know (a newer host) instead of dropping them', () => {
    const groups = groupOmissions([{ path: 'x', reason: 'brand-new' as OmissionReason, bytes: 1 }], INSPECT_LIMITS);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.title).toBe('brand-new');
  });
});
