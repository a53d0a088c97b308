import type { Services } from '../../../shared/api';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { repoTrust } from './trust';
import { deleteGrant, writeGrant } from './trust-store';

/** Loupe's workspace trust: what a repository's agent configuration would run, trusting it, withdrawing that. */
export function trustServices(deps: CoreDeps): Pick<Services, 'trust.show' | 'trust.grant' | 'trust.revoke'> {
  // The repository's top folder, as git names it (a path inside it, or a link to it, is the same repository).
  const root = (path: string, signal?: AbortSignal) => deps.repos.use(path, async (reader) => reader.root, signal);
  return {
    'trust.show': async ({ repo }, ctx) => await repoTrust(deps.db, await root(repo, ctx.signal), deps.env),
    'trust.grant': async ({ repo, fingerprint }, ctx) => {
      const top = await root(repo, ctx.signal);
      const now = await repoTrust(deps.db, top, deps.env);
      // The user trusts what they were shown: a configuration that changed since is shown again first.
      if (now.fingerprint !== fingerprint) {
        throw new LoupeError('invalid-input', "This repository's agent configuration changed since it was shown: look at it again before trusting it.", { trust: now });
      }
      writeGrant(deps.db, top, fingerprint, deps.now());
      return await repoTrust(deps.db, top, deps.env);
    },
    'trust.revoke': async ({ repo }, ctx) => {
      const top = await root(repo, ctx.signal);
      deleteGrant(deps.db, top);
      return await repoTrust(deps.db, top, deps.env);
    },
  };
}
