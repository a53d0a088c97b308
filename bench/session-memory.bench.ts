// Session import memory (issue 23, item 7: "a 93 MB transcript peaks at 1.85 GB").
// Writes large made-up transcripts (Claude Code and Gemini JSONL; small and large tool
// outputs) and measures, each in a fresh process, the peak RSS growth (the kernel's
// maxRSS) of parseSessionFile against the baseline of reading the same file whole:
// readFileSync + split + JSON.parse of every line, kept. Ratios are to the file's size.
// `MB=93 npm run bench -- session-memory` for the size (default 30).
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSessionFile } from '../src/main/core/sessions/parse';

type Format = 'claude' | 'gemini';

/** A transcript of about `mb` MiB: turns of one tool call each, whose output is `result` bytes. */
function writeTranscript(path: string, format: Format, mb: number, result: number): void {
  const fd = openSync(path, 'w');
  const target = mb * 1048576;
  let written = 0;
  const at = (i: number) => new Date(1e12 + i * 1000).toISOString();
  if (format === 'gemini') written += writeSync(fd, `${JSON.stringify({ sessionId: 's1', projectHash: 'p'.repeat(64), startTime: at(0), kind: 'main' })}\n`);
  let prev = '00000000-0000-4000-8000-000000000000';
  for (let i = 0; written < target; i++) {
    const body = `line ${i} `.repeat(Math.ceil(result / 8)).slice(0, result);
    let text: string;
    if (format === 'gemini') {
      const u = { id: `u${i}`, timestamp: at(i), type: 'user', content: [{ text: `ask ${i}` }] };
      const g = { id: `g${i}`, timestamp: at(i), type: 'gemini', content: '', tokens: { input: 1000 + i, output: 5 }, model: 'gemini-2.5-pro', toolCalls: [{ id: `c${i}`, name: 'run_shell_command', args: { command: `cat f${i}` }, result: [{ functionResponse: { id: `c${i}`, name: 'run_shell_command', response: { output: body } } }], status: 'success' }] };
      text = `${JSON.stringify(u)}\n${JSON.stringify(g)}\n{"$set":{"lastUpdated":"${at(i)}"}}\n`;
    } else {
      const base = { isSidechain: false, userType: 'external', cwd: '/tmp/x', sessionId: 'aaaaaaaa-0000-4000-8000-000000000000', version: '2.1.39' };
      const a = `${i.toString(16).padStart(8, '0')}-0000-4000-8000-00000000000a`;
      const u = `${i.toString(16).padStart(8, '0')}-0000-4000-8000-00000000000b`;
      const l1 = { parentUuid: prev, ...base, message: { model: 'claude-opus-4-6', id: `msg_${i}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: `cat f${i}` } }], usage: { input_tokens: 3, cache_read_input_tokens: 1000 + i, output_tokens: 9 } }, type: 'assistant', uuid: a, timestamp: at(i) };
      const l2 = { parentUuid: a, ...base, type: 'user', message: { role: 'user', content: [{ tool_use_id: `toolu_${i}`, type: 'tool_result', content: body, is_error: false }] }, uuid: u, timestamp: at(i) };
      prev = u;
      text = `${JSON.stringify(l1)}\n${JSON.stringify(l2)}\n`;
    }
    written += writeSync(fd, text);
  }
  closeSync(fd);
}

/** In a child: one measurement, printed as JSON (maxRSS growth in bytes, entries or lines, ms). */
async function measure(kind: 'loupe' | 'whole', path: string): Promise<void> {
  const before = process.resourceUsage().maxRSS * 1024;
  const t = performance.now();
  let count: number;
  if (kind === 'loupe') count = (await parseSessionFile(path)).session.entries.length;
  else {
    const kept = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown);
    count = kept.length;
  }
  const ms = performance.now() - t;
  console.log(JSON.stringify({ grew: process.resourceUsage().maxRSS * 1024 - before, count, ms }));
}

const [, script, mode, kind, file] = process.argv;
if (mode === '--measure') {
  await measure(kind as 'loupe' | 'whole', file!);
} else {
  const mb = Number(process.env.MB ?? 30);
  const dir = mkdtempSync(join(tmpdir(), 'loupe-session-memory-'));
  const run = (k: string, path: string) => JSON.parse(execFileSync(process.execPath, [script!, '--measure', k, path], { encoding: 'utf8' }).trim().split('\n').at(-1)!) as { grew: number; count: number; ms: number };
  const mib = (n: number) => `${(n / 1048576).toFixed(0)} MiB`;
  try {
    for (const format of ['claude', 'gemini'] as const) {
      for (const result of [300, 20_000]) {
        const path = join(dir, `${format}-${result}.jsonl`);
        writeTranscript(path, format, mb, result);
        const size = statSync(path).size;
        const ours = run('loupe', path);
        const whole = run('whole', path);
        console.log(
          `${format}, ${mib(size)}, tool outputs of ${result} B: parse peak +${mib(ours.grew)} (${(ours.grew / size).toFixed(2)}x the file, ${ours.count} entries, ${(ours.ms / 1000).toFixed(1)} s); ` +
            `read whole +${mib(whole.grew)} (${(whole.grew / size).toFixed(2)}x); parse / whole = ${(ours.grew / whole.grew).toFixed(2)}`,
        );
        rmSync(path);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
