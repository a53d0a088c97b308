import type { RequestExceeded, WireRunSummary, WireWarning } from './wire';
import type { TokenCount } from './xray';
import { z } from 'zod';
import type { AgentEvent, ReportedUsage } from './agent-events';
import type { OmissionReason } from './context';
import { pathString, refString } from './common';
import { lazy, method } from './define';
import { formatInt } from '../format';
import type { ExactCount } from '../tokens/encodings';
import type { SettingField } from './setting-fields';
import type { SettingSource } from './settings';
import type { TextMix } from '../tokens/estimate-error';
import type { FoldCountInfo } from '../tokens/fold-count';
import { INSPECT_LIMITS, MAX_ATTACHMENTS } from './limits';
import { AGENT_IDS, BUDGET_CEILING_MAX, IDLE_TIMEOUT_SECONDS, REQUEST_CEILING_MAX, RUN_LIMITS, SPEND_CEILING_MAX, WIRE_SECRETS_MODES, type AgentId } from './run-limits';

export * from './run-limits';

// ---- Settings -------------------------------------------------------------

const ceiling = (max: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(max, `must be at most ${formatInt(max)}`);

/** The invocation context budget: ceilings on the fully assembled prompt, checked right before launch. */
export const contextBudgetSchema = lazy(() =>
  z
    .object({
      maxPromptBytes: ceiling(BUDGET_CEILING_MAX.maxPromptBytes).optional(),
      maxApproximateTokens: ceiling(BUDGET_CEILING_MAX.maxApproximateTokens).optional(),
      policy: z.enum(['warn', 'block'], { error: 'must be "warn" or "block"' }),
    })
    .strict()
    // A policy with no ceiling checks nothing: refused, not kept as a budget that is never applied (issue 34, item 8).
    .refine((b) => b.maxPromptBytes !== undefined || b.maxApproximateTokens !== undefined, { message: 'needs a ceiling: maxPromptBytes or maxApproximateTokens' }),
);
export type ContextBudget = z.output<ReturnType<typeof contextBudgetSchema>>;

/**
 * The request budget: ceilings on each request the relay forwards to the
 * provider (after evictions), in bytes or in the model's best count. Never
 * inferred from a window; separate from the context budget.
 */
export const requestBudgetSchema = lazy(() =>
  z
    .object({
      maxRequestTokens: ceiling(REQUEST_CEILING_MAX.maxRequestTokens).optional(),
      maxRequestBytes: ceiling(REQUEST_CEILING_MAX.maxRequestBytes).optional(),
      policy: z.enum(['warn', 'block'], { error: 'must be "warn" or "block"' }),
    })
    .strict()
    .refine((b) => b.maxRequestTokens !== undefined || b.maxRequestBytes !== undefined, { message: 'needs a ceiling: maxRequestTokens or maxRequestBytes' }),
);
export type RequestBudget = z.output<ReturnType<typeof requestBudgetSchema>>;

/**
 * The spend budget (issue 36): ceilings on a session's or run's running total
 * at list price (USD) and/or in reported tokens, checked on the wire before
 * each request is forwarded, with that request priced from Loupe's count.
 */
export const spendBudgetSchema = lazy(() =>
  z
    .object({
      maxUsd: z
        .number({ error: 'must be a number' })
        .positive('must be a positive number')
        .max(SPEND_CEILING_MAX.maxUsd, `must be at most ${formatInt(SPEND_CEILING_MAX.maxUsd)}`)
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must be in whole cents')
        .optional(),
      maxTokens: ceiling(SPEND_CEILING_MAX.maxTokens).optional(),
      policy: z.enum(['warn', 'block'], { error: 'must be "warn" or "block"' }),
    })
    .strict()
    .refine((b) => b.maxUsd !== undefined || b.maxTokens !== undefined, { message: 'needs a ceiling: maxUsd or maxTokens' }),
);
export type SpendBudget = z.output<ReturnType<typeof spendBudgetSchema>>;

/**
 * Stored settings from before budgets needed a ceiling (a policy alone, which checked
 * nothing): read back without that budget, so a saved preset or the settings in force still
 * load. New input with a policy alone is refused by the schemas above.
 */
export function withoutEmptyBudgets(settings: unknown): unknown {
  const loop = (settings as { loop?: Record<string, unknown> } | null)?.loop;
  if (!loop || typeof loop !== 'object') return settings;
  const empty = (b: unknown, keys: string[]) => !!b && typeof b === 'object' && !keys.some((k) => (b as Record<string, unknown>)[k] !== undefined);
  const next = { ...loop };
  if (empty(next.contextBudget, ['maxPromptBytes', 'maxApproximateTokens'])) delete next.contextBudget;
  if (empty(next.requestBudget, ['maxRequestTokens', 'maxRequestBytes'])) delete next.requestBudget;
  if (empty(next.spendBudget, ['maxUsd', 'maxTokens'])) delete next.spendBudget;
  return { ...(settings as object), loop: next };
}

const text = (max: number) => z.string({ error: 'must be a string' }).max(max, `is longer than ${max} characters`);

/** What a run is launched with; presets carry exactly this. */
export const runSettingsSchema = lazy(() =>
  z
    .object({
      agent: z.enum(AGENT_IDS, { error: `must be one of ${AGENT_IDS.join(', ')}` }),
      /** custom agents: the command line (split like a shell would, without running one). */
      command: text(RUN_LIMITS.maxCommandChars).optional(),
      /** A catalog id (provider/model) or the CLI's own model name; its fold budget sizes history. */
      model: text(256).optional(),
      /** Notes for the agent, sent as their own prompt section. */
      notes: text(RUN_LIMITS.maxNotesChars).optional(),
      /** Extra arguments for the agent CLI, appended as given (never through a shell). */
      agentArgs: z.array(text(1024)).max(RUN_LIMITS.maxAgentArgs).optional(),
      loop: z
        .object({
          contextBudget: contextBudgetSchema().optional(),
          /** Ceilings on each request on the wire (the relay answers a blocked one itself). */
          requestBudget: requestBudgetSchema().optional(),
          /** Ceilings on the session's or run's running total at list price or in tokens (checked before each request). */
          spendBudget: spendBudgetSchema().optional(),
          /** Recognised secrets in a request's content: recorded (warn, the default) or replaced before forwarding (redact). */
          wireSecrets: z.enum(WIRE_SECRETS_MODES, { error: 'must be "warn" or "redact"' }).optional(),
          /** End the agent when it makes no progress for this long; null turns it off. */
          idleTimeoutSeconds: z
            .number({ error: 'must be a number' })
            .int('must be a whole number of seconds')
            .min(IDLE_TIMEOUT_SECONDS.min, `must be at least ${IDLE_TIMEOUT_SECONDS.min}`)
            .max(IDLE_TIMEOUT_SECONDS.max, `must be at most ${IDLE_TIMEOUT_SECONDS.max}`)
            .nullable()
            .optional(),
        })
        .strict()
        .default({}),
      /** Keep the staged context folder after the run (it is removed otherwise). */
      keepStaged: z.boolean().optional(),
      /** Offer Loupe's X-Ray tools to the agent (MCP) where the CLI supports it. */
      xrayTools: z.boolean().optional(),
      /** Record every request on the wire (Loupe's loopback relay): on unless false for claude, codex, gemini; custom commands opt in with true. */
      wire: z.boolean().optional(),
    })
    .strict()
    .superRefine((s, ctx) => {
      if (s.agent === 'custom' && !s.command?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['command'], message: 'is required for a custom agent' });
      }
    }),
);
export type RunSettings = z.output<ReturnType<typeof runSettingsSchema>>;
export type RunSettingsInput = z.input<ReturnType<typeof runSettingsSchema>>;

