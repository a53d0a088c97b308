-- Threads: a sequence of turns with one agent in one repository.
CREATE TABLE threads (
  id             TEXT PRIMARY KEY,
  repo           TEXT NOT NULL,
  agent          TEXT NOT NULL,
  model          TEXT,
  title          TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  -- The agent CLI's own session, resumed by follow-up turns.
  cli_session_id TEXT
);
CREATE INDEX threads_repo ON threads (repo, updated_at);

-- Runs: one turn of a thread. Status changes as the run goes on; evidence does not.
CREATE TABLE runs (
  id           TEXT PRIMARY KEY,
  thread_id    TEXT NOT NULL REFERENCES threads (id),
  repo         TEXT NOT NULL,
  agent        TEXT NOT NULL,
  model        TEXT,
  ask_preview  TEXT NOT NULL,
  -- The request as validated (settings, selection, attachments): what a retry measures again.
  input_json   TEXT NOT NULL,
  status       TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  ended_at     TEXT,
  staged_dir   TEXT,
  -- The process running it: a run left 'running' by a process that is gone was interrupted.
  owner_pid    INTEGER
);
CREATE INDEX runs_repo ON runs (repo, created_at);
CREATE INDEX runs_thread ON runs (thread_id, created_at);

-- The thread's canonical transcript, kept from the agents' parsed events (not evidence).
CREATE TABLE transcript (
  thread_id  TEXT NOT NULL REFERENCES threads (id),
  seq        INTEGER NOT NULL,
  run_id     TEXT NOT NULL,
  kind       TEXT NOT NULL,
  -- Content-derived id: the same content keeps its id across turns and restarts.
  segment_id TEXT NOT NULL,
  body       TEXT NOT NULL,
  PRIMARY KEY (thread_id, seq)
);

-- A run's recorded stream, for the run view after a reload or restart (bounded per run).
CREATE TABLE run_events (
  run_id  TEXT NOT NULL,
  seq     INTEGER NOT NULL,
  payload TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);

-- Evidence: one row per step (attempt) at its launch decision, one more when it ends.
-- Append-only: counts, hashes and flags, never prompt bodies.
CREATE TABLE evidence_steps (
  id             TEXT PRIMARY KEY,
  run_id         TEXT NOT NULL,
  thread_id      TEXT NOT NULL,
  repo           TEXT NOT NULL,
  ordinal        INTEGER NOT NULL,
  kind           TEXT NOT NULL,
  resumed        INTEGER NOT NULL,
  adapter        TEXT NOT NULL,
  agent_version  TEXT,
  model          TEXT,
  prompt_bytes   INTEGER NOT NULL,
  schema_bytes   INTEGER NOT NULL,
  total_bytes    INTEGER NOT NULL,
  approx_tokens  INTEGER NOT NULL,
  sha256         TEXT NOT NULL,
  sections_json  TEXT NOT NULL,
  exclusions_json TEXT NOT NULL,
  budget_json    TEXT,
  exceeded_json  TEXT NOT NULL,
  outcome        TEXT NOT NULL,
  preset_json    TEXT,
  history_json   TEXT,
  message        TEXT,
  started_at     TEXT NOT NULL
);
CREATE INDEX evidence_steps_run ON evidence_steps (run_id, ordinal);
CREATE INDEX evidence_steps_repo ON evidence_steps (repo, started_at);

CREATE TABLE evidence_step_ends (
  step_id       TEXT PRIMARY KEY REFERENCES evidence_steps (id),
  outcome       TEXT NOT NULL,
  exit_code     INTEGER,
  signal        TEXT,
  ended_at      TEXT NOT NULL,
  reported_json TEXT,
  message       TEXT
);

CREATE TRIGGER evidence_steps_no_update BEFORE UPDATE ON evidence_steps
BEGIN SELECT RAISE(ABORT, 'evidence is append-only'); END;
CREATE TRIGGER evidence_steps_no_delete BEFORE DELETE ON evidence_steps
BEGIN SELECT RAISE(ABORT, 'evidence is append-only'); END;
CREATE TRIGGER evidence_step_ends_no_update BEFORE UPDATE ON evidence_step_ends
BEGIN SELECT RAISE(ABORT, 'evidence is append-only'); END;
CREATE TRIGGER evidence_step_ends_no_delete BEFORE DELETE ON evidence_step_ends
BEGIN SELECT RAISE(ABORT, 'evidence is append-only'); END;
