import type { Services } from '../../../shared/api';
import { CALIBRATION_RECENT_RUNS, DEFAULT_FAMILY_FACTORS, MIN_CALIBRATION_RUNS, calibrate, type ModelFamily } from '../../../shared/tokens/calibration';
import { foldCountFor } from '../../../shared/tokens/fold-count';
import type { CoreDeps } from '../deps';
import { calibrationRows } from './calibration-store';

type CalibrationServices = Pick<Services, 'tokens.calibration'>;

/**
 * tokens.calibration: each model's recent fresh runs, estimate against the provider's report; read-only.
 * `deps.db` is read per call: the database opens only when a call needs it.
 */
export function calibrationServices(deps: Pick<CoreDeps, 'db'>): CalibrationServices {
  return {
    'tokens.calibration': async ({ model }) => {
      const rows = calibrationRows(deps.db, model);
      const lastRun = new Map<string, string>();
      for (const r of rows) if ((lastRun.get(r.model) ?? '') < r.startedAt) lastRun.set(r.model, r.startedAt);
      return {
        models: calibrate(rows).map((calibration) => ({
          model: calibration.model,
          calibration,
          fold: foldCountFor(calibration.model, '', calibration),
          lastRunAt: lastRun.get(calibration.model) ?? '',
        })),
        recentRuns: CALIBRATION_RECENT_RUNS,
        minRuns: MIN_CALIBRATION_RUNS,
        familyDefaults: (Object.entries(DEFAULT_FAMILY_FACTORS) as [ModelFamily, { factor: number; basis: string }][]).map(([family, d]) => ({ family, ...d })),
      };
    },
  };
}
