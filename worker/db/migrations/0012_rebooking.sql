-- The older rebooking flow (accounts-and-money.md §2 Older rebooking flow, §4 Older rebooking):
-- a salon texts a client a link; the link gives a 60-minute token; with it the client rebooks a
-- past appointment, which is made 'unconfirmed' with the origin 'online_rebooking'.

-- appointments.status gains 'unconfirmed' (it takes its stylists' time like a confirmed one),
-- and every appointment says where it came from: 'online' (the booking journey), 'salon' (made
-- by the salon, e.g. with a deposit request) or 'online_rebooking'. SQLite cannot change a CHECK
-- in place: the table is rebuilt. appointment_procedures, stylist_blocks, invites and patch tests
-- (patch_for) refer to appointments by id; ids are kept, and the foreign keys are checked only
-- when the migration commits.
PRAGMA defer_foreign_keys = on;

CREATE TABLE appointments_new (
  id                INTEGER PRIMARY KEY,
  salon_id          INTEGER NOT NULL REFERENCES salons(id),
  client_id         TEXT,
  kind              TEXT NOT NULL DEFAULT 'appointment' CHECK (kind IN ('appointment', 'patch_test')),
  status            TEXT NOT NULL DEFAULT 'confirmed'
                    CHECK (status IN ('confirmed', 'unconfirmed', 'waitlist', 'cancelled', 'pending')),
  start_at          INTEGER NOT NULL,
  end_at            INTEGER NOT NULL,
  created_at        INTEGER NOT NULL,
  idempotency_key   TEXT,
  notes             TEXT NOT NULL DEFAULT '',
  total_price       INTEGER NOT NULL DEFAULT 0,
  deposit           INTEGER NOT NULL DEFAULT 0,
  utm_origin        TEXT,
  verification_code TEXT,
  verified_at       INTEGER,
  patch_for         INTEGER REFERENCES appointments(id),
  payment_intent_id TEXT,
  payment_status    TEXT,
  cancelled_at      INTEGER,
  cancelled_from    TEXT,
  origin            TEXT NOT NULL DEFAULT 'salon' CHECK (origin IN ('online', 'salon', 'online_rebooking'))
);
-- Bookings made online carry the client's Idempotency-Key; a deposit request's new appointment
-- carries an 'invite-…' key, and rows without a key were not made online.
INSERT INTO appointments_new (id, salon_id, client_id, kind, status, start_at, end_at, created_at, idempotency_key, notes,
                              total_price, deposit, utm_origin, verification_code, verified_at, patch_for, payment_intent_id,
                              payment_status, cancelled_at, cancelled_from, origin)
  SELECT id, salon_id, client_id, kind, status, start_at, end_at, created_at, idempotency_key, notes,
         total_price, deposit, utm_origin, verification_code, verified_at, patch_for, payment_intent_id,
         payment_status, cancelled_at, cancelled_from,
         CASE WHEN idempotency_key IS NULL OR idempotency_key LIKE 'invite-%' THEN 'salon' ELSE 'online' END
    FROM appointments;
DROP TABLE appointments;
ALTER TABLE appointments_new RENAME TO appointments;
CREATE INDEX appointments_salon ON appointments(salon_id, start_at);
CREATE UNIQUE INDEX appointments_idempotency ON appointments(client_id, idempotency_key);
CREATE INDEX appointments_payment_intent ON appointments(payment_intent_id);
CREATE INDEX appointments_client ON appointments(client_id, salon_id, start_at);

-- The links a salon texts (/auth/{urlhash}). Only the SHA-256 (hex) of the urlhash is kept. A
-- new link for the same client and salon replaces the old one (replaced_at), which then answers
-- the old-link notice, as an expired one does.
CREATE TABLE rebooking_links (
  urlhash_sha256 TEXT PRIMARY KEY,
  salon_id       INTEGER NOT NULL REFERENCES salons(id),
  client_id      TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  expires_at     INTEGER NOT NULL,
  replaced_at    INTEGER
);
CREATE UNIQUE INDEX rebooking_links_current ON rebooking_links(salon_id, client_id) WHERE replaced_at IS NULL;

-- The tokens a link gives (60 minutes): only their SHA-256 (hex) is kept.
CREATE TABLE rebooking_tokens (
  token_sha256 TEXT PRIMARY KEY,
  client_id    TEXT NOT NULL,
  salon_id     INTEGER NOT NULL REFERENCES salons(id),
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
);
CREATE INDEX rebooking_tokens_expiry ON rebooking_tokens(expires_at);

-- §3 Rebooking client: the opaque number naming a client at one salon (the {clientId} of
-- rebooking/history/{clientId}/appointments/), made the first time the client's salons are listed.
CREATE TABLE rebooking_clients (
  id        INTEGER PRIMARY KEY,
  client_id TEXT NOT NULL,
  salon_id  INTEGER NOT NULL REFERENCES salons(id),
  UNIQUE (client_id, salon_id)
);

PRAGMA defer_foreign_keys = off;
