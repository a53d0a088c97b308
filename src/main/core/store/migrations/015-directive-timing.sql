-- When a directive on the wire is applied (issue 37): `timing` is what was asked ('now', or 'cheap':
-- at the next moment the provider's cache is lost anyway, or the eviction pays back quickly);
-- `applied_json` records the first request that withheld the segment ({ at, sessionId, seq, reason }),
-- after which every later request withholds it (sending it again would break the cache twice).
-- Directives made before this migration were applied on the very next request: they read as 'now'.
ALTER TABLE xray_directives ADD COLUMN timing TEXT NOT NULL DEFAULT 'now' CHECK (timing IN ('now', 'cheap'));
ALTER TABLE xray_directives ADD COLUMN applied_json TEXT;
ALTER TABLE session_directives ADD COLUMN timing TEXT NOT NULL DEFAULT 'now' CHECK (timing IN ('now', 'cheap'));
ALTER TABLE session_directives ADD COLUMN applied_json TEXT;
ALTER TABLE wire_directives ADD COLUMN timing TEXT NOT NULL DEFAULT 'now' CHECK (timing IN ('now', 'cheap'));
ALTER TABLE wire_directives ADD COLUMN applied_json TEXT;
