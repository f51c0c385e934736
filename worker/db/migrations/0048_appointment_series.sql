-- Repeat bookings at the desk (docs/console/desk.md "Several services, repeats and walk-ins"): a series of appointments
-- booked together, every N weeks. The series row links them so the desk can move or cancel the
-- series as one (this and the following ones) or one appointment at a time.
CREATE TABLE appointment_series (
  id          INTEGER PRIMARY KEY,
  salon_id    INTEGER NOT NULL REFERENCES salons(id),
  every_weeks INTEGER NOT NULL CHECK (every_weeks BETWEEN 1 AND 52),
  created_at  INTEGER NOT NULL
);
CREATE INDEX appointment_series_salon ON appointment_series (salon_id);

-- An appointment of a series (NULL: a booking on its own). Its series is its own salon's.
ALTER TABLE appointments ADD COLUMN series_id INTEGER REFERENCES appointment_series(id);
CREATE INDEX appointments_series ON appointments (series_id, start_at) WHERE series_id IS NOT NULL;
