import type { AgentId, PresetRef, ReportedUsage, RunPreview, StepKind } from './runs';
import type { TranscriptKind } from './transcript';
import type { WirePinUnavailableReason } from './wire';
import type { TextMix } from '../tokens/estimate-error';
import type { FoldCountInfo } from '../tokens/fold-count';
import type { ApplyReason, EvictionTiming } from '../cost/eviction-timing';
import type { EvictionPrice } from '../cost/eviction-price';

/** The longest preview X-Ray shows of a segment, a system section or an instruction file (secrets redacted first). */
export const PREVIEW_CHARS = 200;

/**
 * Instruction files each agent CLI loads by itself from the repository's root
 * (X-Ray shows them as organization-tier, read-only). The demo agent and
 * custom commands load none that Loupe knows of.
 */
export const INSTRUCTION_FILES: Readonly<Record<AgentId, readonly string[]>> = {
  claude: ['CLAUDE.md', '.claude/CLAUDE.md'],
  codex: ['AGENTS.md'],
  gemini: ['GEMINI.md'],
  custom: [],
  demo: [],
};

/** How good a token number is: Loupe's bytes/4 estimate, an exact count with a named encoding, or the provider's own report. */
export type CountKind = 'estimate' | 'exact' | 'reported';

export interface TokenCount {
  tokens: number;
  kind: CountKind;
  /** For exact counts: the tokenizer's encoding (o200k_base, cl100k_base). */
  encoding?: string;
}

export type SegmentStatus = 'active' | 'pinned' | 'evicted' | 'summarized' | 'protected';

/** Kinds of conversation segment: the transcript's kinds, files read, and lines a transcript had that Loupe does not know. */
export type SegmentKind = TranscriptKind | 'file-read' | 'unknown';

/** One piece of the conversation the model receives (or received). */
export interface Segment {
  /** Content-derived: the same content keeps its id across turns and restarts. */
  id: string;
  kind: SegmentKind;
  /** Where it came from: a turn of this thread (run id), or a line of an imported transcript. */
  source: string;
  tokens: TokenCount;
  bytes: number;
  status: SegmentStatus;
  /** At most 200 characters, secrets redacted. */
  preview: string;
  /** For tool segments: the tool's name; for file reads: the path. */
  label?: string;
  /** Not in the model's context any more (before a compaction boundary, or a subagent's own work). */
  outOfContext?: boolean;
  /** Why it is out of context, when it is (see OutOfContextReason). */
  outOfContextReason?: OutOfContextReason;
  /** The user's summary, when summarized. */
  summary?: string;
  /** Tokens the segment takes in the next prompt when summarized: the summary's size. */
  summaryTokens?: TokenCount;
  /** Position in the thread's transcript (oldest first), for "in order" views. */
  seq?: number;
  /**
   * The CLI sent it in its latest request on the wire: a directive on it is
   * enforced there, on the CLI's next request (Loupe's relay withholds it),
   * even when the rest of the manifest is advisory. `withheld`: the latest
   * request went without it.
   */
  wire?: { seq: number; withheld: boolean };
  /** Who set the segment's directive, when it has one. */
  directiveAuthor?: 'user' | 'agent';
  /**
   * On the wire (issue 37): what withholding it costs, from the session's own cache usage (absent where it
   * cannot be withheld: the turn in progress, thinking); and for an eviction or summary, whether it is
   * applied (withheld since a request) or pending (still sent until a cheap moment).
   */
  eviction?: SegmentEviction;
}

/** A wire segment's eviction price and, when directed, its state. */
export interface SegmentEviction {
  price: EvictionPrice | null;
  /**
   * null: no eviction or summary on it; `applied`: withheld since a request; `next`: the CLI's next request
   * withholds it (asked now, or cheap now); `pending`: still sent, until a cheap moment.
   */
  state: 'pending' | 'next' | 'applied' | null;
  timing?: EvictionTiming;
  applied?: DirectiveApplied;
  /** Why a pending one waits, in words. */
  note?: string;
}

/**
 * Why a segment is not in the model's context:
 * - `fold`: the fold budget's trim left it out of the next prompt (oldest first out);
 * - `not-replayed`: thinking, which Loupe never sends back to a model;
 * - `not-in-session`: the CLI's resumed session began without it (evicted or folded out then);
 * - `compaction`: before a compaction boundary of an imported transcript;
 * - `subagent`: a subagent's own work, whose result reaches the thread through its tool call;
 * - `dropped`: removed by the CLI without a compaction (a rewind, a failed turn taken back).
 */
