// Secret scan benchmark (issue 13): what redacting 200 previews of ~40 KiB of code
// (7.8 MiB, the inspector's budget) costs, against hashing the same bytes with
// SHA-256 (which inspect does to every previewed file anyway), measured in the same
// run. Cases: a corpus with no secret (the keyword prefilter skips Secretlint), one
// where 20 files hold a secret (Secretlint runs on those), and uppercase-heavy code
// where a short keyword (Twilio's `SK`) is everywhere.
import { createHash, randomBytes } from 'node:crypto';
import { findSecrets } from '../src/main/core/secrets/redact';
import { sourceText } from './inspect-repo';

const FILES = 200;
const BYTES = 40 * 1024;
const clean = Array.from({ length: FILES }, (_, i) => sourceText(i + 1, BYTES));
const token = () => `ghp_${randomBytes(27).toString('base64url').replace(/[-_]/g, 'a').slice(0, 36)}`;
const seeded = clean.map((t, i) => (i % 10 === 0 ? `${t.slice(0, BYTES / 2)}\nconst t = "${token()}";\n${t.slice(BYTES / 2)}` : t));
const shouty = clean.map((t) => t.replace(/value/g, 'TASK_VALUE').replace(/state/g, 'DESK_STATE'));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(fn: () => unknown): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const sha = (texts: string[]) => texts.forEach((t) => createHash('sha256').update(t).digest('hex'));
const cases: [string, () => unknown][] = [
  ['no secret', () => findSecrets(clean)],
  ['20 of 200 files with a token', () => findSecrets(seeded)],
  ['uppercase code (TASK_, DESK_)', () => findSecrets(shouty)],
];
const found = (await findSecrets(seeded)).filter((s) => s.length > 0).length;
if (found !== FILES / 10) throw new Error(`expected ${FILES / 10} files with a finding, got ${found}`);
for (let i = 0; i < 3; i++) for (const [, fn] of cases) await fn();

const base: number[] = [];
const runs = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let i = 0; i < 15; i++) {
  base.push(await timed(() => sha(clean)));
  for (const [name, fn] of cases) runs.get(name)!.push(await timed(fn));
}
const b = median(base);
console.log(`secret scan of ${FILES} previews, ${((FILES * BYTES) / 1048576).toFixed(1)} MiB (median of 15, ratio to SHA-256 of the same bytes = ${b.toFixed(1)} ms)`);
for (const [name, times] of runs) console.log(`  ${name.padEnd(32)} ${(median(times) / b).toFixed(2)}x`);
