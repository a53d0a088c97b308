-- X-Ray directives on imported CLI sessions (Claude Code, Codex, Gemini transcripts): intent
-- until the session is continued as a Loupe thread. Keyed by the transcript's real path and
-- the session id it records, never written into the transcript (which Loupe only reads).
CREATE TABLE session_directives (
  file       TEXT NOT NULL,
  session_id TEXT NOT NULL,
  segment_id TEXT NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('pin', 'evict', 'summarize')),
  summary    TEXT,
  author     TEXT NOT NULL CHECK (author IN ('user', 'agent')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (file, session_id, segment_id)
);

-- Loupe threads an imported session was continued as (prune-and-continue), newest last.
CREATE TABLE session_continuations (
  file       TEXT NOT NULL,
  session_id TEXT NOT NULL,
  thread_id  TEXT NOT NULL REFERENCES threads (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (file, session_id, thread_id)
);
