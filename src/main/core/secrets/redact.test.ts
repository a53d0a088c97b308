import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyRedactions, findSecrets, redactSecrets } from './redact';

// Realistic, non-example secrets built at run time (no real credential lives in the source).
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const pick = (alphabet: string, n: number) =>
  Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
const awsKeyId = () => `AKIA${pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`;
// Secretlint's rule ends the key at a word boundary: a key ending in / or + is not matched (3% of random keys).
const awsSecret = () => pick(`${ALNUM}/+`, 39) + pick(ALNUM, 1);
const githubToken = () => `ghp_${pick(ALNUM, 36)}`;
const privateKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

describe('secret redaction (Secretlint recommended preset, in-process)', () => {
  it('hides an AWS access key id (the id scan is on)', async () => {
    const id = awsKeyId();
    const { text, redactions } = await redactSecrets(`const id = "${id}";\n`);
    expect(redactions).toBe(1);
    expect(text).not.toContain(id);
    expect(text).toBe('const id = "[redacted AWSAccessKeyID]";\n');
  });

  it("hides AWS's documentation example keys too (users test redaction with exactly those)", async () => {
    const source = 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n';
    const { text, redactions } = await redactSecrets(source);
    expect(redactions).toBe(2);
    expect(text).toBe('aws_access_key_id = [redacted AWSAccessKeyID]\naws_secret_access_key = [redacted AWSSecretAccessKey]\n');
  });

  it('hides exactly the AWS secret key, not the text the rule mis-reports as its range', async () => {
    const secret = awsSecret();
    const source = `[default]\naws_secret_access_key = "${secret}"\nregion = eu-west-1\n`;
    const { text, redactions } = await redactSecrets(source);
    expect(redactions).toBe(1);
    expect(text).toBe('[default]\naws_secret_access_key = "[redacted AWSSecretAccessKey]"\nregion = eu-west-1\n');
  });

  it('hides the AWS secret key when an aligned key name pushes it past the reported range', async () => {
    const secret = awsSecret();
    const source = `aws_secret_access_key                      =    ${secret}\nregion = eu-west-1\n`;
    const { text, redactions } = await redactSecrets(source);
    expect(redactions).toBe(1);
    expect(text).not.toContain(secret);
    expect(text).toBe('aws_secret_access_key                      =    [redacted AWSSecretAccessKey]\nregion = eu-west-1\n');
  });

  it('hides a GitHub token and a whole private key block, counting each once', async () => {
    const token = githubToken();
    const pem = privateKey();
    const source = `token: ${token}\n${pem}after\n`;
    const { text, redactions } = await redactSecrets(source);
    expect(redactions).toBe(2);
    expect(text).not.toContain(token);
    expect(text).not.toContain(pem.split('\n')[1]!);
    expect(text).toContain('[redacted GITHUB_TOKEN]');
    expect(text).toContain('[redacted PrivateKey]');
    expect(text.endsWith('after\n')).toBe(true);
  });

  it('ignores secretlint-disable comments inside the scanned text', async () => {
    const token = githubToken();
    const { redactions } = await redactSecrets(`// secretlint-disable\nconst t = "${token}";\n`);
    expect(redactions).toBe(1);
  });

  it('scans many texts in one pass and keeps each finding in its own text', async () => {
    const a = `one ${githubToken()}\n`;
    const b = 'nothing secret here\n';
    const id = awsKeyId();
    const c = `${id}`;
    const [sa, sb, sc] = await findSecrets([a, b, c]);
    expect(sa).toHaveLength(1);
    expect(a.slice(sa![0]!.start, sa![0]!.end)).toMatch(/^ghp_/);
    expect(sb).toEqual([]);
    expect(sc).toEqual([{ start: 0, end: id.length, kind: 'AWSAccessKeyID' }]);
  });

  it('finds nothing in ordinary code', async () => {
    const { text, redactions } = await redactSecrets('export function add(a: number, b: number) {\n  return a + b;\n}\n');
    expect(redactions).toBe(0);
    expect(text).toContain('return a + b');
  });

  it('merges overlapping spans when applying them', () => {
    expect(applyRedactions('abcdef', [{ start: 1, end: 3, kind: 'X' }])).toBe('a[redacted X]def');
  });
});
