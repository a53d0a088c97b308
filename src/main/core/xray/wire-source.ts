import type { XrayTarget } from '../../../shared/contract/xray-methods';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { listDirectives } from '../threads/directive-store';
import { wireDirectiveOwner } from '../wire/enforce/directive-source';
import { wireSession } from '../wire/store';
import { wireManifest, type WireModel } from '../wire/xray-source';
import type { XraySourceKind } from './source';
import { checkWireSegment, evictionViewOptions, wireView, withWireSegments } from './wire-enforcement';

/**
 * Wire sessions (what a CLI sent its provider through Loupe's relay) as the
 * third X-Ray source: the latest main request as the manifest. Directives are
 * enforced on the wire: the relay withholds evicted segments from the CLI's
 * next request (issue 21). A run's session shares its thread's directives
 * (one list across the thread's resumed CLI sessions); a wrapped CLI's are its own.
 */
/** The wire sessions' X-Ray source; `deps.db` is read per call, so creating it opens no database. */
export function wireSources(deps: Pick<CoreDeps, 'db' | 'env' | 'now'>, model: (id: string | null) => Promise<WireModel>): XraySourceKind {
  return {
    serves: (target: XrayTarget) => 'wireSession' in target,
    async open(target) {
      if (!('wireSession' in target)) throw new LoupeError('invalid-input', 'Not a wire session.');
      const id = target.wireSession;
      const session = wireSession(deps.db, id);
      if (!session) throw new LoupeError('not-found', `There is no wire session ${id}.`);
      const owner = wireDirectiveOwner(deps.db, id);
      const view = () => {
        const v = wireView(deps.db, [id]);
        if (!v) throw new LoupeError('not-found', `Wire session ${id} has no model request yet.`);
        return v;
      };
      const manifest = async () => {
        const v = view();
        const m = wireManifest(wireSession(deps.db, id)!, v.latest, await model(v.latest.model));
        return { ...m, enforceable: true, segments: withWireSegments([], v, listDirectives(deps.db, owner), false, evictionViewOptions(deps)), wire: v.enforcement };
      };
      const check = async (segmentId: string, kind: 'pin' | 'evict' | 'summarize' = 'pin') => checkWireSegment(view(), segmentId, kind, false, `Wire session ${id}`);
      return { owner, manifest, checkDirective: (segmentId, kind) => check(segmentId, kind), requireSegment: (segmentId) => check(segmentId), changed: () => manifest() };
    },
  };
}
