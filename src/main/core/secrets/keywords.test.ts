import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { keywordsIn, mayContainSecret, needsSecretlint, RULE_KEYWORDS } from './keywords';
import { findSecrets } from './redact';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const pick = (alphabet: string, n: number) => Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');

describe('secret keyword prefilter', () => {
  it('has keywords for exactly the rules of the installed preset (revisit on upgrade)', () => {
    const ids = recommended.rules.map((r) => r.meta.id).filter((id) => id !== '@secretlint/secretlint-rule-filter-comments');
    expect(Object.keys(RULE_KEYWORDS).sort()).toEqual([...ids].sort());
  });

  // One realistic finding per rule family; each must pass the prefilter and be found by Secretlint.
  const samples: [string, () => string][] = [
    ['aws id', () => `key = AKIA${pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`],
    ['aws secret', () => `aws_secret_access_key = "${pick(`${ALNUM}/+`, 39)}${pick(ALNUM, 1)}"`],
    ['private key', () => generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()],
    ['github', () => `t = ghp_${pick(ALNUM, 36)}`],
    ['gitlab', () => `t = glpat-${pick(ALNUM, 20)}`],
    ['slack', () => `t = xoxb-${pick('0123456789', 11)}-${pick('0123456789', 13)}-${pick(ALNUM, 24)}`],
    ['npm', () => `t = npm_${pick(ALNUM, 36)}`],
    ['stripe', () => `t = sk_live_${pick(ALNUM, 24)}`],
    ['basic auth', () => `url = https://deploy:${pick(ALNUM, 12)}@example.com/x`],
    ['postgres', () => `DATABASE_URL=postgres://app:${pick(ALNUM, 12)}@db.internal:5432/app`],
    ['docker', () => `t = dckr_pat_${pick(ALNUM, 27)}`],
  ];

  it.each(samples)('lets a %s through to Secretlint, which finds it', async (_label, make) => {
    const text = make();
    expect(mayContainSecret(text)).toBe(true);
    const [spans] = await findSecrets([text]);
    expect(spans!.length).toBeGreaterThan(0);
  });

  it('skips ordinary code', () => {
    expect(mayContainSecret('export function add(a: number, b: number) {\n  return a + b;\n}\n')).toBe(false);
  });
});

describe('keywordsIn (one scan for every rule)', () => {
  it('reports a keyword inside a longer one and keywords that overlap a match', () => {
    const found = keywordsIn(`x = "sk-ant-api03-${pick(ALNUM, 20)}"; y = "SKIP"; z = "ops_eyJ"`);
    for (const k of ['sk-ant-', 'sk-ant-api0', 'sk-', 'sk', 'ops_ey', 'eyj']) expect(found.has(k), k).toBe(true);
    expect(needsSecretlint(found)).toBe(true);
  });

  it('needs Secretlint only for its own keywords', () => {
    expect(needsSecretlint(keywordsIn('const TASK_LIMIT = 3;'))).toBe(false);
    expect(needsSecretlint(keywordsIn('const url = "https://example.com";'))).toBe(true);
    expect(keywordsIn('export function add(a: number, b: number) {}').size).toBe(0);
  });
});
