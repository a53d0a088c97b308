// findSecrets with `before` (an inspection's preview length): Loupe's patterns stop at the
// limit, and every merged span that starts before it must be what a full scan finds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASES } from '../testing/secret-corpus';
import { findSecrets, type SecretSpan } from './redact';

/** Pieces a text is made of: code with assignments that are no secrets, and every corpus secret in its context. */
const FILLER = [
  'const options = { timeout: 30, retries: 3 };\n',
  'export function parse(input: string): number { return input.length; }\n',
  'const apiKeyName = config.apiKey; // a reference, not a literal\n',
  '  password_length: 12,\n',
  'url = "https://example.org/path?q=1&page=2"\n',
  '\n',
];
const SECRETS = CASES.map(([, secret, , around]) => () => (around ? around(secret()) : `value: ${secret()}\n`));
const ASSIGNED = [
  () => `DB_PASSWORD=${Math.random().toString(36).slice(2)}Xq7W9\n`,
  () => `  "apiKey": "Zk29fQ0pLm38xN47vB56${Math.random().toString(36).slice(2, 6)}",\n`,
  () => `curl -H "Authorization: Bearer 3f9aC7d2E8b1F4a6D0c9B5e7A2f8C1d3" https://api.example.com\n`,
  () => `jdbc:mysql://db.example.com/app?user=app&password=S3cr3tPassw0rdXyz&ssl=true\n`,
];
const piece = fc.oneof(
  fc.constantFrom(...FILLER),
  fc.integer({ min: 0, max: SECRETS.length - 1 }).map((i) => SECRETS[i]!()),
  fc.integer({ min: 0, max: ASSIGNED.length - 1 }).map((i) => ASSIGNED[i]!()),
);
const text = fc.array(piece, { minLength: 1, maxLength: 24 }).map((ps) => ps.join(''));
/** A text and a limit anywhere in it (0 and its length included). */
const sample = text.chain((t) => fc.tuple(fc.constant(t), fc.integer({ min: 0, max: t.length })));

const startingBefore = (spans: SecretSpan[], limit: number) => spans.filter((s) => s.start < limit);

describe('findSecrets with a limit per text', () => {
  it('finds every merged span that starts before the limit exactly as a full scan does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sample, { minLength: 1, maxLength: 4 }), async (samples) => {
        const texts = samples.map(([t]) => t);
        const limits = samples.map(([, limit]) => limit);
        const [full, limited] = await Promise.all([findSecrets(texts), findSecrets(texts, limits)]);
        samples.forEach(([, limit], i) => expect(startingBefore(limited[i]!, limit)).toEqual(startingBefore(full[i]!, limit)));
      }),
      { numRuns: 150, seed: 38 },
    );
  });

  it('does not look past the limit, unless a span found reaches it: then the text is scanned in full', async () => {
    const t = `const a = 1;\nDB_PASSWORD=hunter2Correct7Horse\n${'const b = 2;\n'.repeat(50)}api_key = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"\n`;
    const first = { start: t.indexOf('hunter2'), end: t.indexOf('hunter2') + 'hunter2Correct7Horse'.length, kind: 'Secret' };
    const second = { start: t.indexOf('9f8e'), end: t.indexOf('9f8e') + 32, kind: 'Secret' };
    expect((await findSecrets([t]))[0]).toEqual([first, second]);
    // Past the first secret, before the second's key: the second is not looked for.
    expect((await findSecrets([t], [first.end + 5]))[0]).toEqual([first]);
    // The limit cuts the first secret: found whole, and the rest is scanned as without a limit.
    expect((await findSecrets([t], [first.start + 3]))[0]).toEqual([first, second]);
  });
});
