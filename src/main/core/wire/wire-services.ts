import type { CallContext, Services } from '../../../shared/api';
import type { ResolvedModel } from '../../../shared/contract/models';
import type { WireSessionSummary } from '../../../shared/contract/wire';
import { LoupeError } from '../../../shared/errors';
import type { PricedModel } from '../catalog/price';
import { memoPrice } from '../cost/collect';
import { toolUsage } from '../cost/tool-usage';
import { wireSessionCosts } from '../cost/wire-costs';
import type { CoreDeps } from '../deps';
import { listWireSessions, wireRequest, wireRequests, wireSession } from './store';
import { wireManifest } from './xray-source';

/** The most sessions one report reads (newest first). */
const TOOL_SESSIONS_MAX = 1000;

const noCall: CallContext = { callId: 'wire', signal: new AbortController().signal, progress: () => {} };

/** Wire sessions and their requests, as recorded (no bodies exist to show). */
export function wireServices(
  deps: CoreDeps,
  options: { resolveModel(id: string, ctx: CallContext): Promise<ResolvedModel>; price?(model: string | null): PricedModel | null },
): Pick<Services, 'wire.list' | 'wire.show' | 'wire.tools'> {
  return {
    'wire.list': async ({ repo }) => listWireSessions(deps.db, repo),
    'wire.show': async ({ sessionId, request }) => {
      const session = wireSession(deps.db, sessionId);
      if (!session) throw new LoupeError('not-found', `There is no wire session ${sessionId}.`);
      const one = wireRequest(deps.db, sessionId, request ?? null);
      if (request !== undefined && !one) throw new LoupeError('not-found', `Wire session ${sessionId} has no request ${request}.`);
      const records = wireRequests(deps.db, sessionId);
      const requests = records.map(({ system: _s, tools: _t, segments: _g, ...brief }) => brief);
      const costs = options.price ? wireSessionCosts(records, memoPrice(options.price)) : undefined;
      let manifest = null;
      if (one?.api) {
        // An id no catalog knows (or an ambiguous one) gets the default window.
        const m = await options.resolveModel(one.model ?? 'default', noCall).catch(() => options.resolveModel('default', noCall));
        manifest = wireManifest(session, one, { id: one.model ?? m.id, window: m.window, reserve: m.reserve, source: m.known ? m.source : 'default' });
      }
      return { session, requests, request: one, manifest, ...(costs ? { costs } : {}) };
    },
    'wire.tools': async ({ sessionId, repo, since }, ctx) => {
      let sessions: WireSessionSummary[];
      if (sessionId) {
        const one = wireSession(deps.db, sessionId);
        if (!one) throw new LoupeError('not-found', `There is no wire session ${sessionId}.`);
        sessions = [one];
      } else sessions = listWireSessions(deps.db, repo, TOOL_SESSIONS_MAX);
      const from = since ?? '';
      const scoped = sessions.flatMap((session) => {
        ctx.signal.throwIfAborted();
        const records = wireRequests(deps.db, session.id, true).filter((r) => r.at >= from);
        return records.length ? [{ session, records }] : [];
      });
      const price = options.price ? memoPrice(options.price) : () => null;
      const report = toolUsage(scoped, price, { sessionId: sessionId ?? null, repo: repo ?? null, since: since ?? null });
      if (!sessionId && sessions.length >= TOOL_SESSIONS_MAX) report.notes.push(`Only the newest ${TOOL_SESSIONS_MAX} wire sessions were read.`);
      return report;
    },
  };
}
