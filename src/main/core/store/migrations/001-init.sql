-- Recent repositories shown on the start screen and in the repository menu.
CREATE TABLE recent_repos (
  path      TEXT PRIMARY KEY,
  name      TEXT NOT NULL,
  opened_at TEXT NOT NULL
);

-- Small user settings as JSON values, keyed by a dotted name (e.g. "models.refresh").
CREATE TABLE settings (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
