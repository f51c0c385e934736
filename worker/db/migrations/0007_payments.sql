-- The client's saved card (one per client) and an appointment's payment.
CREATE TABLE client_cards (
  client_id         TEXT PRIMARY KEY,
  customer_id       TEXT NOT NULL,
  payment_method_id TEXT,
  brand             TEXT,
  last4             TEXT,
  exp_month         INTEGER,
  exp_year          INTEGER,
  updated_at        INTEGER NOT NULL
);

ALTER TABLE appointments ADD COLUMN payment_intent_id TEXT;
-- null (nothing to pay), 'requires_action', 'captured', 'failed'
ALTER TABLE appointments ADD COLUMN payment_status TEXT;
CREATE INDEX appointments_payment_intent ON appointments(payment_intent_id);
