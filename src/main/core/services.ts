import type { Services } from '../../shared/api';
import { SESSION_LIST_MAX } from '../../shared/contract/sessions';
import { appServices } from './app/app-services';
import { callServices, type CallControl } from './app/call-services';
import { modelServices } from './catalog/model-services';
import { costServices } from './cost/cost-services';
import type { CoreDeps } from './deps';
import { contextServices } from './inspect/context-services';
import { memoryServices } from './memory/memory-services';
import { presetServices } from './presets/preset-services';
import { repoServices } from './repo/repo-services';
import { runServices } from './runs/run-services';
import { sessionServices } from './sessions/session-services';
import { settingsServices } from './settings/settings-services';
import { calibrationServices } from './tokens/calibration-services';
import { xrayServices } from './xray/xray-services';
import { wireServices } from './wire/wire-services';
import { trustServices } from './trust/trust-services';

/**
 * The whole service table; each feature contributes its slice. Composed in
 * one direction: models, then runs (which resolve models), then sessions and
 * X-Ray (which start and measure runs, and hear the runner's turn events).
 * What one hands the next is plain functions, never a made-up call.
 */
export function createServices(deps: CoreDeps, control: CallControl): Services {
  const models = modelServices(deps);
  const resolveModel = async (id: string) => models.resolve(id);
  const runs = runServices(deps, { resolveModel });
  const sessions = sessionServices(deps, { resolveModel, runs: runs.api });
  const xray = xrayServices(deps, { resolveModel, runs: runs.api, sessions: sessions.store });
  return {
    ...appServices(deps),
    ...callServices(deps, control),
    ...repoServices(deps),
    ...contextServices(deps),
    ...models.services,
    ...runs.services,
    ...settingsServices(deps),
    ...memoryServices(deps),
    ...presetServices(deps),
    ...sessions.services,
    ...xray,
    ...calibrationServices(deps),
    ...wireServices(deps, { resolveModel, price: models.price }),
    ...trustServices(deps),
    ...costServices(deps, {
      price: models.price,
      listSessions: (ctx) => sessions.services['sessions.list']({ limit: SESSION_LIST_MAX }, ctx),
      readSession: (file, signal) => sessions.store.read(file, signal),
    }),
  };
}
