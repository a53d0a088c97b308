/**
 * The segments a request's record lists: those of the CLI's body as sent (so
 * their ids are the ones X-Ray shows and directs, whichever stage changed the
 * body after), each one the outgoing check found withheld marked. The
 * record's sizes and counts stay those of the body forwarded (what the model
 * received).
 */
import type { WireSegment } from '../../../../shared/contract/wire';
import type { CoreDeps } from '../../deps';
import { analyse, type Analysis } from '../analyse';
import type { WireExchange } from './exchange';

/** `forwarded`: the analysis of the outgoing body (reused when the body went on as the CLI sent it). */
export async function recordedSegments(deps: Pick<CoreDeps, 'db' | 'tokens'>, exchange: WireExchange, forwarded: Analysis | null): Promise<WireSegment[]> {
  const sent = exchange.sent()?.parsed;
  if (!sent) return forwarded?.segments ?? [];
  const as = new Map((exchange.check?.withheld ?? []).map((w) => [w.id, w.as]));
  const segments = exchange.body === exchange.request.body && forwarded ? forwarded.segments : (await analyse(deps, sent, exchange.request.body.length)).segments;
  return as.size ? segments.map((s) => (as.has(s.id) ? { ...s, withheld: as.get(s.id)! } : s)) : segments;
}
