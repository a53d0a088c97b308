import { z } from 'zod';
import { pathString } from './common';
import { method } from './define';
import type { AgentId, PresetRef, ReportedUsage } from './runs';
import { runSettingsSchema } from './runs';
import type { TranscriptKind } from './transcript';

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
  /** The user's summary, when summarized. */
  summary?: string;
}

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
}

export type Freshness = 'current' | 'stale' | 'unavailable';

/** The latest snapshot of a thread's (or an imported session's) model-bound context. */
export interface Manifest {
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
    system: TokenCount;
    conversation: TokenCount;
    /** What evictions and summaries take off the next prompt (approximate when counts are estimates). */
    reclaimable: TokenCount;
  };
  /** The provider's own count of the context at the latest point it reported one, beside Loupe's estimate of the same point. */
  reported: { usage: ReportedUsage; contextTokens: number; estimateAtSamePoint: number } | null;
  /** Imported transcripts: lines read, skipped as malformed, of unknown types. */
  lines?: { read: number; malformed: number; unknown: number; partialTail: boolean };
  builtAt: string;
}

export type DirectiveKind = 'pin' | 'evict' | 'summarize';

export interface Directive {
  segmentId: string;
  kind: DirectiveKind;
  summary?: string;
  author: 'user' | 'agent';
  createdAt: string;
}

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a valid id');
const segmentId = z.string().min(1).max(200);
const target = z.union([z.object({ threadId: id }).strict(), z.object({ sessionFile: pathString }).strict()]);

export const xrayMethods = {
  /** The manifest of a thread or of a CLI transcript file. */
  'xray.manifest': method<Manifest>()(target),
  /** The would-be system context for these settings, without a live thread (Settings → Context). */
  'xray.preview': method<Manifest>()(z.object({ repo: pathString.optional(), settings: runSettingsSchema.optional() }).strict()),
  'xray.pin': method<Manifest>()(target.and(z.object({ segmentId }))),
  'xray.evict': method<Manifest>()(target.and(z.object({ segmentId }))),
  'xray.summarize': method<Manifest>()(target.and(z.object({ segmentId, summary: z.string().trim().min(1).max(20_000) }))),
  /** Undoes any directive on a segment. */
  'xray.restore': method<Manifest>()(target.and(z.object({ segmentId }))),
  'xray.directives': method<Directive[]>()(target),
  /** An external host posts its own inventory: stored and shown as advisory. */
  'xray.report': method<{ stored: boolean }>()(
    z
      .object({
        threadId: id,
        host: z.string().min(1).max(200),
        segments: z
          .array(z.object({ id: segmentId, kind: z.string().max(40), tokens: z.number().int().nonnegative(), preview: z.string().max(2000).optional() }).strict())
          .max(10_000),
      })
      .strict(),
  ),
};
