-- The answer's facts of a request whose record was written before its answer ended (issue 38: a
-- model still thinking when the relay had analysed the body). Committed at the answer's end, before
-- the CLI gets its last byte, as a small row of their own: an UPDATE of wire_requests rewrites the
-- whole row with its record_json (hundreds of KB for a long conversation), ~1–1.5 ms on the
-- answer's way. Readers see wire_request_rows, which lays these facts over the request's row.
CREATE TABLE wire_answers (
  session_id     TEXT NOT NULL,
  seq            INTEGER NOT NULL,
  model          TEXT,
  status         INTEGER,
  answered_by    TEXT NOT NULL,
  reason         TEXT,
  duration_ms    INTEGER NOT NULL,
  response_bytes INTEGER NOT NULL,
  input_tokens   INTEGER,
  cache_read     INTEGER,
  cache_write    INTEGER,
  output_tokens  INTEGER,
  PRIMARY KEY (session_id, seq),
  FOREIGN KEY (session_id, seq) REFERENCES wire_requests (session_id, seq) ON DELETE CASCADE
);

-- Every request as recorded: its row, with its answer's facts where they were written apart.
CREATE VIEW wire_request_rows AS
SELECT r.session_id, r.seq, r.run_id, r.step_id, r.at, r.provider, r.method, r.endpoint, r.api,
       CASE WHEN a.seq IS NULL THEN r.model ELSE a.model END AS model,
       r.stream,
       CASE WHEN a.seq IS NULL THEN r.status ELSE a.status END AS status,
       CASE WHEN a.seq IS NULL THEN r.answered_by ELSE a.answered_by END AS answered_by,
       CASE WHEN a.seq IS NULL THEN r.reason ELSE a.reason END AS reason,
       CASE WHEN a.seq IS NULL THEN r.duration_ms ELSE a.duration_ms END AS duration_ms,
       r.request_bytes,
       CASE WHEN a.seq IS NULL THEN r.response_bytes ELSE a.response_bytes END AS response_bytes,
       r.loupe_tokens, r.estimate_tokens,
       CASE WHEN a.seq IS NULL THEN r.input_tokens ELSE a.input_tokens END AS input_tokens,
       CASE WHEN a.seq IS NULL THEN r.cache_read ELSE a.cache_read END AS cache_read,
       CASE WHEN a.seq IS NULL THEN r.cache_write ELSE a.cache_write END AS cache_write,
       CASE WHEN a.seq IS NULL THEN r.output_tokens ELSE a.output_tokens END AS output_tokens,
       r.record_json, r.enforcement_json
  FROM wire_requests r LEFT JOIN wire_answers a ON a.session_id = r.session_id AND a.seq = r.seq;
