-- Bookings made through Google's booking server (docs/google-booking.md): each CreateBooking's
-- idempotency token names the appointment it made, so the same token answers the same booking,
-- even when two arrive at once (the primary key refuses the second in the booking's own batch).
CREATE TABLE google_bookings (
  idempotency_token TEXT PRIMARY KEY,
  salon_id          INTEGER NOT NULL REFERENCES salons(id),
  appointment_id    INTEGER NOT NULL UNIQUE REFERENCES appointments(id),
  -- Google's own id of the user (ListBookings), and the user's name as Google sent it
  user_id           TEXT NOT NULL,
  created_at        INTEGER NOT NULL
);
CREATE INDEX google_bookings_user ON google_bookings(user_id, salon_id);

-- First database only: which salons a Google user booked at, so ListBookings asks only their databases.
CREATE TABLE google_users (
  user_id  TEXT NOT NULL,
  salon_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, salon_id)
) WITHOUT ROWID;
