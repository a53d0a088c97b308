-- Team presets: named run settings with immutable, numbered revisions.
CREATE TABLE presets (
  name        TEXT PRIMARY KEY,
  -- When this machine first stored the preset (saved or imported).
  created_at  TEXT NOT NULL,
  -- Archived presets are hidden from the list; their revisions stay, since evidence names them.
  archived_at TEXT
);

-- A revision is never changed or removed once written: evidence and libraries name it by number,
-- and an import that finds the same number with different settings is refused as a conflict.
CREATE TABLE preset_revisions (
  preset        TEXT NOT NULL REFERENCES presets (name),
  revision      INTEGER NOT NULL CHECK (revision > 0),
  -- When and by whom the revision was made (kept as the library file says for imports).
  created_at    TEXT NOT NULL,
  author        TEXT,
  -- RunSettings as canonical JSON (sorted keys).
  settings_json TEXT NOT NULL,
  -- {"kind":"saved"} or {"kind":"imported","label":…,"importedAt":…}
  origin_json   TEXT NOT NULL,
  PRIMARY KEY (preset, revision)
);

CREATE TRIGGER preset_revisions_no_update BEFORE UPDATE ON preset_revisions
BEGIN SELECT RAISE(ABORT, 'preset revisions are immutable'); END;
CREATE TRIGGER preset_revisions_no_delete BEFORE DELETE ON preset_revisions
BEGIN SELECT RAISE(ABORT, 'preset revisions are immutable'); END;
