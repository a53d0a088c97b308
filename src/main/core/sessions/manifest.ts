import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { ImportedEntry, ImportedSession, SessionManifest, SessionSystemPart } from '../../../shared/contract/sessions';
import type { Freshness, Segment, SystemSection, TokenCount } from '../../../shared/contract/xray';
import { approxTokens } from '../../../shared/contract/run-limits';
import { reserveTokens } from '../../../shared/fold';

/** The window a manifest is computed against: the catalog's answer for the model the transcript names. */
export interface CatalogWindow {
  /** The catalog id used (null when the transcript names no model). */
  id: string | null;
  window: number;
  reserve: number;
  /** Where the window comes from, as the catalog says (snapshot, refresh, default). */
  source: string;
}

/** Claude's standard window: its long (1M) window is a beta the CLI must opt into ([1m] models, the context-1m header). */
export const CLAUDE_STANDARD_WINDOW = 200_000;

/**
 * The window a session's meter is drawn against, and why, from the best
 * evidence there is: a window the CLI itself reported (Codex's
 * model_context_window); for a Claude model whose catalog window is the
 * long one, the standard 200,000 unless the session shows the opt-in (a
 * [1m] model, or a count or compaction past 200,000), with the compaction
 * threshold it shows as the proof; the catalog only where nothing better is
 * known.
 */
export function sessionWindow(session: ImportedSession, catalog: CatalogWindow): { window: number; source: string } {
  if (session.reportedWindow !== null) return { window: session.reportedWindow, source: 'reported by the CLI' };
  if (session.cli === 'claude-code' && catalog.window > CLAUDE_STANDARD_WINDOW) {
    const models = [session.model, ...session.models].filter((m): m is string => !!m);
    // A loop, not Math.max(...points): a long session's 150,000 points overflow the call stack as arguments.
    let biggest = 0;
    for (const p of session.contextPoints) if (p.reported > biggest) biggest = p.reported;
    for (const c of session.compactions) if ((c.preTokens ?? 0) > biggest) biggest = c.preTokens ?? 0;
    const optedIn = models.some((m) => /\[1m\]/i.test(m)) || biggest > CLAUDE_STANDARD_WINDOW;
    if (!optedIn) {
      const auto = session.compactions.filter((c) => c.trigger === 'auto' && c.preTokens !== null).at(-1);
      const n = thousands;
      return {
        window: CLAUDE_STANDARD_WINDOW,
        source: auto
          ? `the session: auto-compacted at ${n(auto.preTokens!)} tokens, as in a ${n(CLAUDE_STANDARD_WINDOW)}-token window (the catalog’s ${n(catalog.window)} needs an opt-in the session does not show)`
          : `the standard ${n(CLAUDE_STANDARD_WINDOW)}-token window: the catalog’s ${n(catalog.window)} needs an opt-in the session does not show`,
      };
    }
  }
  return { window: catalog.window, source: catalog.source === 'default' ? 'default' : `catalog ${catalog.source}` };
}

/**
 * `v.toLocaleString('en-US')` for the integers a window source names (170,251), without
 * Intl: its first use in a process loads ICU's number formats, ~100 ms of a one-shot
 * `loupe xray --session` (issue 38). Anything but a safe integer still goes through Intl.
 */
export function thousands(v: number): string {
  if (!Number.isSafeInteger(v)) return v.toLocaleString('en-US');
  const digits = String(Math.abs(v));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = (end > 3 ? ',' : '') + digits.slice(Math.max(0, end - 3), end) + out;
  return v < 0 ? `-${out}` : out;
}

const AGENT = { 'claude-code': 'claude-code-session', codex: 'codex-session', gemini: 'gemini-session' } as const;
const estimate = (bytes: number): TokenCount => ({ tokens: approxTokens(bytes), kind: 'estimate' });

/** An entry is in the model's context now unless compacted away, dropped by the CLI, or a subagent's own work. */
export function inContext(e: ImportedEntry): boolean {
  return !e.beforeCompaction && !e.dropped && !e.sidechain;
}

