// Session import benchmark (issue 11): parsing the real 3 MB Claude Code transcript
// (fixtures/sessions/claude/spotter, 1,512 lines + 2 subagent files) into an X-Ray
// manifest, previews redacted, against the cheapest possible read of the same files
// in the same run: readFileSync + split + JSON.parse of every line. Target: <= 300 ms.
// Also the peak RSS while building, against the RSS before, and the size of the result.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestFromSession } from '../src/main/core/sessions/manifest';
import { parseSessionFile } from '../src/main/core/sessions/parse';
import { redactSessionPreviews } from '../src/main/core/sessions/session-store';

const FILE = join(process.cwd(), 'fixtures/sessions/claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
const SUB = join(process.cwd(), 'fixtures/sessions/claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569/subagents');
const FILES = [FILE, join(SUB, 'agent-a2898e3.jsonl'), join(SUB, 'agent-acompact-e1f845.jsonl')];
const CATALOG = { id: 'claude-opus-4-6', window: 200_000, reserve: 30_000, source: 'snapshot' };
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The baseline: every line of every file read whole and parsed, nothing else. */
function baseline(): number {
  let n = 0;
  for (const f of FILES) {
    for (const line of readFileSync(f, 'utf8').split('\n')) if (line) n += Object.keys(JSON.parse(line) as object).length;
  }
  return n;
}

async function build() {
  const { session } = await parseSessionFile(FILE);
  await redactSessionPreviews(session);
  return manifestFromSession(session, CATALOG);
}

async function timed<T>(fn: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  gc();
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

// The first build in a process pays for compiling the parser and for loading the secret rules once;
// both are timed apart here (a cold parse on its own first, then the cold build), for the record.
const coldParse = await timed(() => parseSessionFile(FILE));

// Peak RSS of one cold build (first in the process), sampled every millisecond.
gc();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
const first = await timed(build);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);

for (let i = 0; i < 3; i++) {
  baseline();
  await build();
}
const base: number[] = [];
const ours: number[] = [];
let manifest = first.value;
for (let i = 0; i < 15; i++) {
  base.push((await timed(baseline)).ms);
  const r = await timed(build);
  ours.push(r.ms);
  manifest = r.value;
}
const bytes = FILES.reduce((n, f) => n + readFileSync(f).length, 0);
const b = median(base);
const m = median(ours);
const resultBytes = JSON.stringify(manifest).length;
console.log(`input: ${FILES.length} files, ${(bytes / 1048576).toFixed(2)} MiB, ${manifest.lines!.read} lines -> ${manifest.segments.length} segments, ${manifest.session.points} reported points`);
console.log(`baseline readFileSync + split + JSON.parse of every line (median of 15): ${b.toFixed(1)} ms`);
console.log(`parse + redact previews + manifest (median of 15): ${m.toFixed(1)} ms = ${(m / b).toFixed(2)}x the baseline`);
console.log(`first in the process: parse alone ${coldParse.ms.toFixed(0)} ms, then the first build (secret rules loaded on first use) ${first.ms.toFixed(0)} ms`);
console.log(`peak RSS during the cold build: +${((peak - rssBefore) / 1048576).toFixed(1)} MiB over ${(rssBefore / 1048576).toFixed(0)} MiB; the manifest as JSON: ${(resultBytes / 1024).toFixed(0)} KiB (${((resultBytes / bytes) * 100).toFixed(1)}% of the input)`);
console.log(`target <= 300 ms: ${m <= 300 ? 'met' : 'NOT met'}`);
if (m > 300) process.exitCode = 1;
