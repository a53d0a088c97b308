-- Memory: notes kept across runs; the selected ones go with a run as its Memory section.
CREATE TABLE memory_items (
  id         TEXT PRIMARY KEY,
  text       TEXT NOT NULL,
  selected   INTEGER NOT NULL DEFAULT 1 CHECK (selected IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