function segmentOf(e: ImportedEntry, session: ImportedSession): Segment {
  const file = session.files[e.source.file];
  const lines = e.source.lines.length > 1 ? `${e.source.lines[0]}-${e.source.lines.at(-1)}` : String(e.source.lines[0] ?? '?');
  const where = file?.addressing === 'message' ? `message ${lines}` : `line ${lines}`;
  const s: Segment = {
    id: e.id,
    kind: e.kind,
    source: e.source.file === 0 ? where : `${basename(file?.path ?? '?')} ${where}`,
    tokens: estimate(e.bytes),
    bytes: e.bytes,
    status: 'active',
    preview: e.preview,
  };
  if (e.label !== undefined) s.label = e.label;
  if (!inContext(e)) {
    s.outOfContext = true;
    s.outOfContextReason = e.beforeCompaction ? 'compaction' : e.sidechain ? 'subagent' : 'dropped';
  }
  // Transcript order, for the list's "as they happened".
  s.seq = e.index;
  return s;
}

function sectionOf(p: SessionSystemPart): SystemSection {
  return {
    id: `system-${createHash('sha256').update(p.title).digest('hex').slice(0, 16)}`,
    title: p.title,
    provenance: p.provenance,
    tier: 'inherited',
    sha256: null,
    tokens: estimate(p.bytes),
    bytes: p.bytes,
    preview: p.preview,
    loadedBy: 'cli',
  };
}

/**
 * The X-Ray manifest of an imported session. Advisory (`enforceable: false`:
 * the CLI owns that context). Segments and system sections are what the
 * transcript shows; entries before the newest compaction boundary, dropped by
 * the CLI, or a subagent's own work are `outOfContext`. Loupe's estimate is
 * given beside the provider's last reported count for the same point, and
 * what the transcript cannot account for is its own section (never folded
 * into another number). The window is the catalog's for the transcript's
 * model; the window from what the session proves (sessionWindow).
 */
export function manifestFromSession(
  session: ImportedSession,
  catalog: CatalogWindow,
  options: { freshness?: Freshness; now?: Date } = {},
): SessionManifest {
  const segments = session.entries.map((e) => segmentOf(e, session));
  const system = session.system.map(sectionOf);
  const systemBytes = session.system.reduce((n, p) => n + p.bytes, 0);
  const conversationBytes = session.entries.reduce((n, e) => n + (inContext(e) ? e.bytes : 0), 0);
  const last = session.contextPoints.at(-1) ?? null;
  const { window, source } = sessionWindow(session, catalog);
  const reserve = window === catalog.window ? catalog.reserve : reserveTokens(window);

  let reported: SessionManifest['reported'] = null;
  if (last) {
    const estimateAtSamePoint = last.estimate + approxTokens(systemBytes);
    reported = { usage: last.usage, contextTokens: last.reported, estimateAtSamePoint };
    const gap = last.reported - estimateAtSamePoint;
    system.push({
      id: 'system-not-in-transcript',
      title: 'Not in the transcript',
      provenance: 'framework-core',
      tier: 'required',
      sha256: null,
      tokens: null,
      bytes: null,
      preview:
        gap >= 0
          ? `The provider reported ${last.reported} tokens; the transcript accounts for about ${estimateAtSamePoint}. About ${gap} are what the CLI sends but does not keep (its system prompt, tool definitions, framing) and the tokenizer's difference from bytes/4.`
          : `The provider reported ${last.reported} tokens; Loupe's bytes/4 estimate of the same point is ${estimateAtSamePoint}, ${-gap} more.`,
      loadedBy: 'cli',
    });
  }

  return {
    source: 'session',
    threadId: null,
    sessionFile: session.files[0]!.path,
    agent: AGENT[session.cli],
    model: { id: catalog.id ?? session.model, window, reserve, source },
    systemUnknown:
      'The CLI’s own system prompt and tool definitions: unknown, not in the transcript' +
      (reported && reported.contextTokens > reported.estimateAtSamePoint ? ' (the provider’s count is the only measure of them)' : ''),
    freshness: options.freshness ?? 'current',
    enforceable: false,
    segments,
    system,
    totals: {
      system: estimate(systemBytes),
      conversation: estimate(conversationBytes),
      reclaimable: { tokens: 0, kind: 'estimate' },
    },
    reported,
    lines: { read: session.lines.read, malformed: session.lines.malformed, unknown: session.lines.unknown, partialTail: session.lines.partialTail },
    builtAt: (options.now ?? new Date()).toISOString(),
    session: {
      cli: session.cli,
      format: session.format,
      cliVersion: session.cliVersion,
      sessionId: session.sessionId,
      cwd: session.cwd,
      models: session.models,
      files: session.files,
      compactions: session.compactions,
      lastPoint: last,
      points: session.contextPoints.length,
      unknownTypes: session.lines.unknownTypes,
      tools: session.tools,
    },
  };
}
