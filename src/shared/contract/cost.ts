/**
 * Money (issue 36): what requests cost at list price, grouped; one call the
 * CLI (`loupe cost`) and the Costs view share.
 */
import { z } from 'zod';
import type { CostTotals } from '../cost/price';
import { COST_GROUPS, type CostGroup, type CostGroupBy } from '../cost/report';
import { lazy, method } from './define';

export interface CostReport {
  /** The first day counted (YYYY-MM-DD, UTC), or null for everything recorded. */
  since: string | null;
  by: CostGroupBy;
  groups: CostGroup[];
  /** The sum of every request counted (equal to the sum of the groups). */
  total: CostTotals;
  /** Per source: runs, wrapped sessions, imported transcripts. */
  sources: { run: CostTotals; wrap: CostTotals; custom: CostTotals; imported: CostTotals };
  /** What was not counted, in words (unreadable transcripts, duplicates skipped). */
  notes: string[];
}

const day = lazy(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'));

export const costMethods = {
  /** Every priced request Loupe knows of since a day: wire requests, runs off the wire, imported transcripts. */
  'cost.report': method<CostReport>()(() =>
    z
      .object({
        since: day().optional(),
        by: z.enum(COST_GROUPS, { error: `must be one of ${COST_GROUPS.join(', ')}` }).default('day'),
        /** Read the CLIs' own transcripts too (on by default). */
        imported: z.boolean().default(true),
      })
      .strict(),
  ),
};
