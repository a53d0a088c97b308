import { z } from 'zod';
import type { CacheMiss } from '../cost/cache-miss';
import type { BillableTokens, CostTotals, RequestPrice } from '../cost/price';
import { pathString } from './common';
import { lazy, method } from './define';
import type { WireRequestRecord, WireSessionSummary } from './wire';
import { isCalendarDay, type WireToolsReport } from './wire-tools';
import type { Manifest } from './xray';

const sessionId = lazy(() =>
  z.string().regex(/^[0-9a-f-]{36}$/, 'is not a wire session id'),
);

/** One wire session: its summary, every request in brief, and one request in full. */
export interface WireSessionDetail {
  session: WireSessionSummary;
  /** Each request without its parts (history chart, list). */
  requests: Omit<WireRequestRecord, 'system' | 'tools' | 'segments'>[];
  /** The request asked for, or the latest model request; null when there is none yet. */
  request: WireRequestRecord | null;
  /** That request as an X-Ray manifest (advisory: Loupe does not assemble these requests). */
  manifest: Manifest | null;
  /** What each reported request cost at list price, the session's total, and its cache misses (issue 36). */
  costs?: WireSessionCosts;
}

/** One request's list price (from the provider's reported usage). */
export interface WireRequestCost {
  seq: number;
  tokens: BillableTokens;
  price: RequestPrice;
}

export interface WireSessionCosts {
  requests: WireRequestCost[];
  total: CostTotals;
  misses: CacheMiss[];
}

export const wireMethods = {
  /** Wire sessions, newest first; with `repo`, only that repository's. */
  'wire.list': method<WireSessionSummary[]>()(() => z.object({ repo: pathString().optional() }).strict()),
  /** A wire session with its requests; `request` picks one by number (default: the latest model request). */
  'wire.show': method<WireSessionDetail>()(() => z.object({ sessionId: sessionId(), request: z.number().int().positive().optional() }).strict()),
  /**
   * Tool definitions against their use (issue 37): per tool and MCP server, definition tokens × requests,
   * their list price and share, the calls made; one session, or every session (of a repository, since a day).
   */
  'wire.tools': method<WireToolsReport>()(() =>
    z
      .object({
        sessionId: sessionId().optional(),
        repo: pathString().optional(),
        since: z.string().refine(isCalendarDay, 'must be a day as YYYY-MM-DD (a real date, UTC)').optional(),
      })
      .strict(),
  ),
};
