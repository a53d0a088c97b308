-- The wire: sessions of Loupe's loopback relay and every request they carried.
-- Append-only; sizes, hashes, counts and redacted previews only, never bodies or headers.
CREATE TABLE wire_sessions (
  id         TEXT PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('run', 'wrap', 'custom')),
  agent      TEXT NOT NULL,
  repo       TEXT,
  run_id     TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX wire_sessions_run ON wire_sessions (run_id);

-- What the wire could not record ("not recorded: …"), appended as it is learnt.
CREATE TABLE wire_notes (
  session_id TEXT NOT NULL REFERENCES wire_sessions (id),
  at         TEXT NOT NULL,
  note       TEXT NOT NULL
);
CREATE INDEX wire_notes_session ON wire_notes (session_id);

CREATE TABLE wire_requests (
  session_id     TEXT NOT NULL REFERENCES wire_sessions (id),
  seq            INTEGER NOT NULL,
  run_id         TEXT,
  step_id        TEXT,
  at             TEXT NOT NULL,
  provider       TEXT NOT NULL,
  method         TEXT NOT NULL,
  endpoint       TEXT NOT NULL,
  api            TEXT,
  model          TEXT,
  stream         INTEGER NOT NULL DEFAULT 0,
  status         INTEGER,
  answered_by    TEXT NOT NULL,
  reason         TEXT,
  duration_ms    INTEGER NOT NULL,
  request_bytes  INTEGER NOT NULL,
  response_bytes INTEGER NOT NULL,
  -- Loupe's count of the whole request, and its ceil(bytes / 4) estimate (calibration's x).
  loupe_tokens   INTEGER,
  estimate_tokens INTEGER,
  input_tokens   INTEGER,
  cache_read     INTEGER,
  cache_write    INTEGER,
  output_tokens  INTEGER,
  -- split, count, system blocks, tool definitions, segments, diff: hashes, counts, redacted previews.
  record_json    TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE INDEX wire_requests_run ON wire_requests (run_id, step_id);
CREATE INDEX wire_requests_model ON wire_requests (model, at);

-- Directives on a wire session's segments (X-Ray): intent until issue 21 applies them on the wire.
CREATE TABLE wire_directives (
  wire_session TEXT NOT NULL REFERENCES wire_sessions (id),
  segment_id   TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('pin', 'evict', 'summarize')),
  summary      TEXT,
  author       TEXT NOT NULL CHECK (author IN ('user', 'agent')),
  created_at   TEXT NOT NULL,
  PRIMARY KEY (wire_session, segment_id)
);
