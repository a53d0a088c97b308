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
 * model's tokenizer, so both are left out. Every model request the wire
 * recorded with a report is a point too. Rows only; nothing is changed.
 */
export function calibrationRows(db: Db, model?: string, perModel = CALIBRATION_RECENT_RUNS): DatedCalibrationRow[] {
  const byModel = model === undefined ? '' : 'AND model = ?';
  // Evidence steps, and every model request the wire recorded with the provider's report
  // (Loupe's estimate of the whole request beside the reported input, cache included).
  const rows = db
    .prepare(
      `SELECT model, approx_tokens, reported_json, started_at FROM (
         SELECT model, approx_tokens, reported_json, started_at,
                ROW_NUMBER() OVER (PARTITION BY model ORDER BY started_at DESC) AS n
           FROM (
             SELECT s.model, s.approx_tokens, e.reported_json, s.started_at
               FROM evidence_steps s JOIN evidence_step_ends e ON e.step_id = s.id
              WHERE s.resumed = 0 AND s.adapter != 'demo' AND s.model IS NOT NULL AND s.model != ''
                AND e.reported_json LIKE '%"promptTokens"%'
             UNION ALL
             SELECT model, estimate_tokens, json_object('promptTokens', input_tokens), at
               FROM wire_requests
              WHERE api IS NOT NULL AND answered_by = 'upstream' AND model IS NOT NULL AND model != ''
                AND input_tokens > 0 AND estimate_tokens > 0
           ) WHERE 1 = 1 ${byModel}
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
