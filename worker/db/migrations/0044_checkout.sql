-- Checkout at the desk (docs/console/checkout.md "Data model"): an appointment's bill is paid by
-- any mix of methods and becomes a sale; a refund later goes back by lines and by payments.
-- Amounts are minor units of the sale's currency; every time is UTC epoch milliseconds. Every
-- table carries salon_id, so every read is scoped to the caller's salon and reports read one
-- salon's rows by time.

-- A sale: one per appointment while it is not 'failed' (the partial unique index below), and one
-- per press of "Take payment" (the Idempotency-Key: two presses with one key are one sale).
--   open:   a payment is still under way (a reader waiting for the card, a 3-D Secure link)
--   paid:   every payment succeeded; the appointment is paid (appointments.paid_at)
--   failed: a card payment was refused; what else it took was given back (a voucher's balance)
-- total_minor = subtotal_minor - discount_minor + tip_minor; due_minor = total_minor - paid_before_minor,
-- and the payments' amounts sum to due_minor.
CREATE TABLE sales (
  id                INTEGER PRIMARY KEY,
  salon_id          INTEGER NOT NULL REFERENCES salons(id),
  appointment_id    INTEGER REFERENCES appointments(id),
  client_id         TEXT,
  status            TEXT NOT NULL CHECK (status IN ('open', 'paid', 'failed')),
  currency          TEXT NOT NULL,
  subtotal_minor    INTEGER NOT NULL CHECK (subtotal_minor >= 0),
  -- the discount as entered ('amount' in minor units, or 'percent' 0-100) and what it came to
  discount_kind     TEXT CHECK (discount_kind IN ('amount', 'percent')),
  discount_value    INTEGER,
  discount_minor    INTEGER NOT NULL DEFAULT 0 CHECK (discount_minor >= 0 AND discount_minor <= subtotal_minor),
  discount_reason   TEXT,
  -- the tip goes to one stylist
  tip_minor         INTEGER NOT NULL DEFAULT 0 CHECK (tip_minor >= 0),
  tip_stylist_id    INTEGER REFERENCES stylists(id),
  -- what was paid before the checkout (the booking's deposit, a paid deposit request)
  paid_before_minor INTEGER NOT NULL DEFAULT 0 CHECK (paid_before_minor >= 0),
  total_minor       INTEGER NOT NULL CHECK (total_minor >= 0),
  due_minor         INTEGER NOT NULL CHECK (due_minor >= 0),
  -- refunded so far (the refunds' amounts; kept here so a report reads one row per sale)
  refunded_minor    INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= due_minor),
  idempotency_key   TEXT NOT NULL,
  -- SHA-256 of the request's body: the same key with another body is refused
  request_hash      TEXT NOT NULL,
  staff_id          INTEGER REFERENCES staff(id) ON DELETE SET NULL,
  staff_name        TEXT NOT NULL,
  created_at        INTEGER NOT NULL,
  paid_at           INTEGER,
  updated_at        INTEGER NOT NULL,
  UNIQUE (salon_id, idempotency_key)
);
CREATE UNIQUE INDEX sales_appointment_live ON sales(appointment_id) WHERE status <> 'failed' AND appointment_id IS NOT NULL;
CREATE INDEX sales_salon_created ON sales(salon_id, created_at);
CREATE INDEX sales_salon_paid ON sales(salon_id, paid_at) WHERE paid_at IS NOT NULL;

-- The bill's lines: the appointment's services (at their price, a "from" price as charged),
-- another service, or a product or other extra with a name and a price. discount_minor is the
-- line's share of the sale's discount (shared by price, the last line takes the rounding), so
-- amount_minor = price_minor * quantity - discount_minor sums to the sale's net takings by line.
CREATE TABLE sale_lines (
  id              INTEGER PRIMARY KEY,
  sale_id         INTEGER NOT NULL REFERENCES sales(id),
  salon_id        INTEGER NOT NULL REFERENCES salons(id),
  appointment_id  INTEGER REFERENCES appointments(id),
  position        INTEGER NOT NULL,
  kind            TEXT NOT NULL CHECK (kind IN ('service', 'product', 'extra')),
  service_id      INTEGER REFERENCES services(id),
  stylist_id      INTEGER REFERENCES stylists(id),
  name            TEXT NOT NULL,
  quantity        INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  price_minor     INTEGER NOT NULL CHECK (price_minor >= 0),
  discount_minor  INTEGER NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  amount_minor    INTEGER NOT NULL CHECK (amount_minor >= 0),
  refunded_minor  INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= amount_minor),
  currency        TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  UNIQUE (sale_id, position)
);
CREATE INDEX sale_lines_sale ON sale_lines(sale_id);
CREATE INDEX sale_lines_salon_created ON sale_lines(salon_id, created_at);

-- The payments of a sale, one per method entered.
--   card_on_file:   the client's saved card, off-session, on the salon's account (payment_intent_id)
--   reader:         a Stripe Terminal reader (reader_id, payment_intent_id), outcome by webhook
--   cash, card_elsewhere: recorded, not charged
--   voucher:        a gift voucher's redemption (voucher_id, voucher_redemption_id)
-- status: pending (under way), requires_action (3-D Secure link sent), succeeded, failed, canceled.
CREATE TABLE sale_payments (
  id                    INTEGER PRIMARY KEY,
  sale_id               INTEGER NOT NULL REFERENCES sales(id),
  salon_id              INTEGER NOT NULL REFERENCES salons(id),
  appointment_id        INTEGER REFERENCES appointments(id),
  position              INTEGER NOT NULL,
  method                TEXT NOT NULL CHECK (method IN ('card_on_file', 'reader', 'cash', 'voucher', 'card_elsewhere')),
  amount_minor          INTEGER NOT NULL CHECK (amount_minor > 0),
  currency              TEXT NOT NULL,
  status                TEXT NOT NULL CHECK (status IN ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')),
  payment_intent_id     TEXT,
  reader_id             TEXT,
  voucher_id            INTEGER REFERENCES vouchers(id),
  voucher_redemption_id INTEGER REFERENCES voucher_redemptions(id),
  failure_code          TEXT,
  failure_message       TEXT,
  -- SHA-256 (hex) of the secret in the 3-D Secure link sent to the client
  link_sha256           TEXT,
  refunded_minor        INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= amount_minor),
  created_at            INTEGER NOT NULL,
  updated_at            INTEGER NOT NULL,
  UNIQUE (sale_id, position)
);
CREATE INDEX sale_payments_sale ON sale_payments(sale_id);
CREATE INDEX sale_payments_intent ON sale_payments(payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX sale_payments_salon_created ON sale_payments(salon_id, created_at);

-- A refund of a sale, whole or by lines; its Idempotency-Key makes a retried refund the same one.
CREATE TABLE refunds (
  id              INTEGER PRIMARY KEY,
  sale_id         INTEGER NOT NULL REFERENCES sales(id),
  salon_id        INTEGER NOT NULL REFERENCES salons(id),
  appointment_id  INTEGER REFERENCES appointments(id),
  amount_minor    INTEGER NOT NULL CHECK (amount_minor > 0),
  -- the part of the tip given back (included in amount_minor)
  tip_minor       INTEGER NOT NULL DEFAULT 0 CHECK (tip_minor >= 0),
  currency        TEXT NOT NULL,
  reason          TEXT,
  idempotency_key TEXT NOT NULL,
  request_hash    TEXT NOT NULL,
  staff_id        INTEGER REFERENCES staff(id) ON DELETE SET NULL,
  staff_name      TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  UNIQUE (salon_id, idempotency_key)
);
CREATE INDEX refunds_sale ON refunds(sale_id);
CREATE INDEX refunds_salon_created ON refunds(salon_id, created_at);

-- What a refund gave back by line (net of the line's discount share).
CREATE TABLE refund_lines (
  refund_id    INTEGER NOT NULL REFERENCES refunds(id),
  sale_line_id INTEGER NOT NULL REFERENCES sale_lines(id),
  salon_id     INTEGER NOT NULL REFERENCES salons(id),
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  PRIMARY KEY (refund_id, sale_line_id)
);

-- What a refund gave back by payment, the way it was paid: a card's by a Stripe refund
-- (stripe_refund_id), a voucher's back onto its balance, cash and card elsewhere recorded.
CREATE TABLE refund_payments (
  refund_id        INTEGER NOT NULL REFERENCES refunds(id),
  sale_payment_id  INTEGER NOT NULL REFERENCES sale_payments(id),
  salon_id         INTEGER NOT NULL REFERENCES salons(id),
  method           TEXT NOT NULL CHECK (method IN ('card_on_file', 'reader', 'cash', 'voucher', 'card_elsewhere')),
  amount_minor     INTEGER NOT NULL CHECK (amount_minor > 0),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  stripe_refund_id TEXT,
  PRIMARY KEY (refund_id, sale_payment_id)
);

-- A refund's rows add themselves to what their line, payment and sale have given back; the
-- CHECKs above refuse a refund beyond what was paid, whatever the concurrency.
CREATE TRIGGER refund_lines_take AFTER INSERT ON refund_lines
BEGIN
  UPDATE sale_lines SET refunded_minor = refunded_minor + NEW.amount_minor WHERE id = NEW.sale_line_id;
END;
CREATE TRIGGER refund_payments_take AFTER INSERT ON refund_payments
BEGIN
  UPDATE sale_payments SET refunded_minor = refunded_minor + NEW.amount_minor WHERE id = NEW.sale_payment_id;
END;
CREATE TRIGGER refunds_take AFTER INSERT ON refunds
BEGIN
  UPDATE sales SET refunded_minor = refunded_minor + NEW.amount_minor WHERE id = NEW.sale_id;
END;

-- When the appointment's bill was paid in full (its sale's paid_at).
ALTER TABLE appointments ADD COLUMN paid_at INTEGER;

-- The salon's Stripe Terminal location (one per salon) and its readers, registered by code.
CREATE TABLE terminal_locations (
  salon_id    INTEGER PRIMARY KEY REFERENCES salons(id),
  location_id TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE TABLE terminal_readers (
  reader_id   TEXT PRIMARY KEY,
  salon_id    INTEGER NOT NULL REFERENCES salons(id),
  location_id TEXT NOT NULL,
  label       TEXT NOT NULL,
  device_type TEXT,
  created_at  INTEGER NOT NULL
);
CREATE INDEX terminal_readers_salon ON terminal_readers(salon_id);
