-- A limit on the upcoming bookings one client may make online at one salon (issue 16: one new
-- account booked 14 of a day's 28 times). The database enforces it in the INSERT itself, so
-- simultaneous bookings cannot pass it together: a new online appointment that takes time is
-- refused when the client already has that many upcoming appointments that take time there.
ALTER TABLE salons ADD COLUMN max_upcoming_online_bookings INTEGER NOT NULL DEFAULT 4
  CHECK (max_upcoming_online_bookings BETWEEN 1 AND 100);

CREATE TRIGGER appointments_online_limit BEFORE INSERT ON appointments
WHEN NEW.client_id IS NOT NULL
  AND NEW.origin IN ('online', 'online_rebooking')
  AND NEW.kind = 'appointment'
  AND NEW.status IN ('confirmed', 'pending', 'unconfirmed')
BEGIN
  SELECT RAISE(ABORT, 'booking_limit')
  WHERE (SELECT COUNT(*) FROM appointments a
          WHERE a.salon_id = NEW.salon_id AND a.client_id = NEW.client_id AND a.kind = 'appointment'
            AND a.status IN ('confirmed', 'pending', 'unconfirmed') AND a.start_at > NEW.created_at)
     >= (SELECT max_upcoming_online_bookings FROM salons WHERE id = NEW.salon_id);
END;
