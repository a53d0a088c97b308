import type { ReportedUsage } from '../../../shared/contract/runs';
import { CALIBRATION_RECENT_RUNS, type CalibrationRow } from '../../../shared/tokens/calibration';
import type { Db } from '../store/store';

/** A calibration row with when its step started. */
export type DatedCalibrationRow = CalibrationRow & { startedAt: string };

/**
 * Each model's most recent fresh steps (at most `perModel`) where the
 * provider reported the prompt's size: Loupe's estimate beside that count,
 * oldest first within a model. Resumed steps carry context Loupe did not send,
 * and the demo agent counts bytes / 4 itself: neither says anything about a
 * model's tokenizer, so both are left out. Rows only; nothing is changed.
 */
export function calibrationRows(db: Db, model?: string, perModel = CALIBRATION_RECENT_RUNS): DatedCalibrationRow[] {
  const rows = db
    .prepare(
      `SELECT model, approx_tokens, reported_json, started_at FROM (
         SELECT s.model, s.approx_tokens, e.reported_json, s.started_at,
                ROW_NUMBER() OVER (PARTITION BY s.model ORDER BY s.started_at DESC, s.rowid DESC) AS n
           FROM evidence_steps s JOIN evidence_step_ends e ON e.step_id = s.id
          WHERE s.resumed = 0 AND s.adapter != 'demo' AND s.model IS NOT NULL AND s.model != ''
            AND e.reported_json LIKE '%"promptTokens"%' ${model === undefined ? '' : 'AND s.model = ?'}
       ) WHERE n <= ? ORDER BY model, started_at`,
    )
    .all(...(model === undefined ? [perModel] : [model, perModel])) as { model: string; approx_tokens: number; reported_json: string; started_at: string }[];
  return rows.flatMap((r) => {
    const reported = JSON.parse(r.reported_json) as ReportedUsage;
    const prompt = reported.promptTokens;
    return typeof prompt === 'number' && prompt > 0
      ? [{ model: r.model, loupeEstimateTokens: r.approx_tokens, providerReportedInputTokens: prompt, startedAt: r.started_at }]
      : [];
  });
}
