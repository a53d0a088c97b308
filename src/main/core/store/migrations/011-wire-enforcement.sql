-- Enforcement on the wire (issue 21): what the stages did to or learnt of each request,
-- as JSON with one key per stage (evictions, secrets, budget). Counts, hashes, kinds and
-- ceilings only: never a body or a secret's value. NULL when no stage had anything to say.
ALTER TABLE wire_requests ADD COLUMN enforcement_json TEXT;