/** Where a run's settings came from when a preset supplied them. */
export interface PresetRef {
  name: string;
  revision: number;
}
const presetRef = lazy(() =>
  z.object({ name: text(200).min(1), revision: z.number().int().positive() }).strict(),
);

// ---- Requests -------------------------------------------------------------

const id = lazy(() =>
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a valid id'),
);

const runAttachment = lazy(() =>
  z
    .object({
      name: text(1024).min(1, 'must not be empty'),
      size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      /** The file's real path where the host knows it (Electron); staged after checks. */
      path: pathString().optional(),
    })
    .strict(),
);

/** What a run sends: the ask, the context chosen in the Inspector, and the settings. */
export const runInputSchema = lazy(() =>
  z
    .object({
      repo: pathString(),
      ask: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(RUN_LIMITS.maxAskChars),
      baseRef: refString().optional(),
      paths: z.array(pathString()).max(INSPECT_LIMITS.maxSelections, `at most ${INSPECT_LIMITS.maxSelections} selections`).default([]),
      attachments: z.array(runAttachment()).max(MAX_ATTACHMENTS).default([]),
      memory: z.array(text(RUN_LIMITS.maxMemoryChars)).max(RUN_LIMITS.maxMemoryItems).default([]),
      settings: runSettingsSchema(),
      /** A JSON Schema for structured output, as JSON text. */
      schema: text(RUN_LIMITS.maxSchemaBytes)
        .refine((s) => {
          try {
            const v: unknown = JSON.parse(s);
            return typeof v === 'object' && v !== null && !Array.isArray(v);
          } catch {
            return false;
          }
        }, 'must be a JSON object (a JSON Schema)')
        .optional(),
      presetRef: presetRef().optional(),
      /** Go ahead when something named (a path, an attachment) stages nothing; otherwise that is an error before launch. */
      allowUnstaged: z.boolean().optional(),
    })
    .strict(),
);
export type RunInput = z.output<ReturnType<typeof runInputSchema>>;

