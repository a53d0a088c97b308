-- Calibration's own points: Loupe's estimate of a prompt beside the input the provider reported
-- for it, one per fresh step that ended with a report and one per model request the wire saw
-- answered upstream. The store that records a step or a request adds its point here through the
-- calibration store (tokens/calibration-store.ts), the only module that reads this table; evidence
-- and wire tables are read by their own stores alone.
CREATE TABLE calibration_points (
  -- Where the point comes from: 'step:<step id>' or 'wire:<session id>:<seq>' (each recorded once).
  source          TEXT PRIMARY KEY,
  model           TEXT NOT NULL,
  estimate_tokens INTEGER NOT NULL,
  reported_tokens INTEGER NOT NULL,
  at              TEXT NOT NULL
);
CREATE INDEX calibration_points_model ON calibration_points (model, at);

-- The points recorded before this table: fresh steps of real agents with the provider's prompt count,
-- and model requests answered upstream with an estimate and a reported input.
INSERT OR IGNORE INTO calibration_points (source, model, estimate_tokens, reported_tokens, at)
  SELECT 'step:' || s.id, s.model, s.approx_tokens, json_extract(e.reported_json, '$.promptTokens'), s.started_at
    FROM evidence_steps s JOIN evidence_step_ends e ON e.step_id = s.id
   WHERE s.resumed = 0 AND s.adapter != 'demo' AND s.model IS NOT NULL AND s.model != ''
     AND json_valid(e.reported_json)
     AND json_type(e.reported_json, '$.promptTokens') IN ('integer', 'real')
     AND json_extract(e.reported_json, '$.promptTokens') > 0;

INSERT OR IGNORE INTO calibration_points (source, model, estimate_tokens, reported_tokens, at)
  SELECT 'wire:' || session_id || ':' || seq, model, estimate_tokens, input_tokens, at
    FROM wire_requests
   WHERE api IS NOT NULL AND answered_by = 'upstream' AND model IS NOT NULL AND model != ''
     AND input_tokens > 0 AND estimate_tokens > 0;
