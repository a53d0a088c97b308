/**
 * What the wire records of each request a CLI sent its provider through
 * Loupe's relay: sizes, hashes, counts and redacted previews of at most 200
 * characters; never a body, a header or a credential. Zod-free (the renderer
 * imports it).
 */
import type { CostTotals } from '../cost/price';
import type { BreakEven } from '../cost/eviction-price';
import type { ApplyReason } from '../cost/eviction-timing';
import type { TokenCount } from './xray';

export type WireProvider = 'anthropic' | 'openai' | 'gemini';

/** The request format a body was parsed as. */
export type WireApi = 'anthropic-messages' | 'openai-responses' | 'gemini-generate';

/** A system block (Anthropic `system`, OpenAI `instructions` / developer messages, Gemini `systemInstruction`). */
export interface WireSystemBlock {
  title: string;
  /** Where it comes from: the CLI's own prompt, a memory file it inlined (CLAUDE.md, AGENTS.md), runtime context. */
  provenance: 'cli' | 'memory' | 'runtime-context';
  bytes: number;
  /** sha256 of the block's text, hex. */
  sha256: string;
  /** At most 200 characters, secrets redacted. */
  preview: string;
  tokens: TokenCount;
}

/** A tool definition the request offered the model. */
export interface WireToolDef {
  name: string;
  /** `built-in` (the CLI's own tool) or `mcp:<server>`. */
  origin: string;
  /** Bytes of the definition as JSON (name, description, schema). */
  bytes: number;
  sha256: string;
  tokens: TokenCount;
  /** Sent with `defer_loading: true` (Anthropic's tool search, as Claude Code sends a tool ToolSearch loaded): in the model's context only where a tool_reference loads it. */
  deferred?: true;
}

export type WireSegmentKind = 'user' | 'assistant' | 'thinking' | 'tool' | 'summary' | 'unknown';

/** One conversation part, with the same content-derived id a transcript import gives the same content. */
export interface WireSegment {
  id: string;
  kind: WireSegmentKind;
  bytes: number;
  tokens: TokenCount;
  /** At most 200 characters, secrets redacted (a credential file's read is never previewed). */
  preview: string;
  /** For tool segments: the tool's name. */
  toolName?: string;
  /** For file reads: the path read. */
  filePath?: string;
  /** e.g. `image`, `injected` (a reminder the CLI added to a user message). */
  label?: string;
  isError?: boolean;
  /** Loupe withheld it from this request (an eviction or a summary in X-Ray). */
  withheld?: 'evicted' | 'summarized';
  /** Images it carries, each counted by its provider's formula (their tokens are in `tokens`), or unknown. */
  images?: WireImageCount[];
}

/**
 * One image in a request, counted from its own header by the provider's
 * billing formula (image-tokens.ts); `tokens: null` is "unknown": its size
 * could not be read (a URL or file id, a format Loupe does not read), and
 * `why` says so.
 */
export interface WireImageCount {
  mediaType: string | null;
  width: number | null;
  height: number | null;
  tokens: number | null;
  /** "Anthropic’s formula", "OpenAI’s tile formula", "Gemini’s per-tile figure". */
  formula: string;
  why?: string;
}

/** A request's images: how many, the tokens of those measured, how many are unknown. */
export interface WireImageTotals {
  images: number;
  tokens: number;
  unknown: number;
  formula: string;
}

/** What the provider reported for the request (null where it reported nothing). */
export interface WireUsage {
  /** All input tokens of the request, cache reads and writes included. */
  input: number | null;
  cacheRead: number | null;
  cacheWrite: number | null;
  output: number | null;
}

/** Bytes and Loupe's count per part of the request. */
export interface WireSplit {
  systemBytes: number;
  toolBytes: number;
  messageBytes: number;
  /** The rest of the body: model, settings, JSON punctuation. */
  otherBytes: number;
  system: TokenCount;
  tools: TokenCount;
  messages: TokenCount;
}

