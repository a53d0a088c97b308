import type { Services } from '../../../shared/api';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { openRepo } from '../repo/open-repo';
import { forgetRecent, listRecent, touchRecent } from '../store/recent-repos';

type AppServices = Pick<Services, 'app.info' | 'repo.open' | 'repo.recent' | 'repo.forget' | 'repo.pickFolder'>;

/** The shell's services: app facts, opening repositories, the recent list. */
export function appServices(deps: CoreDeps): AppServices {
  return {
    'app.info': async () => ({
      name: 'Loupe',
      version: deps.version,
      userDataDir: deps.userDataDir,
      platform: process.platform,
      host: deps.host,
      git: { available: deps.git.available, version: deps.git.version },
    }),
    'repo.open': async ({ path }) => {
      const info = await openRepo(deps.git, path);
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
  };
}
