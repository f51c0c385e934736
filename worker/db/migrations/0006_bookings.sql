-- Booking creation: the database itself refuses a second booking of a taken stylist interval.

-- The 5-minute blocks a stylist is taken for, by an appointment or by a client's hold. The
-- primary key makes a double booking impossible whatever the concurrency: the second insert of
-- a block fails and its whole batch (one transaction) rolls back.
CREATE TABLE stylist_blocks (
  stylist_id     INTEGER NOT NULL REFERENCES stylists(id),
  block          INTEGER NOT NULL, -- UTC epoch ms / 300000
  appointment_id INTEGER REFERENCES appointments(id),
  hold_id        TEXT,
  expires_at     INTEGER, -- holds only
  PRIMARY KEY (stylist_id, block),
  CHECK ((appointment_id IS NULL) <> (hold_id IS NULL))
);
CREATE INDEX stylist_blocks_hold ON stylist_blocks(hold_id);
CREATE INDEX stylist_blocks_expiry ON stylist_blocks(expires_at);
CREATE INDEX stylist_blocks_appointment ON stylist_blocks(appointment_id);

-- A client's 10-minute hold of the times it chose (beyond the spec: see README).
CREATE TABLE holds (
  id         TEXT PRIMARY KEY, -- a random secret only the holding browser knows
  salon_id   INTEGER NOT NULL REFERENCES salons(id),
  caller     TEXT NOT NULL,    -- hashed caller address, to cap holds per caller
  start_at   INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX holds_caller ON holds(caller, expires_at);

ALTER TABLE appointments ADD COLUMN idempotency_key TEXT;
ALTER TABLE appointments ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE appointments ADD COLUMN total_price INTEGER NOT NULL DEFAULT 0;
ALTER TABLE appointments ADD COLUMN deposit INTEGER NOT NULL DEFAULT 0;
ALTER TABLE appointments ADD COLUMN utm_origin TEXT;
ALTER TABLE appointments ADD COLUMN verification_code TEXT;
ALTER TABLE appointments ADD COLUMN verified_at INTEGER;
ALTER TABLE appointments ADD COLUMN patch_for INTEGER REFERENCES appointments(id);
CREATE UNIQUE INDEX appointments_idempotency ON appointments(client_id, idempotency_key);

-- Marketing text opt-outs confirmed from a link (/opt-out/verify/{salon}/{code}).
CREATE TABLE marketing_opt_outs (
  salon_id     INTEGER NOT NULL REFERENCES salons(id),
  code         TEXT NOT NULL,
  client_id    TEXT,
  opted_out_at INTEGER,
  PRIMARY KEY (salon_id, code)
);
