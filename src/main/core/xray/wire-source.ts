import type { XrayTarget } from '../../../shared/contract/xray-methods';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { wireRequest, wireSession } from '../wire/store';
import { wireManifest, type WireModel } from '../wire/xray-source';
import type { XraySourceKind } from './source';

/**
 * Wire sessions (what a CLI sent its provider through Loupe's relay) as the
 * third X-Ray source: the latest model request as the manifest. Advisory:
 * directives are kept as intent (the relay applies none yet: issue 21).
 */
/** The wire sessions' X-Ray source; `deps.db` is read per call, so creating it opens no database. */
export function wireSources(deps: Pick<CoreDeps, 'db'>, model: (id: string | null) => Promise<WireModel>): XraySourceKind {
  return {
    serves: (target: XrayTarget) => 'wireSession' in target,
    async open(target) {
      if (!('wireSession' in target)) throw new LoupeError('invalid-input', 'Not a wire session.');
      const id = target.wireSession;
      const session = wireSession(deps.db, id);
      if (!session) throw new LoupeError('not-found', `There is no wire session ${id}.`);
      const latest = () => {
        const r = wireRequest(deps.db, id, null);
        if (!r) throw new LoupeError('not-found', `Wire session ${id} has no model request yet.`);
        return r;
      };
      const manifest = async () => {
        const r = latest();
        return wireManifest(wireSession(deps.db, id)!, r, await model(r.model));
      };
      const requireSegment = async (segmentId: string) => {
        if (!latest().segments.some((s) => s.id === segmentId)) throw new LoupeError('not-found', `Wire session ${id} has no segment ${segmentId} in its latest request.`, { segmentId });
      };
      return { owner: { wireSession: id }, manifest, checkDirective: requireSegment, requireSegment, changed: () => manifest() };
    },
  };
}