export type OutOfContextReason = 'fold' | 'not-replayed' | 'not-in-session' | 'compaction' | 'subagent' | 'dropped';

export type GovernanceTier = 'required' | 'inherited' | 'user';
export type Provenance = 'framework-core' | 'runtime-context' | 'template' | 'organization' | 'personal' | 'memory' | 'tools';

/** Something the model receives besides the conversation. Display-only: never pinned, evicted or summarized. */
export interface SystemSection {
  id: string;
  title: string;
  provenance: Provenance;
  tier: GovernanceTier;
  /** sha256 of the section's bytes, when known. */
  sha256: string | null;
  tokens: TokenCount | null;
  bytes: number | null;
  /** At most 200 characters, secrets redacted. */
  preview: string;
  /** Who puts it there: Loupe's prompt, or the CLI itself (CLAUDE.md, tool definitions). */
  loadedBy: 'loupe' | 'cli';
  /** The preset revision behind template sections. */
  preset?: PresetRef;
  /** A plain sentence where the numbers need one ("names only: the CLI does not say their size"). */
  note?: string;
}

export type Freshness = 'current' | 'stale' | 'unavailable';

/** Where a manifest comes from: a Loupe thread, an imported CLI session, or the would-be context of a new thread (xray.preview). */
export type ManifestSource = 'thread' | 'session' | 'preview' | 'wire';

/** The latest snapshot of a thread's (or an imported session's) model-bound context. */
export interface Manifest {
  source: ManifestSource;
  threadId: string | null;
  /** For an imported session: the transcript file. */
  sessionFile: string | null;
  agent: AgentId | 'claude-code-session' | 'codex-session' | 'gemini-session' | 'external';
  model: { id: string | null; window: number; reserve: number; source: string };
  freshness: Freshness;
  /**
   * True only when Loupe assembles the next prompt (a fresh-session turn):
   * directives are applied. False when the CLI resumes its own session, for
   * imported sessions and external reports: directives are intent, not enforced.
   */
  enforceable: boolean;
  segments: Segment[];
  system: SystemSection[];
  totals: {
    /** Sections of known size (tools the CLI announced by name only are not in it). */
    system: TokenCount;
    /**
     * What the next turn carries: the history Loupe assembles (enforceable), or
     * what the CLI's resumed session holds, directives not applied (advisory).
     */
    conversation: TokenCount;
    /** What evictions and summaries take off a fresh-session prompt (approximate when counts are estimates). */
    reclaimable: TokenCount;
  };
  /** The provider's own count of the context at the latest point it reported one, beside Loupe's estimate of the same point. */
  reported: { usage: ReportedUsage; contextTokens: number; estimateAtSamePoint: number } | null;
  /**
   * What of the system context the source cannot show, in words (an imported
   * transcript does not keep the CLI's system prompt and tool definitions):
   * its size is unknown, and is said so, never "≈ 0".
   */
  systemUnknown?: string;
  /** Imported transcripts: lines read, skipped as malformed, of unknown types. */
  lines?: { read: number; malformed: number; unknown: number; partialTail: boolean };
  builtAt: string;
  /**
   * What a fresh session would receive now: the history Loupe assembles with
   * the directives applied, folded to the model's budget. Equals
   * `totals.conversation` when enforceable; when the CLI resumes its own
   * session, `totals.conversation` is what that session holds instead.
   */
  fresh?: TokenCount;
  /** The thread's latest launched step, as measured right before its launch (evidence). */
  lastStep?: ManifestStep | null;
  /** The run in progress on this thread, whose user, tool and thinking segments are protected. */
  activeRunId?: string | null;
  /** Advisory inventories external hosts posted (xray.report), newest first. */
  reports?: ExternalReport[];
  /** How conversation counts were made: exact with the model's public tokenizer, or estimates, and why. */
  tokenizer?: { kind: 'exact' | 'estimate'; encoding?: string; note: string };
  /**
   * UTF-8 bytes per kind of text (prose, code, CJK, JSON) in the system
   * sections and in the conversation the next turn carries: the estimator's
   * expected error beside an estimated total is the measured one for this mix.
   */
  textMix?: { system: TextMix; conversation: TextMix };
  /**
   * How a fresh session's history is folded: the count the budget is checked
   * in (exact with its encoding, or the estimate × a factor with where it came
   * from and how many runs stand behind it) and the kept history in that count.
   */
  fold?: { count: FoldCountInfo; budget: number; countedTokens: number } | null;
  /** What the relay withheld from the CLI's recent requests on the wire (newest first), where the thread or session has a wire. */
  wire?: WireWithheldView | null;
}

