import type { Services } from '../../../shared/api';
import { sessionMethods } from '../../../shared/contract/sessions';
import { parseWithSchema } from '../../../shared/validate-schema';
import { modelServices } from '../catalog/model-services';
import type { CoreDeps } from '../deps';
import type { ServiceTable } from '../runtime-core';
import { SessionStore } from './session-store';
import { readSession, sessionManifest } from './session-xray';

/** `sessions.manifest` over a session store: the transcript's manifest with its directives shown. */
export function sessionManifestService(deps: Pick<CoreDeps, 'db'>, store: SessionStore): Services['sessions.manifest'] {
  return async ({ file }, ctx) => sessionManifest(deps.db, store, await readSession(store, file, ctx.signal), ctx.signal);
}

/**
 * A service table with `sessions.manifest` alone, for `loupe xray --session FILE`: the same
 * service, store, catalog and request schema as the app's, without loading (or compiling)
 * the rest of the app; on a 3 MB transcript that load was most of the command's time (issue 38).
 */
export const sessionManifestOnlyTable: ServiceTable = {
  create: (deps) => {
    const models = modelServices(deps);
    const store = new SessionStore(async (id) => models.resolve(id), deps.now);
    return { 'sessions.manifest': sessionManifestService(deps, store) };
  },
  parse: (name, input) => parseWithSchema(name, sessionMethods['sessions.manifest'].request, input),
};
