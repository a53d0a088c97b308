-- Where each run setting of a step came from (default, the user's change, a preset revision, or this run's own flag).
ALTER TABLE evidence_steps ADD COLUMN sources_json TEXT;
