// Readable output of `loupe run` and `loupe runs`: agent events as they arrive, step evidence, run lists.
import { formatUsd, totalsText, type CostTotals } from '../../../shared/cost/price';
import type { AgentEvent } from '../../../shared/contract/agent-events';
import type { RunSummary, StepEvidence } from '../../../shared/contract/runs';
import { formatBytes, formatInt } from '../../../shared/format';
import { requestBudgetText } from '../../../shared/presets/describe';

const oneLine = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** One agent event as a line of terminal output (null: nothing worth printing). */
export function formatAgentEvent(e: AgentEvent): string | null {
  switch (e.type) {
    case 'session':
      return `· session ${e.sessionId}${e.model ? ` (${e.model})` : ''}`;
    case 'text':
      return e.text;
    case 'thinking':
      return `· thinking: ${oneLine(e.text)}`;
    case 'tool-call':
      return `→ ${e.name} ${oneLine(JSON.stringify(e.input ?? {}), 120)}`;
    case 'tool-result':
      return `${e.isError ? '✗' : '←'} ${oneLine(e.output, 120)}`;
    case 'file-read':
      return null;
    case 'usage':
      return null;
    case 'error':
      return `! ${e.message}`;
    case 'result':
      return e.ok ? null : `✗ ${e.message ?? 'the agent reported a failure'}`;
    case 'raw':
      return e.stream === 'stderr' ? `  ${e.text}` : e.text;
  }
}

const STEP_KIND: Record<StepEvidence['kind'], string> = {
  fresh: 'fresh session',
  resume: "resumed the CLI's session",
  fallback: 'fresh session after a failed resume',
  retry: 'retry',
};

/** A step's evidence in a few lines: what was measured, decided and reported. */
/** A step's evidence; `listPrice`: its wire requests at list price, shown beside what the CLI said it cost. */
export function formatStep(s: StepEvidence, listPrice?: CostTotals): string {
  const budget = s.budget
    ? `${s.budget.policy} at ${[
        s.budget.maxPromptBytes !== undefined ? `${formatInt(s.budget.maxPromptBytes)} bytes` : null,
        s.budget.maxApproximateTokens !== undefined ? `${formatInt(s.budget.maxApproximateTokens)} tokens` : null,
      ]
        .filter(Boolean)
        .join(' / ')}`
    : 'no ceiling';
  const lines = [
    `Step ${s.ordinal} (${STEP_KIND[s.kind]}): ${s.outcome.toUpperCase()}`,
    `  prompt ${formatInt(s.promptBytes)} B + schema ${formatInt(s.schemaBytes)} B = ${formatInt(s.totalBytes)} B (${formatBytes(s.totalBytes)}), ≈ ${formatInt(s.approxTokens)} tokens (approx.); budget: ${budget}`,
    `  sha256 ${s.sha256}`,
  ];
  if (s.exceeded.length) lines.push(`  exceeded: ${s.exceeded.map((e) => `${e.ceiling} ${formatInt(e.actual)} > ${formatInt(e.limit)} (+${formatInt(e.over)})`).join(', ')}`);
  if (s.requestBudget) lines.push(`  request budget (on the wire): ${requestBudgetText(s.requestBudget)}`);
  if (s.wireBlock) {
    const b = s.wireBlock;
    lines.push(`  blocked on the wire: request ${b.seq} of ${b.sessionId}, ${b.exceeded.map((e) => `${e.ceiling} ${formatInt(e.actual)} > ${formatInt(e.limit)} (+${formatInt(e.over)})`).join(', ')}`);
  }
  if (s.exclusions.length) lines.push(`  not staged: ${s.exclusions.map((e) => `${e.path} (${e.reason})`).join(', ')}`);
  if (s.history) lines.push(`  history: ${formatInt(s.history.kept)} of ${formatInt(s.history.rows)} rows, folded to ${formatInt(s.history.foldBudget)} tokens of a ${formatInt(s.history.window)} window`);
  if (s.reported) {
    const r = s.reported;
    lines.push(
      `  reported by the provider: ${formatInt(r.inputTokens ?? 0)} input, ${formatInt(r.outputTokens ?? 0)} output, ${formatInt(r.cacheReadTokens ?? 0)} cache read, ${formatInt(r.cacheCreationTokens ?? 0)} cache write tokens`,
    );
  }
  const cli = s.reported?.costUsd;
  if (listPrice || cli !== undefined) {
    lines.push(`  cost: ${listPrice ? `${totalsText(listPrice)} (Loupe, from the wire)` : 'not on the wire'}${cli !== undefined ? `; the CLI said ${formatUsd(cli)}` : ''}`);
  }
  if (s.endedAt) lines.push(`  exit ${s.exitCode ?? s.signal ?? '-'}; ${s.startedAt} → ${s.endedAt}`);
  if (s.message) lines.push(`  ${s.message}`);
  return lines.join('\n');
}

/** Runs as a table: newest first. */
export function formatRuns(runs: readonly RunSummary[]): string {
  if (runs.length === 0) return 'No runs yet.\n';
  const rows = [['RUN', 'STATUS', 'AGENT', 'STEPS', 'CREATED', 'ASK']];
  for (const r of runs) rows.push([r.id, r.status, r.agent, String(r.stepCount), r.createdAt.slice(0, 19).replace('T', ' '), oneLine(r.askPreview, 60)]);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return `${rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')).join('\n')}\n`;
}
