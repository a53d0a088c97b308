import { BUDGET_LIMITS_NOTE } from '../../../shared/runs/budget-limits';
import type { EvidenceExport, StepEvidence } from '../../../shared/contract/runs';

type Scope = { runId: string } | { threadId: string } | { repo: string };

const COLUMNS: [string, (s: StepEvidence & { repo: string }) => unknown][] = [
  ['repo', (s) => s.repo],
  ['thread_id', (s) => s.threadId],
  ['run_id', (s) => s.runId],
  ['step_id', (s) => s.id],
  ['ordinal', (s) => s.ordinal],
  ['kind', (s) => s.kind],
  ['resumed', (s) => s.resumed],
  ['adapter', (s) => s.adapter],
  ['agent_version', (s) => s.agentVersion],
  ['model', (s) => s.model],
  ['prompt_bytes', (s) => s.promptBytes],
  ['schema_bytes', (s) => s.schemaBytes],
  ['total_bytes', (s) => s.totalBytes],
  ['approx_tokens', (s) => s.approxTokens],
  ['sha256', (s) => s.sha256],
  ['policy', (s) => s.budget?.policy],
  ['max_prompt_bytes', (s) => s.budget?.maxPromptBytes],
  ['max_approx_tokens', (s) => s.budget?.maxApproximateTokens],
  ['exceeded', (s) => s.exceeded.map((e) => `${e.ceiling}:${e.actual}>${e.limit}`).join(' ')],
  ['request_policy', (s) => s.requestBudget?.policy],
  ['max_request_tokens', (s) => s.requestBudget?.maxRequestTokens],
  ['max_request_bytes', (s) => s.requestBudget?.maxRequestBytes],
  ['wire_blocked', (s) => (s.wireBlock ? `request ${s.wireBlock.seq} of ${s.wireBlock.sessionId} (${s.wireBlock.bytes} bytes)` : '')],
  ['wire_exceeded', (s) => s.wireBlock?.exceeded.map((e) => `${e.ceiling}:${e.actual}>${e.limit}`).join(' ')],
  ['exclusions', (s) => s.exclusions.length],
  ['outcome', (s) => s.outcome],
  ['exit_code', (s) => s.exitCode],
  ['signal', (s) => s.signal],
  ['started_at', (s) => s.startedAt],
  ['ended_at', (s) => s.endedAt],
  ['reported_input_tokens', (s) => s.reported?.inputTokens],
  ['reported_output_tokens', (s) => s.reported?.outputTokens],
  ['reported_cache_read_tokens', (s) => s.reported?.cacheReadTokens],
  ['reported_cache_creation_tokens', (s) => s.reported?.cacheCreationTokens],
  ['reported_prompt_tokens', (s) => s.reported?.promptTokens],
  ['exact_tokens', (s) => s.exactTokens?.count],
  ['exact_encoding', (s) => s.exactTokens?.encoding],
  ['fold_count', (s) => (s.history?.count ? (s.history.count.kind === 'scaled' ? `scaled x${s.history.count.factor} (${s.history.count.source}, ${s.history.count.runs} runs)` : s.history.count.kind === 'exact' ? `exact ${s.history.count.encoding}` : 'estimate') : '')],
  ['preset', (s) => (s.presetRef ? `${s.presetRef.name}@${s.presetRef.revision}` : '')],
  ['message', (s) => s.message],
];

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a leading
 * = + - @ is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Evidence rows as a JSON or CSV document with a file name, for a download or a save dialog. */
export function exportEvidence(steps: readonly (StepEvidence & { repo: string })[], scope: Scope, format: 'json' | 'csv', now: Date): EvidenceExport {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const what = 'runId' in scope ? `run-${scope.runId}` : 'threadId' in scope ? `thread-${scope.threadId}` : 'repository';
  if (format === 'json') {
    const doc = {
      kind: 'loupe-evidence',
      version: 1,
      exportedAt: now.toISOString(),
      scope,
      note:
        'Sizes, hashes and flags of what Loupe sent; no prompt bodies. Tokens are approximate (bytes / 4) unless marked reported or exact (with their encoding). ' +
        'budget/exceeded: the context budget, checked on the prompt before launch; requestBudget/wireBlock: the request budget, checked by the relay on each request. ' +
        BUDGET_LIMITS_NOTE,
      steps,
    };
    return { filename: `loupe-evidence-${what}-${stamp}.json`, mime: 'application/json', content: `${JSON.stringify(doc, null, 2)}\n` };
  }
  const lines = [COLUMNS.map(([name]) => name).join(','), ...steps.map((s) => COLUMNS.map(([, get]) => csvCell(get(s))).join(','))];
  return { filename: `loupe-evidence-${what}-${stamp}.csv`, mime: 'text/csv', content: `${lines.join('\r\n')}\r\n` };
}
