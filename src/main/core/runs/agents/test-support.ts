// Test helpers for the agent adapters (used by *.test.ts only): replaying a
// captured CLI run from fixtures/agents, and running an invocation for real.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import type { ChildExit, Spawn } from '../../process/launcher';
import type { AgentStreamParser, Invocation } from './adapter';

export const FIXTURES = join(__dirname, '../../../../../fixtures/agents');

interface Meta {
  args: string[];
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdoutLineTimesMs?: number[];
  stderrLineTimesMs?: number[];
}

export interface Capture {
  meta: Meta;
  stdout: string[];
  stderr: string[];
  exit: ChildExit;
}

const lines = (text: string): string[] => text.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1);

/** One captured run: fixtures/agents/<cli>/<name>.{meta.json,stdout.txt,stderr.txt}. */
export function loadCapture(cli: string, name: string): Capture {
  const base = join(FIXTURES, cli, name);
  const meta = JSON.parse(readFileSync(`${base}.meta.json`, 'utf8')) as Meta;
  return {
    meta,
    stdout: lines(readFileSync(`${base}.stdout.txt`, 'utf8')),
    stderr: lines(readFileSync(`${base}.stderr.txt`, 'utf8')),
    exit: { code: meta.exitCode, signal: meta.signal },
  };
}

/** Feeds a capture to a parser in the order its lines arrived (by the captured times), then ends it. */
export function replay(parser: AgentStreamParser, cap: Capture): AgentEvent[] {
  const tagged = [
    ...cap.stdout.map((line, i) => ({ line, t: cap.meta.stdoutLineTimesMs?.[i] ?? 0, out: true, i })),
    ...cap.stderr.map((line, i) => ({ line, t: cap.meta.stderrLineTimesMs?.[i] ?? 0, out: false, i })),
  ].sort((a, b) => a.t - b.t || Number(b.out) - Number(a.out) || a.i - b.i);
  const events: AgentEvent[] = [];
  for (const { line, out } of tagged) events.push(...(out ? parser.stdout(line) : parser.stderr(line)));
  events.push(...parser.end(cap.exit));
  return events;
}

/** Events without the raw ones (for asserting what the parser understood). */
export const parsed = (events: AgentEvent[]): AgentEvent[] => events.filter((e) => e.type !== 'raw');

/** Splits a stream into lines as they complete (a trailing partial line is flushed at the end). */
function onLines(stream: NodeJS.ReadableStream, each: (line: string) => void): Promise<void> {
  return new Promise((resolve) => {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        each(pending.slice(0, nl).replace(/\r$/, ''));
        pending = pending.slice(nl + 1);
      }
    });
    stream.on('end', () => {
      if (pending) each(pending);
      resolve();
    });
  });
}

export interface LiveRun {
  events: AgentEvent[];
  /** When each event arrived (ms since spawn), same order as events. */
  times: number[];
  exit: ChildExit;
}

/** Runs an invocation through `spawn` like the runner does: env added, stdin written and closed, lines parsed. */
export async function runInvocation(
  spawn: Spawn,
  inv: Invocation,
  parser: AgentStreamParser,
  opts: { cwd: string; env?: NodeJS.ProcessEnv; onEvent?: (event: AgentEvent) => void },
): Promise<LiveRun> {
  const started = Date.now();
  const events: AgentEvent[] = [];
  const times: number[] = [];
  const push = (evs: AgentEvent[]) => {
    for (const e of evs) {
      events.push(e);
      times.push(Date.now() - started);
      opts.onEvent?.(e);
    }
  };
  const child = spawn(inv.command, inv.args, { cwd: opts.cwd, env: { ...(opts.env ?? process.env), ...inv.env } });
  child.stdin?.end(inv.stdin);
  const done = Promise.all([onLines(child.stdout, (l) => push(parser.stdout(l))), onLines(child.stderr, (l) => push(parser.stderr(l)))]);
  const exit = await child.exited;
  await done;
  push(parser.end(exit));
  return { events, times, exit };
}