/** What changed since the session's previous request (by content-derived id). */
export interface WireDiff {
  previousSeq: number;
  added: number;
  dropped: number;
  addedBytes: number;
  droppedBytes: number;
  /** Ids dropped (at most 50 listed): a CLI's own compaction shows as a large drop. */
  droppedIds: string[];
}

/** A request ceiling a request went over. */
export interface RequestExceeded {
  ceiling: 'maxRequestTokens' | 'maxRequestBytes';
  limit: number;
  actual: number;
  /** actual - limit */
  over: number;
  /** Images it could not measure (a token ceiling): over whatever `actual` says. */
  unknownImages?: number;
}

/** What the request budget measured on the bytes forwarded (after evictions), and what it decided. */
export interface WireBudgetFacts {
  policy: 'warn' | 'block';
  bytes: number;
  /** The best count for the model (exact or calibrated estimate); null when only a byte ceiling is set. */
  tokens: TokenCount | null;
  /** Images in the request whose tokens could not be measured: a token ceiling counts them as over, never as zero. */
  unmeasuredImages?: number;
  exceeded: RequestExceeded[];
  verdict: 'within' | 'warn' | 'block';
}

/** What the spend budget found before forwarding a request (issue 36): the running total, this request's price, the ceilings. */
export interface WireSpendFacts {
  policy: 'warn' | 'block';
  scope: 'session' | 'run';
  /** The scope's total before this request: list price of its priced requests, and their reported tokens. */
  spentUsd: number;
  spentTokens: number;
  /** This request before it is sent: Loupe's count, the cache read the previous request tells of, its list price (null: price unknown). */
  requestTokens: number;
  expectedCacheRead: number;
  requestUsd: number | null;
  /** Requests of the scope whose model has no price (their dollars are not in spentUsd). */
  unpriced: number;
  exceeded: { ceiling: 'maxUsd' | 'maxTokens'; limit: number; would: number }[];
  verdict: 'within' | 'warn' | 'block';
}

/** A recognised secret in a request's new content: what it is and where, never its value. */
export interface WireSecretFinding {
  /** The rule's name for it ("GITHUB_TOKEN", "PrivateKey"). */
  kind: string;
  /** Where in the request: "a tool result", "user text", "a tool call". */
  where: string;
  /** sha256 of the text part that held it (hex), so the same content is recognised again. */
  sha256: string;
  message: string;
}

export interface WireSecretFacts {
  mode: 'warn' | 'redact';
  /** Secrets first seen in this request (at most 50 listed). */
  found: WireSecretFinding[];
  /** Spans replaced before forwarding in this request (redact), repeats of earlier content included. */
  redacted: number;
  /** Why the scan failed (redact mode then refuses the request). */
  error?: string;
}

/** Why a segment with an evict or summarize directive was sent as it was. */
export type WireSkipReason = 'active-turn' | 'thinking' | 'no-place';

/**
 * What the eviction stage did to one request (issue 21): the segments it
 * withheld (evicted: a placeholder; summarized: the user's summary), their
 * bytes, the body's bytes before and after, the directed segments it left as
 * sent and why, and pinned segments the CLI itself dropped since its previous
 * request (its own compaction).
 */
export interface WireEvictionFacts {
  withheld: { id: string; kind: WireSegmentKind; bytes: number; as: 'evicted' | 'summarized' }[];
  /** The withheld segments' bytes (their text as the CLI sent it). */
  withheldBytes: number;
  /** The body's bytes as the CLI sent it, and as forwarded. */
  bodyBytes: number;
  forwardedBytes: number;
  skipped: { id: string; reason: WireSkipReason }[];
  droppedPinned: string[];
  /**
   * Directed segments sent as the CLI sent them because their eviction waits for a cheap moment
   * (issue 37): the provider received them in full; their break-even as priced then.
   */
  pending?: { id: string; as: 'evicted' | 'summarized'; breakEven: BreakEven | null }[];
  /** The withheld segments first withheld on this request, and why then (every later request withholds them too). */
  applied?: { id: string; reason: ApplyReason }[];
}

