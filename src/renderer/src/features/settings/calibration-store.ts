import { create } from 'zustand';
import type { CalibrationReport } from '../../../../shared/contract/tokens';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

interface CalibrationState {
  report: CalibrationReport | null;
  error: UiError | null;
  /** Reads the calibration from the evidence of the user's recent runs (tokens.calibration). */
  load(): Promise<void>;
}

/** Settings → Models → Calibration: how Loupe's estimate compared with the providers' reports. */
export const useCalibration = create<CalibrationState>()((set) => ({
  report: null,
  error: null,
  async load() {
    try {
      set({ report: await bridge.call('tokens.calibration', {}), error: null });
    } catch (err) {
      set({ error: toUiError(err) });
    }
  },
}));
