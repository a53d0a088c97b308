import type { CallContext, Services } from '../../shared/api';
import { appServices } from './app/app-services';
import { callServices, type CallControl } from './app/call-services';
import { modelServices } from './catalog/model-services';
import type { CoreDeps } from './deps';
import { contextServices } from './inspect/context-services';
import { memoryServices } from './memory/memory-services';
import { presetServices } from './presets/preset-services';
import { repoServices } from './repo/repo-services';
import { calibrationServices } from './tokens/calibration-services';
import { runServices } from './runs/run-services';
import { sessionServices } from './sessions/session-services';
import { settingsServices } from './settings/settings-services';
import { xrayServices } from './xray/xray-services';

/** The whole service table; each feature contributes its slice. */
export function createServices(deps: CoreDeps, control: CallControl): Services {
  const models = modelServices(deps);
  const resolveModel = (id: string, ctx: CallContext) => models['models.resolve']({ id }, ctx);
  // X-Ray and sessions continue threads through runs.start; the runner applies X-Ray's directives and tells it when turns change.
  let runs: ReturnType<typeof runServices> | null = null;
  const sessions = sessionServices(deps, {
    resolveModel: (id, signal) => models['models.resolve']({ id }, { callId: 'sessions', signal: signal ?? new AbortController().signal, progress: () => {} }),
    startRun: (request, ctx) => runs!['runs.start'](request, ctx),
  });
  const xray = xrayServices(deps, {
    resolveModel,
    startRun: (request, ctx) => runs!['runs.start'](request, ctx),
    previewRun: (request, ctx) => runs!['runs.preview'](request, ctx),
    session: sessions.xray,
  });
  runs = runServices(deps, { resolveModel, directives: xray.hooks.directives, threadChanged: xray.hooks.threadChanged });
  return {
    ...appServices(deps),
    ...callServices(deps, control),
    ...repoServices(deps),
    ...contextServices(deps),
    ...models,
    ...runs,
    ...settingsServices(deps),
    ...memoryServices(deps),
    ...presetServices(deps),
    ...sessions.services,
    ...xray.services,
    ...calibrationServices(deps.db),
  };
}
