-- Cancelling and moving an appointment online (accounts-and-money.md §4 Cancellation).

-- A salon's cancellation rules: whether clients may cancel (or move) online at all, how many
-- hours before the start that stops, and whether a deposit is refunded when they do.
ALTER TABLE salons ADD COLUMN allow_self_cancellation INTEGER NOT NULL DEFAULT 1;
ALTER TABLE salons ADD COLUMN cancellation_window_hours INTEGER NOT NULL DEFAULT 24
  CHECK (cancellation_window_hours BETWEEN 0 AND 720);
ALTER TABLE salons ADD COLUMN refund_deposit_outside_window INTEGER NOT NULL DEFAULT 1;

-- When a booking was cancelled (by the client); NULL for one never made (a failed or abandoned
-- payment sets status 'cancelled' without it), so the client's lists show real cancellations only.
ALTER TABLE appointments ADD COLUMN cancelled_at INTEGER;
-- The client's bookings at a salon, by start.
CREATE INDEX appointments_client ON appointments(client_id, salon_id, start_at);

-- appointments.payment_status gains the outcome of a cancelled deposit: 'refund_due' / 'refunded'
-- (a captured deposit), 'release_due' / 'released' (an authorisation cancelled), 'keep_due' /
-- 'kept' (the salon keeps it). A '*_due' state is recorded with the cancellation, in the same
-- batch, and becomes its outcome once the payment provider has answered; a retry finishes it.

-- What a cancelled booking was before ('confirmed' or 'waitlist'): a cancelled waitlist place
-- still shows as one and is never offered to rebook.
ALTER TABLE appointments ADD COLUMN cancelled_from TEXT;
