-- Imports from another salon system (issue 50; docs/console/imports.md): each import, what it wrote (so
-- undo removes exactly that and gives merged fields back), and the clients a salon brought with it.

-- One import of one file. The same file (its SHA-256) is taken once per salon while an import of
-- it stands: a second import of it finds this row and adds nothing.
CREATE TABLE imports (
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
  status         TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'undone')),
  created_by     TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  finished_at    INTEGER,
  undone_at      INTEGER
);
CREATE UNIQUE INDEX imports_file ON imports(salon_id, content_sha256) WHERE status <> 'undone';
CREATE INDEX imports_salon ON imports(salon_id, created_at);

-- What an import wrote: a row it added, or one it merged into (`before`: the merged fields as they
-- were, JSON). The key names the row: a client's key, a service's, stylist's, voucher's or
-- appointment's id.
CREATE TABLE import_items (
  import_id  INTEGER NOT NULL REFERENCES imports(id),
  entity     TEXT NOT NULL CHECK (entity IN ('client', 'category', 'service', 'stylist', 'voucher', 'appointment')),
  entity_key TEXT NOT NULL,
  action     TEXT NOT NULL CHECK (action IN ('added', 'merged')),
  before     TEXT,
  PRIMARY KEY (import_id, entity, entity_key)
) WITHOUT ROWID;

-- A salon's clients as its old system had them: keyed by the E.164 phone, else the email (lower
-- case). The desk's client search finds them (db/salon-clients.ts); a phone that signs up later
-- claims its imported appointments as it claims desk bookings (db/clients.ts).
CREATE TABLE salon_clients (
  salon_id   INTEGER NOT NULL REFERENCES salons(id),
  key        TEXT NOT NULL,
  phone      TEXT,
  email      TEXT,
  first_name TEXT NOT NULL DEFAULT '',
  last_name  TEXT NOT NULL DEFAULT '',
  notes      TEXT NOT NULL DEFAULT '',
  birthday   TEXT,
  -- a landline kept as the client's number, never texted
  landline   TEXT,
  blocked    INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1)),
  -- marketing consent: 0 is the salon's opt-out for this client's texts
  texts_ok   INTEGER NOT NULL DEFAULT 1 CHECK (texts_ok IN (0, 1)),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (salon_id, key)
) WITHOUT ROWID;
CREATE UNIQUE INDEX salon_clients_email ON salon_clients(salon_id, email) WHERE email IS NOT NULL;
CREATE INDEX salon_clients_phone ON salon_clients(salon_id, phone) WHERE phone IS NOT NULL;
