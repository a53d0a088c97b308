-- A wire session records the thread it belongs to (a run's thread; none for a wrapped CLI),
-- so the wire finds a thread's sessions without reading the runs table (issue 32).
ALTER TABLE wire_sessions ADD COLUMN thread_id TEXT;
UPDATE wire_sessions SET thread_id = (SELECT runs.thread_id FROM runs WHERE runs.id = wire_sessions.run_id) WHERE run_id IS NOT NULL;
CREATE INDEX wire_sessions_thread ON wire_sessions (thread_id, created_at);
