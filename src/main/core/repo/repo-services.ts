import type { Services } from '../../../shared/api';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { listDir } from '../inspect/list-dir';
import { forgetRecent, listRecent, touchRecent } from '../store/recent-repos';
import { openRepo } from '../git/open-repo';

type RepoServices = Pick<Services, 'repo.open' | 'repo.recent' | 'repo.forget' | 'repo.pickFolder' | 'repo.refs' | 'repo.listDir'>;

/** Opening repositories, the recent list, refs and the lazy tree; all git access through deps.repos. */
export function repoServices(deps: CoreDeps): RepoServices {
  return {
    'repo.open': async ({ path }, ctx) => {
      const info = await openRepo(deps.repos, path, ctx.signal);
      ctx.signal.throwIfAborted();
      touchRecent(deps.db, info.root, info.name, deps.now());
      return info;
    },
    'repo.recent': async () => listRecent(deps.db),
    'repo.forget': async ({ path }) => {
      forgetRecent(deps.db, path);
      return listRecent(deps.db);
    },
    'repo.pickFolder': async () => {
      if (!deps.pickFolder) {
        throw new LoupeError('unsupported', 'The folder picker needs the desktop app; type the folder path instead.');
      }
      return { path: await deps.pickFolder() };
    },
    'repo.refs': ({ repo }, ctx) => deps.repos.use(repo, (reader) => reader.refs(), ctx.signal),
    'repo.listDir': ({ repo, baseRef, dir }, ctx) =>
      deps.repos.use(repo, (reader) => listDir(reader, { baseRef, dir }), ctx.signal),
  };
}
