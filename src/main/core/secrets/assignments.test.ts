// Generic secret assignments (issue 33 item 7): a secret-named key with a literal value is
// redacted wherever Loupe shows text, through the same redactSecrets every preview, run
// output, X-Ray segment and wire request goes through; placeholders, references and code
// stay visible. The values are fakes, made up here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALNUM, B64URL, HEX, pick } from '../testing/secret-corpus';
import { entropy, literalSecretValue, SECRET_STEM, SECRET_WORD, secretKeyName } from './assignments';
import { redactSecrets } from './redact';

/** The cases, and the same key in other cases and separators. */
const SHOWN_BEFORE: [string, string][] = [
  ['DB_PASSWORD=hunter2Correct7Horse', 'hunter2Correct7Horse'],
  ['api_key = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"', '9f8e7d6c5b4a39281706f5e4d3c2b1a0'],
  ['password: s3cr3t-P@ssw0rd!', 's3cr3t-P@ssw0rd!'],
  ['AZURE_CLIENT_SECRET=Xq7w8Q~Rt5.Yu3-Io1_Pa9Sd4Fg6Hj8Kl2Zx0Cv', 'Xq7w8Q~Rt5.Yu3-Io1_Pa9Sd4Fg6Hj8Kl2Zx0Cv'],
  ['Authorization: Basic ZGVwbG95Omh1bnRlcjJDb3JyZWN0', 'ZGVwbG95Omh1bnRlcjJDb3JyZWN0'],
  ['curl -s -H "Authorization: Bearer 3f9aC7d2E8b1F4a6D0c9B5e7A2f8C1d3" https://api.example.com/v1/me', '3f9aC7d2E8b1F4a6D0c9B5e7A2f8C1d3'],
  ["headers: { 'authorization': 'Token 8c1d3f9aC7d2E8b1F4a6D0c9B5e7A2f' }", '8c1d3f9aC7d2E8b1F4a6D0c9B5e7A2f'],
  ['{"apiKey": "Zk29fQ0pLm38xN47vB56"}', 'Zk29fQ0pLm38xN47vB56'],
  ['X-API-KEY: a8F3k2L9q0W7e5R1t6Y4', 'a8F3k2L9q0W7e5R1t6Y4'],
  ['client.secret = Yt5-Rq8-Wp2-Zm4-Xn7', 'Yt5-Rq8-Wp2-Zm4-Xn7'],
  ['export GITHUB_TOKEN=3b1a0f5e4d3c2b1a9f8e7d6c', '3b1a0f5e4d3c2b1a9f8e7d6c'],
  ['mysql_pwd := "pQ7#vR2!sT9@"', 'pQ7#vR2!sT9@'],
  ['private-key: MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF', 'MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF'],
  ['ACCESS_KEY => "Wq3Er5Ty7Ui9Op1As"', 'Wq3Er5Ty7Ui9Op1As'],
  ['db.credentials: Kd8s-Lq2w-Mz5x', 'Kd8s-Lq2w-Mz5x'],
];

/** Placeholders, references and code: never flagged. */
const STAYS_VISIBLE = [
  'password: changeme',
  'DB_PASSWORD=password',
  'api_key: example-api-key-123',
  'API_KEY=${API_KEY}',
  'token = "$TOKEN"',
  'api_key: <your-key>',
  'secret: xxx',
  'SECRET=xxxxxxxxxxxxxxxx',
  'password: ***',
  'password: ********',
  'token: process.env.TOKEN',
  'const token = process.env.GITHUB_TOKEN;',
  'apiKey = getApiKey()',
  'password = readPassword(path);',
  'token: string;',
  'secret?: string | null;',
  'auth: AuthConfig',
  'token = options.token',
  'secrets: s.draft?.wireSecrets ?? "warn"',
  'enable_token: true',
  'use_password = false',
  'PASSWORD_MIN_LENGTH=12345678',
  'password_length: 32',
  'max_tokens: 4096',
  'token_url: https://oauth2.example.com/token',
  'api_key_name: X-Goog-Api-Key',
  'secret_key_id: 1234567890',
  'tokenizer: o200k_base',
  'author: Jane Doe',
  'keyboard: qwerty-uk',
  'curl -H "Authorization: Bearer $TOKEN" https://api.example.com',
  'Authorization: Bearer ${{ secrets.GH_TOKEN }}',
  'Authorization: Basic realm="example"',
  'password: {{ .Values.password }}',
  'password: "%DB_PASSWORD%"',
  'SECRET_PATTERN = /secret|pass|token/;',
  "const TOKEN_ENCODINGS = ['o200k_base', 'cl100k_base'];",
  'src/utils/auth.ts:9:import type { Provider } from "./provider";',
  'password: your-password-here',
  'The token: it must be kept safe.',
];