/** Why a pinned segment the CLI's compaction dropped was not put back into a request. */
export type WirePinUnavailableReason = 'not-in-memory' | 'no-place';

/**
 * Pinned segments the CLI's own compaction dropped, put back by Loupe (issue 37): each one
 * re-sent in this request as a labelled block of plain text, from the content the relay saw in an
 * earlier request (kept in memory only); the ones it could not put back and why; the ones it left
 * out because the request already carried them (the CLI sent the segment, its text, or the block again).
 */
export interface WirePinFacts {
  reinserted: { id: string; kind: WireSegmentKind; bytes: number }[];
  unavailable: { id: string; reason: WirePinUnavailableReason }[];
  /** in-request: the CLI sent the segment again; block-in-request: the body already had Loupe's block; content-in-request: its text (claude re-attaches files it read). */
  skipped: { id: string; reason: 'in-request' | 'block-in-request' | 'content-in-request' }[];
}

/**
 * What enforcement learnt about a request, one key per stage (evictions,
 * secrets, budget); stored with the record. A stage that found nothing to say
 * leaves its key out.
 */
export interface WireEnforcement {
  evictions?: WireEvictionFacts;
  /** Pinned segments put back after the CLI's compaction (absent: none was dropped). */
  pins?: WirePinFacts;
  secrets?: WireSecretFacts;
  budget?: WireBudgetFacts;
  spend?: WireSpendFacts;
  /** The outgoing-body check (absent: the request was answered before it, e.g. by a block ceiling). */
  check?: WireCheckFacts;
}

/**
 * The outgoing-body check (issue 31): after the stages, before the relay
 * forwards, the exact outgoing bytes are checked against every directive and
 * redaction that applies. What Loupe says was withheld, summarized or
 * redacted is this, not the directives' intent. A failed check is not
 * forwarded (fail closed): the CLI gets the provider's error shape, the
 * request is recorded blocked with the failures.
 */
export interface WireCheckFacts {
  ok: boolean;
  /** Directed segments found absent from the outgoing body (summarized: its summary found in their place). */
  withheld: { id: string; as: 'evicted' | 'summarized' }[];
  /** redact mode: whether the outgoing conversation was re-scanned and holds no recognised secret; null in warn mode. */
  secretsAbsent: boolean | null;
  /** What failed, in words (empty when ok). */
  failures: string[];
  /** Pinned segments whose labelled block was found, once, in the outgoing body (absent: none was put back). */
  reinserted?: string[];
}

/** A provisional record's reason (WireRequestRecord.incomplete): true while its analysis runs, and after a relay that stopped first. */
export const WIRE_PROVISIONAL_REASON = 'not analysed yet: recorded at its answer, analysed after it (a relay that stopped first leaves it so)';

/**
 * The reason of an analysed record written before its answer ended (nothing was in force): its
 * answer's facts replace it at the answer's end; a relay that stopped first leaves it so.
 */
export const WIRE_ANSWER_PENDING_REASON = 'no answer recorded: its answer had not ended when this was recorded (a relay that stopped first leaves it so)';

