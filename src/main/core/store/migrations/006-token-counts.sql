-- The exact count of the prompt a step sent (models whose tokenizer is public), counted in the
-- token workers after launch so the launch never waits for it; recorded with the step's end.
ALTER TABLE evidence_step_ends ADD COLUMN exact_json TEXT;

-- Calibration reads a model's recent fresh steps.
CREATE INDEX evidence_steps_model ON evidence_steps (model, started_at);
