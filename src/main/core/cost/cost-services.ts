/**
 * `cost.report` (issue 36): every priced request since a day, grouped, with
 * the total and the totals per source. The CLI's `loupe cost` and the Costs
 * view are this one call.
 */
import type { CallContext, Services } from '../../../shared/api';
import type { CostReport } from '../../../shared/contract/cost';
import type { ImportedSession, SessionCli, SessionList } from '../../../shared/contract/sessions';
import { SESSION_LIST_MAX } from '../../../shared/contract/sessions';
import { LoupeError } from '../../../shared/errors';
import { groupCosts, totalOf, type CostItem } from '../../../shared/cost/report';
import type { CoreDeps } from '../deps';
import { listWireSessions } from '../wire/store';
import { memoPrice, runItems, sessionItems, wireItems, type PriceLookup } from './collect';

export interface CostServiceOptions {
  price: PriceLookup;
  /** The CLIs' transcripts (sessions.list), and one read whole. */
  listSessions(ctx: CallContext): Promise<SessionList>;
  readSession(file: string, signal: AbortSignal): Promise<ImportedSession>;
}

/** Every cost item since `since` (YYYY-MM-DD, UTC, or null), with notes on what was left out. */
export async function collectCosts(deps: CoreDeps, options: CostServiceOptions, since: string | null, imported: boolean, ctx: CallContext): Promise<{ items: CostItem[]; notes: string[] }> {
  const from = since ?? '';
  const price = memoPrice(options.price);
  const wire = wireItems(deps.db, from, price);
  const runs = runItems(deps.db, from, wire.steps, price);
  const items = [...wire.items, ...runs.items];
  const notes: string[] = [];
  if (imported) {
    const list = await options.listSessions(ctx);
    let skipped = 0;
    let unreadable = list.unreadable;
    const spans = wireSpans(deps);
    for (const s of list.sessions) {
      ctx.signal.throwIfAborted();
      if (s.sessionId && runs.cliSessions.has(s.sessionId)) {
        skipped += 1;
        continue;
      }
      try {
        const session = await options.readSession(s.file, ctx.signal);
        if (recordedOnWire(session, spans)) {
          skipped += 1;
          continue;
        }
        items.push(...sessionItems(session, from, price));
      } catch (err) {
        if (err instanceof LoupeError && err.code === 'cancelled') throw err;
        unreadable += 1;
      }
    }
    if (skipped) notes.push(`${skipped} transcript${skipped === 1 ? '' : 's'} of Loupe runs or wrapped sessions not counted again (the wire's requests are).`);
    if (unreadable) notes.push(`${unreadable} transcript${unreadable === 1 ? '' : 's'} could not be read.`);
    if (list.sessions.length >= SESSION_LIST_MAX) notes.push(`Only the newest ${SESSION_LIST_MAX} transcripts were read.`);
  }
  items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { items, notes };
}

/** The CLI a wire session's agent writes transcripts as. */
const CLI_OF: Record<string, SessionCli> = { claude: 'claude-code', codex: 'codex', gemini: 'gemini' };
/** Slack for a transcript written just after the wire's last request. */
const SPAN_SLACK_MS = 60_000;

interface Span {
  cli: SessionCli;
  from: number;
  to: number;
}

/** When each wire session was recording, by the CLI it wraps. */
function wireSpans(deps: CoreDeps): Span[] {
  return listWireSessions(deps.db, undefined, 100_000).flatMap((w) => {
    const cli = CLI_OF[w.agent];
    return cli && w.lastAt ? [{ cli, from: Date.parse(w.createdAt), to: Date.parse(w.lastAt) + SPAN_SLACK_MS }] : [];
  });
}

/**
 * Whether a transcript is one the wire recorded (a run's or a wrapped
 * session's): the same CLI, every request of it inside one wire session's time.
 * Its requests are then priced from the wire, not again from the transcript.
 */
function recordedOnWire(session: ImportedSession, spans: readonly Span[]): boolean {
  const times = session.contextPoints.map((p) => Date.parse(p.timestamp ?? '')).filter((t) => !Number.isNaN(t));
  if (!times.length) return false;
  // Loops, not Math.min(...times): as many arguments as requests would overflow the call stack.
  const first = times.reduce((a, b) => Math.min(a, b), Infinity);
  const last = times.reduce((a, b) => Math.max(a, b), -Infinity);
  return spans.some((s) => s.cli === session.cli && first >= s.from && last <= s.to);
}

export function costServices(deps: CoreDeps, options: CostServiceOptions): Pick<Services, 'cost.report'> {
  return {
    'cost.report': async ({ since, by, imported }, ctx): Promise<CostReport> => {
      const { items, notes } = await collectCosts(deps, options, since ?? null, imported, ctx);
      const of = (source: CostItem['source']) => totalOf(items.filter((i) => i.source === source));
      return {
        since: since ?? null,
        by,
        groups: groupCosts(items, by),
        total: totalOf(items),
        sources: { run: of('run'), wrap: of('wrap'), custom: of('custom'), imported: of('imported') },
        notes,
      };
    },
  };
}