/** A Loupe thread's manifest. */
export interface ThreadManifest extends Manifest {
  source: 'thread';
  threadId: string;
  sessionFile: null;
  /**
   * In the answer to the user's directive only: the prompt a fresh-session
   * turn would send now, measured as xray.measure measures it (null when it
   * cannot be, e.g. the repository is gone), so one click is one round trip.
   */
  measured?: RunPreview | null;
}

/** A wire session's manifest: the request its CLI last sent the provider (advisory). */
export interface WireManifest extends Manifest {
  source: 'wire';
  threadId: null;
  sessionFile: null;
  wireSession: string;
}

/** A step's measured prompt, for "the last prompt sent" beside the meter. */
export interface ManifestStep {
  runId: string;
  kind: StepKind;
  resumed: boolean;
  promptBytes: number;
  /** ceil(totalBytes / 4). */
  approxTokens: number;
  /** History rows the step carried (fresh sessions), and how many the fold kept. */
  history: { rows: number; kept: number } | null;
  startedAt: string;
}

/** What an external host reported (xray.report): shown as advisory, never enforced. */
export interface ExternalReport {
  host: string;
  segments: number;
  tokens: TokenCount;
  reportedAt: string;
  /** Its largest segments (at most 20), previews redacted and cut to 200 characters. */
  largest: { id: string; kind: string; tokens: number; preview: string }[];
}

/**
 * The payload of `thread:<id>`: the thread's manifest changed (a turn began
 * or ended, a directive was set or undone, a host reported), with its totals;
 * fetch xray.manifest for the segments (a manifest can hold thousands).
 */
export interface ThreadStreamEvent {
  type: 'manifest';
  reason: 'turn' | 'directive' | 'report';
  builtAt: string;
  freshness: Freshness;
  enforceable: boolean;
  totals: Manifest['totals'];
  segments: number;
}

export type DirectiveKind = 'pin' | 'evict' | 'summarize';

export interface Directive {
  segmentId: string;
  kind: DirectiveKind;
  summary?: string;
  author: 'user' | 'agent';
  createdAt: string;
  /**
   * On the wire (issue 37): 'now' applies an eviction or summary on the CLI's next request; 'cheap'
   * (the default) when it costs little (shared/cost/eviction-timing.ts). Absent: 'now'.
   */
  timing?: EvictionTiming;
  /** The request that first withheld the segment on the wire; from then on every request withholds it. Absent: pending. */
  applied?: DirectiveApplied;
}

/** Where and why a wire eviction was first applied. */
export interface DirectiveApplied {
  at: string;
  sessionId: string;
  seq: number;
  reason: ApplyReason;
}


/** One request on the wire, as enforcement left it. */
export interface WireRequestWithheld {
  sessionId: string;
  seq: number;
  at: string;
  /** Segments withheld (evicted or summarized) and their bytes as the CLI sent them. */
  withheldSegments: number;
  withheldBytes: number;
  /** The body's bytes as the CLI sent it, and as forwarded. */
  bodyBytes: number;
  forwardedBytes: number;
  /** Directed segments sent as they were (the active turn, signed thinking). */
  skipped: number;
  /** Pinned segments the CLI itself dropped before this request (its own compaction). */
  droppedPinned: string[];
  /** Evicted or summarized segments this request still carried: their eviction waits for a cheap moment (issue 37). */
  pending?: string[];
  /** Segments first withheld on this request, and why then (every later request withholds them too). */
  applied?: { id: string; reason: ApplyReason }[];
  /** Pinned segments Loupe re-sent in this request after the CLI's compaction dropped them (found in the bytes sent). */
  reinsertedPinned: { id: string; bytes: number }[];
  /** Dropped pinned segments Loupe could not re-send: their content is no longer in its memory (a restart), or no place for them. */
  unavailablePinned: { id: string; reason: WirePinUnavailableReason }[];
  /** Dropped pinned segments not re-sent because the request carried their text already (claude re-attaches files it read). */
  carriedPinned: string[];
}

/** Enforcement on the wire, for X-Ray: the latest main request's place and the recent requests' facts. */
export interface WireWithheldView {
  sessionId: string;
  seq: number;
  requests: WireRequestWithheld[];
}
