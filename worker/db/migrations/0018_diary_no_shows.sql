-- The salon console, part 2 (issue 29): the diary, bookings taken at the desk, arrivals and
-- no-show fees.

-- The stylists' column a staff member with the stylist role works in: a stylist sees only it.
ALTER TABLE staff_roles ADD COLUMN stylist_id INTEGER REFERENCES stylists(id);

-- A desk booking for someone with no account yet: who they are, as the salon took it down. The
-- client's bookings find it once that phone has an account (client_id is then set).
ALTER TABLE appointments ADD COLUMN client_name TEXT;
ALTER TABLE appointments ADD COLUMN client_phone TEXT; -- E.164
-- Marked at the desk: the client arrived, or did not come.
ALTER TABLE appointments ADD COLUMN arrived_at INTEGER;
ALTER TABLE appointments ADD COLUMN no_show_at INTEGER;
CREATE INDEX appointments_client_phone ON appointments(client_phone) WHERE client_phone IS NOT NULL;

-- The fee a salon with no-show protection charges to the client's saved card, in minor units.
ALTER TABLE salons ADD COLUMN no_show_fee INTEGER NOT NULL DEFAULT 0 CHECK (no_show_fee BETWEEN 0 AND 1000000);

-- One no-show fee per appointment: the primary key is what makes ten simultaneous presses one
-- charge. status: 'charging' (the payment is being made), 'requires_action' (the bank wants the
-- client: texted a link), 'paid', 'failed' (shown to the staff; a later press tries again with
-- the next attempt's idempotency key).
CREATE TABLE no_show_fees (
  appointment_id    INTEGER PRIMARY KEY REFERENCES appointments(id),
  salon_id          INTEGER NOT NULL REFERENCES salons(id),
  client_id         TEXT NOT NULL,
  amount            INTEGER NOT NULL CHECK (amount > 0),
  currency          TEXT NOT NULL,
  status            TEXT NOT NULL CHECK (status IN ('charging', 'requires_action', 'paid', 'failed')),
  attempt           INTEGER NOT NULL DEFAULT 1,
  payment_intent_id TEXT,
  failure_code      TEXT,
  failure_message   TEXT,
  -- SHA-256 (hex) of the secret in the link texted when the bank asks for authentication
  link_sha256       TEXT,
  created_at        INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL
);
CREATE INDEX no_show_fees_payment_intent ON no_show_fees(payment_intent_id);
CREATE INDEX no_show_fees_client ON no_show_fees(client_id);
