-- A step's wire in its evidence (issue 31): the request budget its relay enforced (at the
-- launch decision) and, when the relay blocked one of its requests, which request, its size
-- and the ceilings it went over (when it ended). JSON; NULL for none. Figures only, never a body.
ALTER TABLE evidence_steps ADD COLUMN request_budget_json TEXT;
ALTER TABLE evidence_step_ends ADD COLUMN wire_block_json TEXT;
