import type { ImportedEntry, ImportedSession, SessionManifest } from '../../../shared/contract/sessions';
import { approxTokens } from '../../../shared/contract/run-limits';
import type { Directive, DirectiveKind, Segment, SegmentStatus } from '../../../shared/contract/xray';
import { LoupeError } from '../../../shared/errors';
import { utf8ByteLength } from '../../../shared/fold';
import { renderRows, toFoldRows } from '../prompt/history';
import { inContext } from './manifest';

/** Entries a continuation carries: in the CLI's context now, and of a kind a transcript item can hold. */
export const carried = (e: ImportedEntry): boolean => inContext(e) && e.kind !== 'unknown';

/**
 * The segment no directive may take away from an imported session: its latest
 * human prompt (the ask the CLI was last working on), so a continuation always
 * knows what it was asked. Null when the session has none in context.
 */
export function protectedEntry(session: ImportedSession): ImportedEntry | null {
  for (let i = session.entries.length - 1; i >= 0; i--) {
    const e = session.entries[i]!;
    if (e.kind === 'user' && e.label === 'prompt' && carried(e)) return e;
  }
  return null;
}

/**
 * Checks that a directive may be set on a segment of an imported session:
 * it exists, a continuation would carry it (what the CLI compacted away, a
 * subagent's own work, dropped or unknown lines are already left out), and
 * evict or summarize does not touch the protected latest prompt.
 */
export function assertSessionDirective(session: ImportedSession, segmentId: string, kind: DirectiveKind): ImportedEntry {
  const file = session.files[0]!.path;
  const entry = session.entries.find((e) => e.id === segmentId);
  if (!entry) throw new LoupeError('not-found', `${file} has no segment ${segmentId}.`, { segmentId });
  if (!carried(entry)) {
    throw new LoupeError(
      'invalid-input',
      `Segment ${segmentId} is not in the CLI's context (${entry.beforeCompaction ? 'before a compaction' : entry.sidechain ? 'a subagent’s own work' : entry.dropped ? 'removed by the CLI' : 'a line Loupe does not know'}): a continuation leaves it out already.`,
      { segmentId, reason: 'not-in-context' },
    );
  }
  if (kind !== 'pin' && protectedEntry(session)?.id === segmentId) {
    throw new LoupeError('protected-segment', `Segment ${segmentId} is the session's latest prompt: it cannot be ${kind === 'evict' ? 'evicted' : 'summarized'} (a continuation must know what it was asked).`, {
      segmentId,
      kind: 'user',
    });
  }
  return entry;
}

/** Bytes a summary takes in a continuation's history, rendered as the runner renders a summary item. */
export function summaryBytes(summary: string): number {
  return utf8ByteLength(renderRows(toFoldRows([{ seq: 0, runId: '', segmentId: '', item: { kind: 'summary', text: summary } }])));
}

const STATUS: Record<DirectiveKind, SegmentStatus> = { pin: 'pinned', evict: 'evicted', summarize: 'summarized' };

/**
 * A session's manifest with its directives shown: each segment's status (or
 * protected, for the latest prompt), summaries with their size, who set them,
 * what evictions and summaries would take off a continuation (`reclaimable`),
 * and what a continuation would carry (`fresh`). Still advisory: the CLI's
 * own session keeps everything until it is continued as a Loupe thread.
 */
export function withSessionDirectives(manifest: SessionManifest, session: ImportedSession, directives: readonly Directive[], continuedAs: readonly string[]): SessionManifest {
  const byId = new Map(directives.map((d) => [d.segmentId, d]));
  const guarded = protectedEntry(session)?.id;
  const byEntry = new Map(session.entries.map((e) => [e.id, e]));
  let carriedBytes = 0;
  let reclaimable = 0;
  const segments = manifest.segments.map((s): Segment => {
    const entry = byEntry.get(s.id);
    const isCarried = entry ? carried(entry) : false;
    if (isCarried) carriedBytes += s.bytes;
    const d = byId.get(s.id);
    if (!d) return s.id === guarded ? { ...s, status: 'protected' } : s;
    const next: Segment = { ...s, status: STATUS[d.kind], directiveAuthor: d.author };
    if (d.kind === 'summarize') {
      const tokens = approxTokens(summaryBytes(d.summary ?? ''));
      next.summary = d.summary ?? '';
      next.summaryTokens = { tokens, kind: 'estimate' };
      if (isCarried) reclaimable += Math.max(0, s.tokens.tokens - tokens);
    } else if (d.kind === 'evict' && isCarried) reclaimable += s.tokens.tokens;
    return next;
  });
  return {
    ...manifest,
    segments,
    totals: { ...manifest.totals, reclaimable: { tokens: reclaimable, kind: 'estimate' } },
    fresh: { tokens: Math.max(0, approxTokens(carriedBytes) - reclaimable), kind: 'estimate' },
    session: { ...manifest.session, continuedAs: [...continuedAs] },
  };
}
