-- Gift vouchers (accounts-and-money.md §2 Vouchers, §3, §5, §7).

-- What a salon sells: on or off, fixed values (a JSON array of minor units, ascending), an
-- optional custom amount between a minimum and a maximum (minor units; both or neither), and how
-- many months a voucher is valid from the day it is paid.
ALTER TABLE salons ADD COLUMN vouchers_on_sale INTEGER NOT NULL DEFAULT 0;
ALTER TABLE salons ADD COLUMN voucher_amounts TEXT NOT NULL DEFAULT '[]';
ALTER TABLE salons ADD COLUMN voucher_custom_min INTEGER;
ALTER TABLE salons ADD COLUMN voucher_custom_max INTEGER;
ALTER TABLE salons ADD COLUMN voucher_validity_months INTEGER NOT NULL DEFAULT 12
  CHECK (voucher_validity_months BETWEEN 1 AND 60);

-- A Checkout Session the product created for a voucher, before it is paid: what the payment
-- must match (amount, currency), whom the receipt goes to, and the validity the buyer was offered.
CREATE TABLE voucher_purchases (
  session_id      TEXT PRIMARY KEY,
  salon_id        INTEGER NOT NULL REFERENCES salons(id),
  amount_minor    INTEGER NOT NULL CHECK (amount_minor > 0),
  currency        TEXT NOT NULL,
  purchaser_email TEXT NOT NULL,
  validity_months INTEGER NOT NULL CHECK (validity_months BETWEEN 1 AND 60),
  created_at      INTEGER NOT NULL
);

-- An issued voucher: at most one per paid session (the unique session_id is what makes the
-- webhook and the confirmation call safe to race), and a unique code.
CREATE TABLE vouchers (
  id              INTEGER PRIMARY KEY,
  session_id      TEXT NOT NULL UNIQUE REFERENCES voucher_purchases(session_id),
  salon_id        INTEGER NOT NULL REFERENCES salons(id),
  code            TEXT NOT NULL UNIQUE,
  amount_minor    INTEGER NOT NULL CHECK (amount_minor > 0),
  currency        TEXT NOT NULL,
  -- the last day it may be used, in the salon's timezone (YYYY-MM-DD)
  expiry_date     TEXT NOT NULL,
  purchaser_email TEXT NOT NULL,
  issued_at       INTEGER NOT NULL
);

-- Each send of a voucher to a recipient, numbered 1, 2, 3… per voucher: the key refuses a
-- second send under the same number, so the limit holds however many sends race.
CREATE TABLE voucher_sends (
  voucher_id INTEGER NOT NULL REFERENCES vouchers(id),
  n          INTEGER NOT NULL CHECK (n >= 1),
  sent_at    INTEGER NOT NULL,
  PRIMARY KEY (voucher_id, n)
);
