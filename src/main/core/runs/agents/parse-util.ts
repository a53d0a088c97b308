// Small pieces every agent stream parser shares: JSON lines, the tail of
// stderr, and the result made from an exit status when the CLI printed none.
import type { AgentEvent, ReportedUsage } from '../../../../shared/contract/agent-events';
import type { ChildExit } from '../../process/launcher';

/** A parsed JSON object, or null when the line is not one (then it becomes a raw event). */
export function parseJsonObject(line: string): Record<string, unknown> | null {
  const t = line.trim();
  if (!t.startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(t);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export const rawStdout = (text: string): AgentEvent => ({ type: 'raw', stream: 'stdout', text });
export const rawStderr = (text: string): AgentEvent => ({ type: 'raw', stream: 'stderr', text });

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/** Terminal colour codes removed (gemini prints its trust error in red). */
export const stripAnsi = (s: string): string => s.replace(ANSI, '');

/**
 * The last meaningful stderr lines, for a failure message in the CLI's own
 * words. Warnings about the terminal and stack frames are noise, not the reason.
 */
export class StderrTail {
  private readonly lines: string[] = [];
  constructor(
    private readonly keep = 3,
    private readonly isNoise: (line: string) => boolean = defaultNoise,
  ) {}

  push(line: string): void {
    const clean = stripAnsi(line).trim();
    if (!clean || this.isNoise(clean)) return;
    this.lines.push(clean);
    if (this.lines.length > this.keep) this.lines.shift();
  }

  text(): string | null {
    return this.lines.length ? this.lines.join('\n') : null;
  }
}

function defaultNoise(line: string): boolean {
  return /^at\s/.test(line) || /^Warning: (Basic terminal|256-color)/.test(line) || /^Ripgrep is not available/.test(line);
}

/** "exited with code 3" / "was ended by SIGTERM". */
export function describeExit(exit: ChildExit): string {
  if (exit.signal) return `was ended by ${exit.signal}`;
  return `exited with code ${exit.code ?? 'unknown'}`;
}

/**
 * The result when the stream carried none: success only on exit 0; otherwise
 * the CLI's last words (an error it printed, its stderr), else how it ended.
 */
export function resultFromExit(cli: string, exit: ChildExit, lastWords: string | null): AgentEvent {
  if (exit.code === 0 && !exit.signal) return { type: 'result', ok: true };
  return { type: 'result', ok: false, message: lastWords ?? `${cli} ${describeExit(exit)} without a result.` };
}

/** A usage event with the counts the CLI printed (undefined ones left out), or none when it printed none. */
export function usageEvents(usage: ReportedUsage): AgentEvent[] {
  const defined = Object.fromEntries(Object.entries(usage).filter(([, v]) => v !== undefined)) as ReportedUsage;
  return Object.keys(defined).length ? [{ type: 'usage', usage: defined }] : [];
}

/** UTF-8 byte length (what the budget and evidence count). */
export const utf8Bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * The prompt with the schema as a final section, for CLIs without a schema
 * flag (or when the schema is too long for one argument). The heading is
 * stable so the runner's sections and X-Ray can name it.
 */
export function promptWithSchema(prompt: string, schema: string): string {
  const sep = prompt.endsWith('\n') ? '\n' : '\n\n';
  return `${prompt}${sep}## Output schema\n\nAnswer with one JSON value that matches this JSON Schema:\n\n${schema}\n`;
}