const startRequest = lazy(() =>
  runInputSchema().extend({
    /** Continue this thread (the CLI's session is resumed where it can be). */
    threadId: id().optional(),
    /** Continue the thread as a fresh session whose history Loupe assembles. */
    fresh: z.boolean().optional(),
  }),
);

// ---- Responses ------------------------------------------------------------

export type RunStatus = 'running' | 'blocked' | 'succeeded' | 'failed' | 'cancelled' | 'interrupted';
export type StepOutcome = 'launched' | 'blocked' | 'failed' | 'cancelled';
export type StepKind = 'fresh' | 'resume' | 'fallback' | 'retry';

export interface ExceededCeiling {
  ceiling: 'maxPromptBytes' | 'maxApproximateTokens';
  limit: number;
  actual: number;
  /** actual - limit */
  over: number;
}

export interface PromptSection {
  name: 'loupe-notes' | 'runtime' | 'notes' | 'memory' | 'references' | 'history' | 'schema' | 'ask';
  bytes: number;
  sha256: string;
  /** The section's first characters (at most 200, secrets redacted) for X-Ray; never for history or the ask. */
  preview?: string;
}

/** Something a run did not stage: an omission reason of the Inspector, or an attachment problem, with a sentence. */
export interface Exclusion {
  path: string;
  reason: OmissionReason | 'attachment-unavailable' | 'attachment-unreadable';
  detail: string;
}

/** A fresh-session step's history: rows folded, and which transcript segments it left out or sent as summaries (X-Ray). */
export interface StepHistory {
  rows: number;
  kept: number;
  foldBudget: number;
  window: number;
  /**
   * The count the fold checked its budget in (absent in steps recorded before
   * Loupe 0.1 counted folds this way: those used the estimate): exact with the
   * model's encoding, or the estimate scaled by a factor (with where it came
   * from and how many runs stand behind it).
   */
  count?: FoldCountInfo;
  /** The kept history and the ask in that count (the overhead a scaled count leaves room for not included). */
  countedTokens?: number;
  /** Segment ids (never content): left out by an eviction or the fold, and sent as the user's summary. */
  segments?: { omitted: string[]; summarized: string[] };
}

