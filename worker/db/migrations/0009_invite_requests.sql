-- Deposit requests the salon sends (accounts-and-money.md §2 Deposits, §3 Invite): an invite may
-- name a phone that has no account yet (client_id NULL until that client first lists its
-- invites), it can be withdrawn by the salon, and it keeps the payment intent of its deposit so
-- that a retried or concurrent payment never charges twice.
-- SQLite cannot change a CHECK or a NOT NULL in place: the table is rebuilt.
CREATE TABLE invites_new (
  id                  INTEGER PRIMARY KEY,
  unique_code         TEXT NOT NULL UNIQUE,
  salon_id            INTEGER NOT NULL REFERENCES salons(id),
  client_id           TEXT,
  appointment_id      INTEGER NOT NULL REFERENCES appointments(id),
  status              TEXT NOT NULL DEFAULT 'invited'
                      CHECK (status IN ('invited', 'reminded', 'seen', 'accepted', 'declined', 'withdrawn', 'expired')),
  requested_deposit   INTEGER NOT NULL DEFAULT 0,
  requested_card_only INTEGER NOT NULL DEFAULT 0,
  pay_full_amount     INTEGER NOT NULL DEFAULT 0,
  created_at          INTEGER NOT NULL,
  client_phone        TEXT NOT NULL, -- E.164
  client_first_name   TEXT NOT NULL DEFAULT '',
  client_last_name    TEXT NOT NULL DEFAULT '',
  payment_intent_id   TEXT,
  -- the Idempotency-Key of the payment attempt that holds the invite (NULL: none in flight)
  payment_claim       TEXT,
  payment_claimed_at  INTEGER,
  paid_amount         INTEGER NOT NULL DEFAULT 0, -- minor units
  updated_at          INTEGER,
  reminded_at         INTEGER,
  answered_at         INTEGER
);
INSERT INTO invites_new (id, unique_code, salon_id, client_id, appointment_id, status, requested_deposit, requested_card_only,
                         pay_full_amount, created_at, client_phone, updated_at)
  SELECT id, unique_code, salon_id, client_id, appointment_id, status, requested_deposit, requested_card_only,
         pay_full_amount, created_at, '', created_at
    FROM invites;
DROP TABLE invites;
ALTER TABLE invites_new RENAME TO invites;
CREATE INDEX invites_client ON invites(client_id, status);
CREATE INDEX invites_salon ON invites(salon_id, created_at);
CREATE INDEX invites_phone ON invites(client_phone, client_id);
CREATE INDEX invites_appointment ON invites(appointment_id);
-- One open request per appointment: a second one is refused by the database.
CREATE UNIQUE INDEX invites_one_open ON invites(appointment_id) WHERE status IN ('invited', 'reminded', 'seen');
CREATE INDEX invites_payment_intent ON invites(payment_intent_id);

-- The clients the API has seen with a verified phone (id = the Cognito username, the sub).
CREATE TABLE clients (
  id         TEXT PRIMARY KEY,
  phone      TEXT NOT NULL, -- E.164, verified
  first_name TEXT NOT NULL DEFAULT '',
  name       TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL
);
CREATE INDEX clients_phone ON clients(phone);