describe('generic secret assignments', () => {
  it.each(SHOWN_BEFORE)('hides the value of %s, keeps the key', async (text, value) => {
    const { text: shown, redactions } = await redactSecrets(`${text}\n`);
    expect(shown).not.toContain(value);
    expect(redactions).toBe(1);
    expect(shown).toMatch(/\[redacted [A-Za-z_]+\]/);
    // The key stays, so the reader knows what was hidden.
    expect(shown.slice(0, 6)).toBe(text.slice(0, 6));
  });

  it.each(STAYS_VISIBLE)('leaves %s visible', async (text) => {
    expect(await redactSecrets(`${text}\n`)).toEqual({ text: `${text}\n`, redactions: 0 });
  });

  it('hides freshly made values of every shape beside a secret name', async () => {
    for (let i = 0; i < 50; i++) {
      for (const value of [pick(ALNUM, 12 + (i % 30)), pick(HEX, 32), pick(B64URL, 40)]) {
        const text = `SERVICE_API_KEY=${value}\n`;
        // A rare draw (12 letters, no digit) is a word to the rule, as gitleaks' letters-only allow-list has it.
        if (/^[A-Za-z]+$/.test(value)) continue;
        expect((await redactSecrets(text)).text, value).not.toContain(value);
      }
    }
  });

  it('takes a key name in any case and separator, and not one that is about the secret', () => {
    for (const name of ['password', 'PASSWORD', 'db_password', 'dbPassword', 'DB-PASSWORD', 'db.password', 'apiKey', 'API_KEY', 'api-key', 'x-api-key', 'apikey', 'clientSecret', 'private_key', 'privateKey', 'accessKey', 'aws_access_key', 'credentials', 'AUTH_TOKEN', 'passwd', 'pwd', 'SigningKey'])
      expect(secretKeyName(name), name).toBe(true);
    for (const name of ['token_url', 'passwordLength', 'api_key_id', 'max_tokens', 'tokenizer', 'author', 'keyboard', 'publicKey', 'password_hash', 'monkey', 'auth.ts'])
      expect(secretKeyName(name), name).toBe(false);
  });

  it('skips only names that no secret word can come from (the stem check before the rewrites)', () => {
    // Every word the rule knows holds a stem (`api_?key` read both ways, `secrets?` too)…
    const words = /\(\?:\^\|_\)\(\?:(.*)\)\(\?:\$\|_\)/.exec(SECRET_WORD.source)![1]!.split('|');
    expect(words.length).toBeGreaterThan(15);
    for (const w of words) for (const spelled of [w.replace(/(.)\?/g, ''), w.replace(/\?/g, '')]) expect(SECRET_STEM.test(spelled), spelled).toBe(true);
    // …and splitting camel case or turning `-` and `.` into `_` never makes a stem the name lacks.
    const rewrite = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[-.]/g, '_');
    const piece = fc.constantFrom('se', 'cret', 'Pa', 'ss', 'pw', 'd', 'to', 'Ken', 'ke', 'Y', 'cr', 'Ed', 'au', 'TH', 'api', 'x', '2', 'db', 'id');
    const name = fc.array(fc.tuple(piece, fc.constantFrom('', '_', '-', '.')), { minLength: 1, maxLength: 6 }).map((ps) => ps.map(([p, sep]) => p + sep).join(''));
    fc.assert(
      fc.property(name, (n) => {
        if (SECRET_WORD.test(rewrite(n))) expect(SECRET_STEM.test(n), n).toBe(true);
        if (!SECRET_STEM.test(n)) expect(secretKeyName(n), n).toBe(false);
      }),
      { numRuns: 5000, seed: 38 },
    );
  });

  it('measures values: length, entropy, stop list', () => {
    expect(entropy('aaaaaaaa')).toBe(0);
    expect(entropy('abcdefgh')).toBe(3);
    expect(literalSecretValue('Ab1Ab1Ab1')).toBe(false); // too little variety (1.58 bits)
    expect(literalSecretValue('hunter2')).toBe(false); // under 8 characters
    expect(literalSecretValue('hunter2Correct7Horse')).toBe(true);
  });
});
