import type { Services } from '../../shared/api';
import { appServices } from './app/app-services';
import { callServices, type CallControl } from './app/call-services';
import { modelServices } from './catalog/model-services';
import type { CoreDeps } from './deps';
import { contextServices } from './inspect/context-services';
import { presetServices } from './presets/preset-services';
import { repoServices } from './repo/repo-services';
import { runServices } from './runs/run-services';
import { sessionServices } from './sessions/session-services';
import { settingsServices } from './settings/settings-services';

/** The whole service table; each feature contributes its slice. */
export function createServices(deps: CoreDeps, control: CallControl): Services {
  const models = modelServices(deps);
  return {
    ...appServices(deps),
    ...callServices(deps, control),
    ...repoServices(deps),
    ...contextServices(deps),
    ...models,
    ...runServices(deps, { resolveModel: (id, ctx) => models['models.resolve']({ id }, ctx) }),
    ...settingsServices(deps),
    ...presetServices(deps),
    ...sessionServices(deps, {
      resolveModel: (id, signal) => models['models.resolve']({ id }, { callId: 'sessions', signal: signal ?? new AbortController().signal, progress: () => {} }),
    }),
  };
}
