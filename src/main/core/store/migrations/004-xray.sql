-- X-Ray directives: what the user (or the agent) asked of a thread's segments. Kept apart
-- from the transcript, which they never change: restore deletes the directive, nothing else.
CREATE TABLE xray_directives (
  thread_id  TEXT NOT NULL REFERENCES threads (id),
  segment_id TEXT NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('pin', 'evict', 'summarize')),
  summary    TEXT,
  author     TEXT NOT NULL CHECK (author IN ('user', 'agent')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (thread_id, segment_id)
);

-- The latest manifest of each thread (no history): ids, kinds, counts, hashes and previews of
-- at most 200 redacted characters, never a prompt body.
CREATE TABLE xray_manifests (
  thread_id TEXT PRIMARY KEY REFERENCES threads (id),
  built_at  TEXT NOT NULL,
  manifest  TEXT NOT NULL
);

-- Inventories external hosts posted (xray.report): advisory, the latest per thread and host.
CREATE TABLE xray_reports (
  thread_id   TEXT NOT NULL REFERENCES threads (id),
  host        TEXT NOT NULL,
  reported_at TEXT NOT NULL,
  report      TEXT NOT NULL,
  PRIMARY KEY (thread_id, host)
);
