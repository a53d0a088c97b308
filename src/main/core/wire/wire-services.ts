import type { Services } from '../../../shared/api';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { listWireSessions, wireRequest, wireRequests, wireSession } from './store';

/** Wire sessions and their requests, as recorded (no bodies exist to show). */
export function wireServices(deps: CoreDeps): Pick<Services, 'wire.list' | 'wire.show'> {
  return {
    'wire.list': async ({ repo }) => listWireSessions(deps.db, repo),
    'wire.show': async ({ sessionId, request }) => {
      const session = wireSession(deps.db, sessionId);
      if (!session) throw new LoupeError('not-found', `There is no wire session ${sessionId}.`);
      const one = wireRequest(deps.db, sessionId, request ?? null);
      if (request !== undefined && !one) throw new LoupeError('not-found', `Wire session ${sessionId} has no request ${request}.`);
      const requests = wireRequests(deps.db, sessionId).map(({ system: _s, tools: _t, segments: _g, ...brief }) => brief);
      return { session, requests, request: one };
    },
  };
}
