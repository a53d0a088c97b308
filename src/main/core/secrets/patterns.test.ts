// Loupe's own secret patterns: for each, a realistic fake value (generated here, so
// no credential lives in the source) that must be hidden, and a near miss that must
// stay visible. Run through redactSecrets, so the keyword prefilter is exercised too.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { ALNUM, CASES, HEX, pick } from '../testing/secret-corpus';
import { mayContainSecret } from './keywords';
import { SECRET_PATTERNS } from './patterns';
import { redactSecrets } from './redact';

afterAll(removeTempDirs);

describe("Loupe's own secret patterns", () => {
  it('have a test case each', () => {
    const tested = new Set(CASES.map(([id]) => id));
    const untested = SECRET_PATTERNS.map((p) => p.id).filter((id) => id !== 'private-key-pem' && !tested.has(id));
    expect(untested).toEqual([]);
  });

  it.each(CASES)('%s: hides a realistic value and leaves a near miss visible', async (id, secret, nearMiss, around) => {
    const value = secret();
    const kind = SECRET_PATTERNS.find((p) => p.id === id)!.kind;
    const source = around ? around(value) : `const config = {\n  token: "${value}",\n};\n`;
    expect(mayContainSecret(source)).toBe(true);
    const { text, redactions } = await redactSecrets(source);
    expect(text).not.toContain(value);
    expect(redactions).toBe(source.split(value).length - 1);
    expect(text).toMatch(new RegExp(`\\[redacted (${kind}|[A-Za-z_]+)\\]`));
    const miss = `note: ${nearMiss()}\n`;
    const kept = await redactSecrets(miss);
    expect(kept).toEqual({ text: miss, redactions: 0 });
  });
});

const pem = (pair: { privateKey: { export(o: object): string | Buffer } }, options: object) => pair.privateKey.export(options).toString();

/** Private keys of every kind a repository may hold, generated fresh. */
function privateKeys(): [string, string][] {
  const keys: [string, string][] = [
    ['RSA PKCS#1', pem(generateKeyPairSync('rsa', { modulusLength: 1024 }), { type: 'pkcs1', format: 'pem' })],
    ['EC P-256 (SEC1)', pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }), { type: 'sec1', format: 'pem' })],
    ['Ed25519 PKCS#8', pem(generateKeyPairSync('ed25519'), { type: 'pkcs8', format: 'pem' })],
    ['X25519 PKCS#8', pem(generateKeyPairSync('x25519'), { type: 'pkcs8', format: 'pem' })],
    ['DSA PKCS#8', pem(generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 }), { type: 'pkcs8', format: 'pem' })],
    [
      'ENCRYPTED PRIVATE KEY',
      pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }), { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' }),
    ],
    [
      'PGP PRIVATE KEY BLOCK',
      `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlFgEZ${pick(ALNUM, 60)}\n${pick(ALNUM, 64)}\n=${pick(ALNUM, 4)}\n-----END PGP PRIVATE KEY BLOCK-----\n`,
    ],
  ];
  const dir = tempDir();
  try {
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test', '-f', join(dir, 'k')], { stdio: 'ignore' });
    if (existsSync(join(dir, 'k'))) keys.push(['OPENSSH (ssh-keygen)', readFileSync(join(dir, 'k'), 'utf8')]);
  } catch {
    // No ssh-keygen here: the generated kinds above still run.
  }
  return keys;
}

describe('private keys (any PEM label ending in PRIVATE KEY)', () => {
  const keys = privateKeys();

  it.each(keys)('%s is redacted whole, BEGIN through END', async (_kind, key) => {
    const source = `before\n${key}after\n`;
    const { text, redactions } = await redactSecrets(source);
    expect(redactions).toBe(1);
    expect(text).toBe('before\n[redacted PrivateKey]\nafter\n');
  });

  it('an ssh-keygen key is among them (openssh format)', () => {
    expect(keys.map(([k]) => k)).toContain('OPENSSH (ssh-keygen)');
  });

  it('a key inside a JSON string (a service-account file) is redacted, escaped newlines and all', async () => {
    const key = keys[2]![1];
    const json = JSON.stringify({ type: 'service_account', private_key: key, client_email: 'a@b.iam.gserviceaccount.com' });
    const { text } = await redactSecrets(json);
    expect(text).not.toContain(key.split('\n')[1]!);
    expect(text).toContain('"client_email":"a@b.iam.gserviceaccount.com"');
  });

  it('a key cut off before its END line is redacted to the end of its body', async () => {
    const key = keys[0]![1];
    const cut = key.slice(0, key.indexOf('-----END'));
    const { text } = await redactSecrets(`${cut}`);
    expect(text).toBe('[redacted PrivateKey]');
  });

  it('public keys and certificates stay visible', async () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pub = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const cert = `-----BEGIN CERTIFICATE-----\nMIIB${pick(ALNUM, 60)}\n-----END CERTIFICATE-----\n`;
    for (const source of [pub, cert, 'Keys look like "BEGIN PUBLIC KEY" blocks.\n']) {
      expect(await redactSecrets(source)).toEqual({ text: source, redactions: 0 });
    }
  });
});
