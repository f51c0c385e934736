-- Deposit requests (invites) a salon sends a client for an appointment.
CREATE TABLE invites (
  id                  INTEGER PRIMARY KEY,
  unique_code         TEXT NOT NULL UNIQUE,
  salon_id            INTEGER NOT NULL REFERENCES salons(id),
  client_id           TEXT NOT NULL,
  appointment_id      INTEGER NOT NULL REFERENCES appointments(id),
  status              TEXT NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'reminded', 'seen', 'accepted', 'declined', 'expired')),
  requested_deposit   INTEGER NOT NULL DEFAULT 0,
  requested_card_only INTEGER NOT NULL DEFAULT 0,
  pay_full_amount     INTEGER NOT NULL DEFAULT 0,
  created_at          INTEGER NOT NULL
);
CREATE INDEX invites_client ON invites(client_id, status);
