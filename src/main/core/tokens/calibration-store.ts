import { CALIBRATION_RECENT_RUNS, type CalibrationRow } from '../../../shared/tokens/calibration';
import type { Db } from '../store/store';

/** A calibration row with when its step started. */
export type DatedCalibrationRow = CalibrationRow & { startedAt: string };

/**
 * One point: Loupe's estimate of a prompt beside the input the provider
 * reported for it. `source` names what it was measured on ('step:<id>',
 * 'wire:<session>:<seq>'), so a point is recorded once.
 */
export interface CalibrationPoint {
  source: string;
  model: string;
  estimateTokens: number;
  reportedTokens: number;
  at: string;
}

/**
 * Records a point, from the store that recorded its step or request. Only
 * points that say something about a model's tokenizer belong here: the
 * caller leaves out resumed steps (context Loupe did not send) and the demo
 * agent (it counts bytes / 4 itself); a point without a model or a positive
 * count on both sides is refused here.
 */
export function recordCalibrationPoint(db: Db, p: CalibrationPoint): void {
  if (p.model === '' || !(p.estimateTokens > 0) || !(p.reportedTokens > 0)) return;
  db.prepare<[string, string, number, number, string]>(
    'INSERT OR IGNORE INTO calibration_points (source, model, estimate_tokens, reported_tokens, at) VALUES (?, ?, ?, ?, ?)',
  ).run(p.source, p.model, p.estimateTokens, p.reportedTokens, p.at);
}

interface PointRow {
  model: string;
  estimate_tokens: number;
  reported_tokens: number;
  at: string;
}

/**
 * Each model's most recent points (at most `perModel`), oldest first within
 * a model: fresh steps where the provider reported the prompt's size, and
 * model requests the wire recorded with the provider's report. Rows only;
 * nothing is changed.
 */
export function calibrationRows(db: Db, model?: string, perModel = CALIBRATION_RECENT_RUNS): DatedCalibrationRow[] {
  // One model (every wire request asks): its latest points straight from the (model, at) index, not a
  // window over all its points (a long session adds one per request).
  const rows =
    model !== undefined
      ? db
          .prepare<[string, number], PointRow>('SELECT model, estimate_tokens, reported_tokens, at FROM calibration_points WHERE model = ? ORDER BY at DESC LIMIT ?')
          .all(model, perModel)
          .reverse()
      : db
          .prepare<[number], PointRow>(
            `SELECT model, estimate_tokens, reported_tokens, at FROM (
               SELECT model, estimate_tokens, reported_tokens, at, ROW_NUMBER() OVER (PARTITION BY model ORDER BY at DESC) AS n
                 FROM calibration_points
             ) WHERE n <= ? ORDER BY model, at`,
          )
          .all(perModel);
  return rows.map((r) => ({ model: r.model, loupeEstimateTokens: r.estimate_tokens, providerReportedInputTokens: r.reported_tokens, startedAt: r.at }));
}