/** One step (attempt) of a run, as recorded: sizes, hashes and flags, never the prompt itself. */
export interface StepEvidence {
  id: string;
  runId: string;
  threadId: string;
  ordinal: number;
  kind: StepKind;
  resumed: boolean;
  adapter: AgentId;
  agentVersion: string | null;
  model: string | null;
  promptBytes: number;
  schemaBytes: number;
  totalBytes: number;
  /** ceil(totalBytes / 4): approximate. */
  approxTokens: number;
  /** sha256 of exactly the bytes written to the agent's stdin. */
  sha256: string;
  sections: PromptSection[];
  exclusions: Exclusion[];
  budget: ContextBudget | null;
  exceeded: ExceededCeiling[];
  outcome: StepOutcome;
  /** Set when the step ended; null while it runs or when blocked. */
  exitCode: number | null;
  signal: string | null;
  startedAt: string;
  endedAt: string | null;
  /** What the provider reported afterwards, where the CLI prints it. */
  reported: ReportedUsage | null;
  /**
   * The exact count of the prompt written to stdin, for a model whose tokenizer
   * is public (counted in the token workers after launch, recorded when the
   * step ended); null for other models, blocked steps, or where no count could run.
   */
  exactTokens: ExactCount | null;
  /** The preset revision behind any of the step's settings (each value's own source is in `sources`). */
  presetRef: PresetRef | null;
  /** Where each setting's value came from at launch; null in evidence recorded before Loupe kept it. */
  sources: Record<SettingField, SettingSource> | null;
  /** History rows folded into a fresh prompt, and the model budget they were folded to. */
  history: StepHistory | null;
  /** Why the step failed or was cancelled, in the CLI's or Loupe's words. */
  message: string | null;
  /**
   * The request budget the step's relay enforced on each request (null: none
   * set; absent in evidence recorded before Loupe kept it). Separate from
   * `budget`, the context budget checked before launch.
   */
  requestBudget?: RequestBudget | null;
  /** The request the relay blocked when the step ended on the wire (null: none; absent in older evidence). */
  wireBlock?: StepWireBlock | null;
}

/**
 * A request the relay answered itself because it went over a `block` request
 * ceiling: the agent was launched and this request never reached the
 * provider. Figures from the wire's budget facts of that request.
 */
export interface StepWireBlock {
  sessionId: string;
  /** The request's number within the wire session (1, 2, 3…). */
  seq: number;
  /** Bytes of the request as it would have been forwarded (after evictions). */
  bytes: number;
  /** Loupe's count of it (exact or calibrated estimate); null when only a byte ceiling was set. */
  tokens: TokenCount | null;
  /** The request ceilings it went over. */
  exceeded: RequestExceeded[];
}

export interface RunSummary {
  id: string;
  threadId: string;
  repo: string;
  agent: AgentId;
  model: string | null;
  askPreview: string;
  status: RunStatus;
  createdAt: string;
  endedAt: string | null;
  stepCount: number;
  /** The staged context folder while it exists. */
  stagedDir: string | null;
}

/** A live run's stream (`run:<id>`) carries these, in order. */
export type RunStreamEvent =
  | { type: 'status'; status: RunStatus }
  | { type: 'step'; step: StepEvidence }
  | { type: 'agent'; stepId: string; event: AgentEvent }
  /** Enforcement on the wire: a request over the request budget, or a recognised secret in one (live). */
  | { type: 'wire'; stepId: string; warning: WireWarning }
  | { type: 'end'; run: RunSummary };

export interface RunEventRecord {
  seq: number;
  event: RunStreamEvent;
}

export interface RunDetail {
  run: RunSummary;
  /** The settings the run's latest step used (a retry may replace them); retries and follow-ups start from these. */
  settings: RunSettings;
  steps: StepEvidence[];
  /** The run's recorded stream (bounded), oldest first; follow `run:<id>` after `lastSeq`. */
  events: RunEventRecord[];
  lastSeq: number;
  /** What the wire recorded of the run's requests, per step, and what it could not record. */
  wire: WireRunSummary;
}

