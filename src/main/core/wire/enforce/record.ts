/**
 * What a request's record lists when the eviction stage withheld segments:
 * the segments as the CLI sent them (so their ids are the ones X-Ray shows
 * and directs), each withheld one marked. The record's sizes and counts stay
 * those of the body forwarded (what the model received).
 */
import type { WireEvictionFacts, WireSegment } from '../../../../shared/contract/wire';
import type { CoreDeps } from '../../deps';
import { analyse } from '../analyse';
import { parseRequest } from '../parse';
import type { RelayRequest } from '../relay';

export async function withheldSegments(deps: Pick<CoreDeps, 'db' | 'tokens'>, request: RelayRequest, facts: WireEvictionFacts): Promise<WireSegment[]> {
  const parsed = parseRequest(request.provider, request.method, request.endpoint, request.body);
  if (!parsed) return [];
  const as = new Map(facts.withheld.map((w) => [w.id, w.as]));
  const { segments } = await analyse(deps, parsed, request.body.length);
  return segments.map((s) => (as.has(s.id) ? { ...s, withheld: as.get(s.id)! } : s));
}
