import type { Services } from '../../../shared/api';
import type { CoreDeps } from '../deps';

type AppServices = Pick<Services, 'app.info'>;

/** Facts about this installation, for the shell and Settings. */
export function appServices(deps: CoreDeps): AppServices {
  return {
    'app.info': async () => {
      const git = await deps.git.detect();
      return {
        name: 'Loupe',
        version: deps.version,
        userDataDir: deps.userDataDir,
        platform: process.platform,
        host: deps.host,
        git: { available: git.available, version: git.version },
      };
    },
  };
}
