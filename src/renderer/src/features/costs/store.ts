import { create } from 'zustand';
import type { CostReport } from '../../../../shared/contract/cost';
import type { CostGroupBy } from '../../../../shared/cost/report';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

interface CostsState {
  by: CostGroupBy;
  since: string | null;
  /** The report by day or week (the chart) and by the chosen grouping (the table). */
  timeline: CostReport | null;
  report: CostReport | null;
  loading: boolean;
  error: UiError | null;
  load(): Promise<void>;
  setBy(by: CostGroupBy): Promise<void>;
  setSince(since: string | null): Promise<void>;
}

/** The Costs view's state: one cost.report for the chart (by day) and one for the table. */
export const useCosts = create<CostsState>()((set, get) => ({
  by: 'session',
  since: null,
  timeline: null,
  report: null,
  loading: false,
  error: null,
  async load() {
    const { by, since } = get();
    set({ loading: true, error: null });
    try {
      const range = since ? { since } : {};
      const [timeline, report] = await Promise.all([bridge.call('cost.report', { by: 'day', ...range }), bridge.call('cost.report', { by, ...range })]);
      set({ timeline, report });
    } catch (err) {
      set({ error: toUiError(err) });
    } finally {
      set({ loading: false });
    }
  },
  async setBy(by) {
    set({ by });
    await get().load();
  },
  async setSince(since) {
    set({ since });
    await get().load();
  },
}));