export interface ThreadSummary {
  id: string;
  repo: string;
  agent: AgentId;
  model: string | null;
  title: string;
  createdAt: string;
  updatedAt: string;
  runCount: number;
  /** The CLI's own session, resumed by follow-up turns (null: fresh sessions only). */
  cliSessionId: string | null;
}

export interface AgentInfo {
  id: AgentId;
  label: string;
  installed: boolean;
  version: string | null;
  path: string | null;
  /** Why it can't be used, in plain words (not installed, not logged in…). */
  problem: string | null;
  resumable: boolean;
  /** It can take Loupe's X-Ray tools as an MCP server (settings.xrayTools). */
  takesMcp: boolean;
}

/** The Inspector's view of a would-be run: the prompt against the ceilings, references against the fold budget. */
export interface RunPreview {
  promptBytes: number;
  schemaBytes: number;
  totalBytes: number;
  approxTokens: number;
  sections: PromptSection[];
  exclusions: Exclusion[];
  exceeded: ExceededCeiling[];
  verdict: 'ok' | 'warn' | 'block';
  /** Bytes of the reference files the agent is pointed at (it reads them itself, later). */
  referenceBytes: number;
  referenceTokens: number;
  model: { id: string; window: number; budget: number; source: string; known: boolean } | null;
  /** UTF-8 bytes per kind of text in the prompt (prose, code, CJK, JSON): the mix the estimate's expected error is for. */
  textMix: TextMix;
  /** The prompt's exact count for a model whose tokenizer is public (null otherwise, or where no count can run). */
  exactTokens: ExactCount | null;
  /** The history a fresh session would carry, as folded (null when none is folded: no thread, or a resumed session). */
  history: StepHistory | null;
  /**
   * Selections that would stage nothing, each "name (why)": Run refuses them
   * unless `allowUnstaged` (the run goes without them). Absent from older hosts.
   */
  unstaged?: string[];
}

export interface EvidenceExport {
  filename: string;
  mime: string;
  content: string;
}

const scope = lazy(() =>
  z.union([
    z.object({ runId: id() }).strict(),
    z.object({ threadId: id() }).strict(),
    z.object({ repo: pathString() }).strict(),
  ]),
);

export const runMethods = {
  /** Agents Loupe can launch here: installed or not, version, and why not. */
  'runs.agents': method<AgentInfo[]>()(() => z.object({ refresh: z.boolean().optional() }).strict()),
  /** Measures the prompt a run would send now, without launching anything. */
  'runs.preview': method<RunPreview>()(startRequest),
  /** Prepares, measures and (unless blocked) launches a run; follow `run:<id>` for its events. */
  'runs.start': method<RunDetail>()(startRequest),
  /** A new step of a run, measured again (optionally with new settings); the same ceiling blocks again. */
  'runs.retry': method<RunDetail>()(() => z.object({ runId: id(), settings: runSettingsSchema().optional() }).strict()),
  /** Ends a run's agent and its process tree. */
  'runs.cancel': method<{ cancelled: boolean }>()(() => z.object({ runId: id() }).strict()),
  'runs.get': method<RunDetail>()(() => z.object({ runId: id() }).strict()),
  'runs.list': method<RunSummary[]>()(() =>
    z.object({ repo: pathString().optional(), threadId: id().optional(), limit: z.number().int().min(1).max(500).default(100) }).strict(),
  ),
  'threads.list': method<ThreadSummary[]>()(() => z.object({ repo: pathString() }).strict()),
  /** Evidence of a run, a thread or a repository, as JSON or CSV. */
  'evidence.export': method<EvidenceExport>()(() => z.object({ scope: scope(), format: z.enum(['json', 'csv']) }).strict()),
};

export type { AgentEvent, AgentId, ReportedUsage };
