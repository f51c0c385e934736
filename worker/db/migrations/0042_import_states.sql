-- Imports (docs/console/imports.md): an import whose Worker stopped part-way is marked failed
-- (status 'failed', found by its progress standing still: progress_at), so it never stays
-- "running"; it can be undone, and the same file imported again (the unique index leaves a failed
-- import out). An import records the text opt-outs it made from a file's marketing consent
-- (import_items entity 'opt_out', keyed by the phone), so undo removes them. The CHECKs change,
-- so both tables are rebuilt with their rows and ids; import_items refers to imports by id, and
-- the foreign keys are checked only when the migration commits.
PRAGMA defer_foreign_keys = on;

CREATE TABLE imports_new (
  id             INTEGER PRIMARY KEY,
  salon_id       INTEGER NOT NULL REFERENCES salons(id),
  source         TEXT NOT NULL,
  kind           TEXT NOT NULL,
  content_sha256 TEXT NOT NULL,
  rows           INTEGER NOT NULL CHECK (rows >= 0),
  done_rows      INTEGER NOT NULL DEFAULT 0,
  added          INTEGER NOT NULL DEFAULT 0,
  merged         INTEGER NOT NULL DEFAULT 0,
  refused        INTEGER NOT NULL DEFAULT 0,
  status         TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed', 'undone')),
  created_by     TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  -- when the writing last moved (each batch); a running import whose progress stands still is dead
  progress_at    INTEGER,
  finished_at    INTEGER,
  undone_at      INTEGER
);
INSERT INTO imports_new (id, salon_id, source, kind, content_sha256, rows, done_rows, added, merged, refused, status,
                         created_by, created_at, progress_at, finished_at, undone_at)
  SELECT id, salon_id, source, kind, content_sha256, rows, done_rows, added, merged, refused, status,
         created_by, created_at, coalesce(finished_at, created_at), finished_at, undone_at
    FROM imports;

CREATE TABLE import_items_new (
  import_id  INTEGER NOT NULL REFERENCES imports(id),
  entity     TEXT NOT NULL CHECK (entity IN ('client', 'category', 'service', 'stylist', 'voucher', 'appointment', 'opt_out')),
  entity_key TEXT NOT NULL,
  action     TEXT NOT NULL CHECK (action IN ('added', 'merged')),
  before     TEXT,
  PRIMARY KEY (import_id, entity, entity_key)
) WITHOUT ROWID;
INSERT INTO import_items_new (import_id, entity, entity_key, action, before)
  SELECT import_id, entity, entity_key, action, before FROM import_items;

DROP TABLE import_items;
DROP TABLE imports;
ALTER TABLE imports_new RENAME TO imports;
ALTER TABLE import_items_new RENAME TO import_items;
CREATE UNIQUE INDEX imports_file ON imports(salon_id, content_sha256) WHERE status IN ('running', 'done');
CREATE INDEX imports_salon ON imports(salon_id, created_at);

PRAGMA defer_foreign_keys = off;
