import type { Services } from '../../../shared/api';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';

type AppServices = Pick<Services, 'app.info' | 'app.saveFile'>;

/** Facts about this installation, for the shell and Settings; saving a document where the user chooses. */
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
    'app.saveFile': async ({ suggestedName, content }) => {
      if (!deps.saveFile) {
        throw new LoupeError('unsupported', 'Saving through a dialog needs the desktop app; the page downloads the file instead.');
      }
      const path = await deps.saveFile(suggestedName, content);
      return { saved: path !== null, path };
    },
  };
}