export interface WireRequestRecord {
  sessionId: string;
  /** 1, 2, 3… within the session. */
  seq: number;
  runId: string | null;
  stepId: string | null;
  at: string;
  provider: WireProvider;
  method: string;
  /** The path under the provider's base, without the query. */
  endpoint: string;
  /** null when the body is not a model request Loupe parses (a HEAD probe, a token count call). */
  api: WireApi | null;
  model: string | null;
  stream: boolean;
  status: number | null;
  /** Who answered: the provider, Loupe's relay (unreachable upstream), or nobody (the CLI hung up). */
  answeredBy: 'upstream' | 'relay' | 'aborted';
  /** Loupe's reason when the relay answered or the exchange broke. */
  reason: string | null;
  durationMs: number;
  requestBytes: number;
  /** The body's bytes as they left the relay in the CLI's content coding (zstd, gzip…), when it used one; requestBytes is the decoded body's. */
  wireBytes?: number;
  responseBytes: number;
  split: WireSplit | null;
  /** Loupe's count of the whole request (exact for a public tokenizer, else the calibrated estimate). */
  count: TokenCount | null;
  /** Where a calibrated estimate's factor came from, in words. */
  countBasis: string | null;
  usage: WireUsage | null;
  system: WireSystemBlock[];
  tools: WireToolDef[];
  /** Tools the CLI listed by name only, their definitions not sent (Claude Code's ToolSearch reminder); absent when none. */
  deferredTools?: string[];
  /**
   * The request asked for its prompt cache to live an hour (Anthropic `cache_control` with
   * `ttl: "1h"`: Claude Code does for subscribers); absent: the provider's default lifetime.
   */
  cacheTtl?: '1h';
  segments: WireSegment[];
  images: number;
  /** The images' tokens by the provider's formula (in `count` and `split.messages`), and how many are unknown; absent on older records. */
  imageTokens?: WireImageTotals | null;
  diff: WireDiff | null;
  /** What the enforcement stages did to or learnt of this request (null or absent when they said nothing). */
  enforcement?: WireEnforcement | null;
  /**
   * A provisional record: written when the answer ended before the request's analysis was
   * ready (nothing was in force, so nothing needed it before forwarding). Its size, status,
   * usage and timing are the request's; its parts are not there yet. The full record replaces
   * it moments later; a relay that stopped first leaves it so. Absent on full records.
   */
  incomplete?: true;
}

export type WireSessionKind = 'run' | 'wrap' | 'custom';

export interface WireSessionSummary {
  id: string;
  kind: WireSessionKind;
  agent: string;
  repo: string | null;
  runId: string | null;
  createdAt: string;
  /** Plain notes on what the wire could not record ("not recorded: …"). */
  notes: string[];
  /** The login mode its CLI used, as said in the run (null: not known, e.g. sessions before it was kept). */
  login?: string | null;
  requests: number;
  /** Model requests (parsed), of `requests`. */
  modelRequests: number;
  largestBytes: number;
  /** Sum of the provider's reported input over the session's requests. */
  reportedInput: number;
  cacheRead: number;
  lastAt: string | null;
}

/** A step's wire figures for runs evidence. */
export interface WireStepSummary {
  stepId: string | null;
  requests: number;
  largestBytes: number;
  reportedInput: number;
  cacheRead: number;
  /** Requests over the request budget (warned or blocked) and recognised secrets, in order. */
  warnings: WireWarning[];
  /** The step's reported requests at list price (issue 36); absent where nothing was priced. */
  listPrice?: CostTotals;
}

/** One thing enforcement on the wire wants the user to see: a request over its ceiling, or a secret in it. */
export interface WireWarning {
  sessionId: string;
  seq: number;
  /** outgoing-check: the outgoing-body check refused the request (fail closed). */
  /** pins: a pinned segment the CLI's compaction dropped, re-sent by Loupe or no longer available. */
  kind: 'request-budget' | 'spend-budget' | 'secret' | 'outgoing-check' | 'pins';
  /** block: the relay answered it; warn: forwarded; redact: forwarded with the secret replaced. */
  /** restore: a pinned segment the CLI's compaction dropped, re-sent by Loupe (nothing wrong; said so the run shows it). */
  action: 'block' | 'warn' | 'redact' | 'restore';
  text: string;
}

/** A run's wire: its sessions, per step, and what could not be recorded. */
export interface WireRunSummary {
  sessions: string[];
  steps: WireStepSummary[];
  notes: string[];
  /** Which login mode each session's CLI used ("ChatGPT sign-in (auth.json in CODEX_HOME)"), never the credential; one per distinct mode. */
  logins: string[];
}

/** Notes that say a session's login mode (from the CLI's configuration) start with this; the rest are "not recorded: …" notes. */
export const WIRE_LOGIN_NOTE = 'login: ';
/** Notes that say which kind of credential the wire saw on a session's requests start with this. */
export const WIRE_LOGIN_SEEN_NOTE = 'login seen: ';
