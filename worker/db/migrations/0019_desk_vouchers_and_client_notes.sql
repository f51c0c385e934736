-- The salon console, part 2 (issue 29), the desk: vouchers redeemed at the till and client notes.

-- What has been taken off a voucher so far; its balance is amount_minor - redeemed_minor. The
-- CHECK is the database's own guarantee that a voucher never goes below zero, whatever the code
-- or the concurrency: the trigger below adds every redemption here, and a redemption that would
-- pass the amount fails its CHECK, which rolls the redemption's insert back with it.
ALTER TABLE vouchers ADD COLUMN redeemed_minor INTEGER NOT NULL DEFAULT 0
  CHECK (redeemed_minor >= 0 AND redeemed_minor <= amount_minor);

-- Each redemption at the desk: against an appointment of the salon, or at the till with none
-- (appointment_id NULL: a product or a walk-in paid with the voucher). The till's key makes a
-- retried redemption (a double tap, a resent request) the same redemption, never a second one.
CREATE TABLE voucher_redemptions (
  id             INTEGER PRIMARY KEY,
  voucher_id     INTEGER NOT NULL REFERENCES vouchers(id),
  salon_id       INTEGER NOT NULL REFERENCES salons(id),
  amount_minor   INTEGER NOT NULL CHECK (amount_minor > 0),
  -- what was left once this redemption was taken
  balance_minor  INTEGER NOT NULL CHECK (balance_minor >= 0),
  appointment_id INTEGER REFERENCES appointments(id),
  staff_id       INTEGER REFERENCES staff(id) ON DELETE SET NULL,
  -- who took it, kept when the staff member leaves
  staff_name     TEXT NOT NULL,
  till_key       TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  UNIQUE (voucher_id, till_key)
);
CREATE INDEX voucher_redemptions_voucher ON voucher_redemptions(voucher_id, created_at);
CREATE INDEX vouchers_salon ON vouchers(salon_id, issued_at);

CREATE TRIGGER voucher_redemptions_take AFTER INSERT ON voucher_redemptions
BEGIN
  UPDATE vouchers SET redeemed_minor = redeemed_minor + NEW.amount_minor WHERE id = NEW.voucher_id;
END;

-- Notes the salon keeps about a client (the client's card in the console). Staff only.
CREATE TABLE client_notes (
  id         INTEGER PRIMARY KEY,
  salon_id   INTEGER NOT NULL REFERENCES salons(id),
  client_id  TEXT NOT NULL,
  body       TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  staff_id   INTEGER REFERENCES staff(id) ON DELETE SET NULL,
  staff_name TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX client_notes_client ON client_notes(salon_id, client_id, created_at);
