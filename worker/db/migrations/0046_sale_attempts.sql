-- Checkout (docs/console/checkout.md): an open sale cancelled by the desk, and a card reader's
-- failed payment tried again on the same sale.

-- A sale cancelled before it was paid stays 'failed' (what it took given back, the appointment
-- unpaid) with when, by whom, and the key of the cancelling call (its batch's statements find the
-- sale they cancelled by it, so a second cancel at the same instant changes nothing).
ALTER TABLE sales ADD COLUMN cancelled_at INTEGER;
ALTER TABLE sales ADD COLUMN cancelled_by TEXT;
ALTER TABLE sales ADD COLUMN cancel_key TEXT;

-- A payment that tries again one that failed (a reader declined or timed out), for its amount:
-- one attempt per failed one (two presses of "Try again" are one attempt, one charge).
ALTER TABLE sale_payments ADD COLUMN retry_of INTEGER REFERENCES sale_payments(id);
CREATE UNIQUE INDEX sale_payments_retry ON sale_payments(retry_of) WHERE retry_of IS NOT NULL;
