import { z } from 'zod';
import type { ReportedUsage } from './agent-events';
import { emptyRequest, pathString } from './common';
import { lazy, method } from './define';
import { RUN_LIMITS, runSettingsSchema, type RunDetail } from './runs';
import type { TranscriptKind } from './transcript';
import type { Freshness, Manifest, Provenance } from './xray';

// ---- Imported sessions (zod-free types: the renderer imports them) -----------

/** The agent CLIs whose on-disk transcripts Loupe reads. */
export const SESSION_CLIS = ['claude-code', 'codex', 'gemini'] as const;
export type SessionCli = (typeof SESSION_CLIS)[number];

/** How each CLI is named to people. */
export const SESSION_CLI_LABELS: Readonly<Record<SessionCli, string>> = { 'claude-code': 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' };

/** A transcript file format, recognized from the file's content (never from its path). */
export type SessionFormat = 'claude-code-jsonl' | 'codex-rollout-jsonl' | 'gemini-json' | 'gemini-jsonl';

/** One file a session was read from: the main transcript, a subagent's, or the CLI's compaction call. */
export interface SessionFile {
  path: string;
  role: 'main' | 'subagent' | 'compaction';
  /** Subagents: the CLI's agent id (`a2898e3`, `a3fc32861cdd5e707`). */
  agentId?: string;
  bytes: number;
  mtimeMs: number;
  /** How `SourceRef.lines` address this file: 1-based line numbers, or 1-based indexes into a JSON document's `messages`. */
  addressing: 'line' | 'message';
}

/** Where an entry came from: a file of `ImportedSession.files` and its line numbers (or message indexes), in file order. */
export interface SourceRef {
  file: number;
  lines: number[];
}

/**
 * Kinds of imported entry: the transcript kinds, plus `unknown` for a line
 * type Loupe does not know (shown, never dropped silently).
 */
export type ImportedKind = TranscriptKind | 'unknown';

/**
 * One piece of an imported conversation, without its body: a bounded preview
 * and the byte count of what the model saw. The full content is rebuilt on
 * demand by re-reading `source` (prune-and-continue), so memory stays
 * proportional to the number of entries, not to the transcript's size.
 */
export interface ImportedEntry {
  /** Position in `entries` (stable for the same file content). */
  index: number;
  /** Content-derived segment id, computed like a Loupe thread's (`<kind>-<16 hex>[-n]`). */
  id: string;
  kind: ImportedKind;
  /** UTF-8 bytes of the content the model receives for this entry (tool: input JSON + output). */
  bytes: number;
  /** At most 200 characters (secrets redacted once the session service has built it). */
  preview: string;
  /** Tools: the tool's name. User entries: `prompt`, `injected`, `command`, `attachment:<type>`. Unknown: the line type. */
  label?: string;
  /** Tools: the CLI's call id, and whether its result was found in the transcript. */
  callId?: string;
  paired?: boolean;
  isError?: boolean;
  /** Subagent work (a sidechain): never part of the main context, reached only through its parent tool call. */
  sidechain: boolean;
  agentId?: string;
  /** Subagent work: the main-chain tool call that started it, where the transcript links them. */
  parentCallId?: string;
  /** No longer in context: before the newest compaction boundary (and not preserved by it). */
  beforeCompaction: boolean;
  /** Removed by the CLI without a compaction (Gemini: a rewind, or a failed turn taken back). */
  dropped: boolean;
  source: SourceRef;
  timestamp: string | null;
  /** Assistant-side entries: the model that wrote it. */
  model?: string;
}

/** A point where the CLI compacted the conversation: entries before it (unless preserved) left the context. */
export interface CompactionBoundary {
  /** Index of the first entry after the boundary (= entries.length when nothing followed yet). */
  entryIndex: number;
  source: SourceRef;
  trigger: 'auto' | 'manual' | null;
  /** The CLI's own count of the context before and after, where it wrote one. */
  preTokens: number | null;
  postTokens: number | null;
  timestamp: string | null;
}

/**
 * The provider's own count of the context at one point of the session, beside
 * Loupe's estimate (bytes / 4) of the same point, computed from the transcript.
 * - `request-input` (Claude Code, Gemini): the input of the request that
 *   produced the entry at `entryIndex`; the estimate sums the main-chain entries
 *   in context before it.
 * - `request-input+output` (Codex): `last_token_usage` input + output after a
 *   reply; the estimate sums the entries in context up to the token_count line.
 */
export interface ContextPoint {
  entryIndex: number;
  source: SourceRef;
  basis: 'request-input' | 'request-input+output';
  reported: number;
  estimate: number;
  usage: ReportedUsage;
  /** The window the CLI reported with it (Codex `model_context_window`), else null. */
  window: number | null;
  model: string | null;
  timestamp: string | null;
}

/** Something besides the conversation that the transcript shows the model received (instructions, injected context, tool lists). */
export interface SessionSystemPart {
  title: string;
  provenance: Provenance;
  bytes: number;
  preview: string;
  source: SourceRef;
}

/** How the lines of the transcript files were read. */
export interface SessionLineStats {
  /** Complete lines read (JSON documents: messages). */
  read: number;
  /** Lines that were not JSON, or not an object: skipped and counted. */
  malformed: number;
  /** Lines of a type Loupe does not know: counted and kept as `unknown` entries. */
  unknown: number;
  unknownTypes: Record<string, number>;
  /** Known lines that are the CLI's bookkeeping, not conversation (progress, snapshots, UI events). */
  bookkeeping: number;
  /** The main file ended inside a line (still being written): read up to its last complete line. */
  partialTail: boolean;
}

/** One CLI session read from disk and normalized: the same shape for every CLI and format. */
export interface ImportedSession {
  format: SessionFormat;
  cli: SessionCli;
  cliVersion: string | null;
  sessionId: string | null;
  /** The working folder the CLI recorded (Gemini: the first workspace folder of its session context). */
  cwd: string | null;
  /** Gemini: sha256 of the cwd, as the CLI records it. */
  projectHash?: string;
  /** Every model the transcript names, main chain first. */
  models: string[];
  /** The main chain's latest model (the one the manifest's window comes from). */
  model: string | null;
  startedAt: string | null;
  endedAt: string | null;
  /** files[0] is the transcript itself. */
  files: SessionFile[];
  entries: ImportedEntry[];
  compactions: CompactionBoundary[];
  contextPoints: ContextPoint[];
  system: SessionSystemPart[];
  /** Tool names the transcript shows were offered (Codex tool lists; tools the model called otherwise). */
  tools: string[];
  /** A window the CLI itself reported (Codex), null otherwise. */
  reportedWindow: number | null;
  /** The first human prompt, for lists (at most 200 characters). */
  title: string | null;
  /** What the CLI itself says the session cost, where its transcript records it (Claude Code's `cost-state`). */
  cliCostUsd?: number;
  lines: SessionLineStats;
  /** When the files were read (ISO). */
  readAt: string;
}

/**
 * The X-Ray manifest of an imported session, with what only a transcript has:
 * its compaction boundaries and the provider's last reported count with the
 * estimate of the same point (the difference is shown, never folded away).
 */
export interface SessionManifest extends Manifest {
  source: 'session';
  sessionFile: string;
  threadId: null;
  session: {
    cli: SessionCli;
    format: SessionFormat;
    cliVersion: string | null;
    sessionId: string | null;
    cwd: string | null;
    models: string[];
    files: SessionFile[];
    compactions: CompactionBoundary[];
    lastPoint: ContextPoint | null;
    points: number;
    unknownTypes: Record<string, number>;
    tools: string[];
    /** Loupe threads this session was continued as (sessions.continue), oldest first. */
    continuedAs?: string[];
  };
}

/** What sessions.continue made: the new thread, its first run (a fresh session), and what the imported history carried. */
export interface SessionContinuation {
  threadId: string;
  /** The first turn, as runs.start answers (follow `run:<id>`); blocked by the budget like any run. */
  run: RunDetail;
  /** Entries carried into the thread's history (summaries in place of the summarized ones). */
  carried: { count: number; bytes: number };
  /** Left out by evictions. */
  evicted: { count: number; bytes: number };
  summarized: number;
  /** Pins carried over to the thread's own segment ids (enforced from now on). */
  pinned: number;
  /** Left out because the CLI no longer had them in context (compacted, subagent work, dropped, unknown lines). */
  notInContext: { count: number; bytes: number };
}

// ---- Discovery ----------------------------------------------------------------

/** Folders the user set in Settings → Sessions ('' = Loupe's default for that CLI). */
export type SessionFolders = Record<SessionCli, string>;

export interface SessionFolderInfo {
  cli: SessionCli;
  /** The folder Loupe searches. */
  path: string;
  /** settings: set in Loupe; env: the CLI's own variable (CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME); default: under the home folder. */
  source: 'settings' | 'env' | 'default';
  exists: boolean;
}

export interface SessionFoldersInfo {
  configured: SessionFolders;
  effective: SessionFolderInfo[];
}

/** One session in a list: enough to choose it, without reading it through. */
export interface SessionSummary {
  file: string;
  cli: SessionCli;
  format: SessionFormat;
  sessionId: string | null;
  cwd: string | null;
  title: string | null;
  model: string | null;
  startedAt: string | null;
  /** The file's modification time (ISO): newest first. */
  updatedAt: string;
  bytes: number;
  /** The provider's last reported context count (never an estimate), null when the transcript has none. */
  lastContext: { tokens: number; basis: ContextPoint['basis']; at: string | null } | null;
  /** Gemini: other files of the same session id (a resume can start a new file). */
  otherFiles?: string[];
}

export interface SessionList {
  sessions: SessionSummary[];
  folders: SessionFolderInfo[];
  /** The repository's real path when the list was filtered by it. */
  repo: string | null;
  /** Transcript files found that could not be read or recognized. */
  unreadable: number;
}

/** Most sessions a list returns (newest first). */
export const SESSION_LIST_MAX = 500;

const folderField = lazy(() =>
  z.union([z.literal(''), pathString()]),
);

export const sessionMethods = {
  /** Sessions of the three CLIs, newest first; with `repo`, only those whose recorded cwd is that folder (real paths compared). */
  'sessions.list': method<SessionList>()(() =>
    z.object({ repo: pathString().optional(), limit: z.number().int().min(1).max(SESSION_LIST_MAX).default(SESSION_LIST_MAX) }).strict(),
  ),
  /**
   * The X-Ray manifest of any transcript file, whatever folder it is in (the
   * format is recognized from its content). Advisory. Re-read when the file
   * changed since the last read.
   */
  'sessions.manifest': method<SessionManifest>()(() => z.object({ file: pathString() }).strict()),
  /** Whether a manifest built from the file at `bytes` / `mtimeMs` (its `session.files[0]`) is still current. */
  'sessions.freshness': method<{ freshness: Freshness; bytes: number | null; mtimeMs: number | null }>()(() =>
    z.object({ file: pathString(), bytes: z.number().int().nonnegative(), mtimeMs: z.number().nonnegative() }).strict(),
  ),
  /**
   * Prune and continue: a new Loupe thread in `repo` whose transcript is the
   * session's history as the CLI holds it, with the session's directives
   * applied (evicted left out, summaries in place, pins carried over), and its
   * first turn `ask` started as a fresh session: folded, measured against the
   * budget and recorded like any run. The transcript file is only read.
   * `settings`: the effective settings when absent.
   */
  'sessions.continue': method<SessionContinuation>()(() =>
    z
      .object({
        sessionFile: pathString(),
        repo: pathString(),
        ask: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(RUN_LIMITS.maxAskChars),
        settings: runSettingsSchema().optional(),
      })
      .strict(),
  ),
  'sessions.getFolders': method<SessionFoldersInfo>()(emptyRequest),
  /** Sets the folders searched for each CLI's sessions ('' goes back to the default); absolute paths only. */
  'sessions.setFolders': method<SessionFoldersInfo>()(() =>
    z.object({ 'claude-code': folderField().optional(), codex: folderField().optional(), gemini: folderField().optional() }).strict(),
  ),
};
