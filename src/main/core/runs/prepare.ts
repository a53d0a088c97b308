import { createHash } from 'node:crypto';
import type { ContextBudget, PromptSection, RunInput, StepHistory, StepKind } from '../../../shared/contract/runs';
import type { TranscriptEntry } from '../../../shared/contract/transcript';
import { checkBudget, type BudgetCheck } from '../../../shared/runs/budget';
import type { AgentAdapter, Invocation, InvocationInput } from './agents/adapter';
import type { FoldMeasureDeps } from '../prompt/fold-measure';
import { assembleHistory, type StepDirectives } from '../prompt/history';
import { assemblePrompt, schemaSection } from '../prompt/prompt';
import type { Staging } from './stage';

/** A model's window as the fold sees it. */
export interface ModelWindow {
  id: string;
  window: number;
  budget: number;
  source: string;
  known: boolean;
}

export interface PrepareInput {
  adapter: AgentAdapter;
  /** What to run: the bare name until detection (after the budget decision) gives a path; see invocationFor. */
  executable: string;
  input: RunInput;
  staging: Staging;
  runtime: { repo: string; branch: string | null };
  kind: StepKind;
  /** The CLI session to resume (resume steps only). */
  resumeSessionId: string | null;
  /** The thread's transcript before this run, for fresh-session history. */
  transcript: readonly TranscriptEntry[];
  model: ModelWindow;
  /** X-Ray directives, applied when Loupe assembles the history (fresh sessions). */
  directives: StepDirectives;
  runId: string;
  extra: Pick<InvocationInput, 'demo' | 'mcp'>;
  /** Whether the CLI may load the repository's own agent configuration (core/trust). */
  projectConfig?: InvocationInput['projectConfig'];
  /** The database (calibration) and the token counter (exact folds). */
  deps: FoldMeasureDeps;
  signal?: AbortSignal;
}

export interface PreparedStep {
  invocation: Invocation;
  /** The same command line for another executable (the path detection finds after the budget decision); the same stdin. */
  invocationFor(executable: string): Invocation;
  sections: PromptSection[];
  promptBytes: number;
  schemaBytes: number;
  /** sha256 of exactly the bytes written to stdin. */
  sha256: string;
  check: BudgetCheck;
  history: StepHistory | null;
  /** Unredacted starts of the system sections, for section-previews.ts only. */
  heads: Partial<Record<PromptSection['name'], string>>;
}

/** The CLI's name for a catalog model id: `anthropic/claude-sonnet-4-5` → `claude-sonnet-4-5`. */
export function cliModelName(model: string | undefined): string | null {
  const m = model?.trim();
  if (!m) return null;
  return m.slice(m.lastIndexOf('/') + 1) || null;
}

/**
 * Everything one step sends, assembled and measured exactly: the prompt
 * sections (with the thread history folded to the model's budget, in its best
 * available count, when the CLI does not resume its own session), the command
 * line, the bytes and hash of stdin, the schema bytes, and the budget verdict.
 * Called right before launch, and again for every retry and fallback.
 */
export async function prepareStep(p: PrepareInput, budget: ContextBudget | undefined): Promise<PreparedStep> {
  const resuming = p.resumeSessionId !== null;
  let history: PreparedStep['history'] = null;
  let historyText: string | undefined;
  if (!resuming && p.transcript.length > 0) {
    const h = await assembleHistory(p.deps, p.transcript, {
      budget: p.model.budget,
      model: p.input.settings.model ?? null,
      agent: p.adapter.id,
      signal: p.signal,
      ask: p.input.ask,
      pinnedIds: p.directives.pinned,
      evictedIds: p.directives.evicted,
      summaries: p.directives.summaries,
    });
    historyText = h.text;
    const kept = new Set(h.keptSegments);
    // Ids only: which segments this session starts without (X-Ray reads it to tell what a resumed session holds).
    const omitted = [...new Set(p.transcript.filter((e) => e.item.kind !== 'thinking' && !kept.has(e.segmentId)).map((e) => e.segmentId))];
    history = {
      rows: h.rows,
      kept: h.kept,
      foldBudget: p.model.budget,
      window: p.model.window,
      count: h.count,
      countedTokens: h.countedTokens,
      segments: { omitted, summarized: h.summarizedSegments },
    };
  }
  const prompt = assemblePrompt({
    runtime: { repo: p.runtime.repo, branch: p.runtime.branch, baseRef: p.input.baseRef ?? 'HEAD', baseCommit: p.staging.baseCommit },
    notes: p.input.settings.notes,
    memory: p.input.memory,
    references: p.staging.files,
    history: historyText,
    ask: p.input.ask,
  });
  const invocationInput: InvocationInput = {
    prompt: prompt.text,
    schema: p.input.schema ?? null,
    model: cliModelName(p.input.settings.model),
    resumeSessionId: p.resumeSessionId,
    contextDir: p.staging.dir,
    runId: p.runId,
    repoRoot: p.runtime.repo,
    extraArgs: p.input.settings.agentArgs ?? [],
    mcp: p.extra.mcp,
    command: p.input.settings.command ?? null,
    demo: p.extra.demo,
    ...(p.projectConfig ? { projectConfig: p.projectConfig } : {}),
  };
  const invocation = p.adapter.invocation(invocationInput, p.executable);
  const stdin = Buffer.from(invocation.stdin, 'utf8');
  const schema = schemaSection(invocation.stdin, prompt.text);
  // A schema on stdin (CLIs without a schema flag, schemas too long for one) is reported as schema bytes, wherever it travels.
  const schemaOnStdin = schema?.bytes ?? 0;
  const measure = { promptBytes: stdin.length - schemaOnStdin, schemaBytes: invocation.schemaBytes + schemaOnStdin };
  return {
    invocation,
    invocationFor: (executable) => (executable === p.executable ? invocation : p.adapter.invocation(invocationInput, executable)),
    sections: schema ? [...prompt.sections, schema] : prompt.sections,
    promptBytes: measure.promptBytes,
    schemaBytes: measure.schemaBytes,
    sha256: createHash('sha256').update(stdin).digest('hex'),
    check: checkBudget(measure, budget),
    history,
    heads: prompt.heads,
  };
}
