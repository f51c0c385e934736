-- What occupies stylists: days off, and appointments (and patch tests) with their procedures.
-- Instants are UTC epoch milliseconds; dates are the salon's local calendar dates.

CREATE TABLE stylist_days_off (
  stylist_id INTEGER NOT NULL REFERENCES stylists(id),
  date       TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  PRIMARY KEY (stylist_id, date)
);

CREATE TABLE appointments (
  id         INTEGER PRIMARY KEY,
  salon_id   INTEGER NOT NULL REFERENCES salons(id),
  client_id  TEXT,
  kind       TEXT NOT NULL DEFAULT 'appointment' CHECK (kind IN ('appointment', 'patch_test')),
  status     TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'waitlist', 'cancelled', 'pending')),
  start_at   INTEGER NOT NULL,
  end_at     INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX appointments_salon ON appointments(salon_id, start_at);

-- One row per service (or patch test) of an appointment: the stylist is busy [start_at, end_at).
-- Processing time is not in end_at: the stylist is free while colour develops.
CREATE TABLE appointment_procedures (
  id             INTEGER PRIMARY KEY,
  appointment_id INTEGER NOT NULL REFERENCES appointments(id),
  salon_id       INTEGER NOT NULL REFERENCES salons(id),
  service_id     INTEGER REFERENCES services(id),
  stylist_id     INTEGER NOT NULL REFERENCES stylists(id),
  start_at       INTEGER NOT NULL,
  end_at         INTEGER NOT NULL,
  price          INTEGER NOT NULL DEFAULT 0,
  -- copied from the appointment so that availability reads one table
  occupies       INTEGER NOT NULL DEFAULT 1,
  CHECK (start_at < end_at)
);
CREATE INDEX appointment_procedures_busy ON appointment_procedures(salon_id, occupies, start_at);
CREATE INDEX appointment_procedures_appointment ON appointment_procedures(appointment_id);

-- The step between offered start times, in minutes.
ALTER TABLE salons ADD COLUMN slot_interval INTEGER NOT NULL DEFAULT 15 CHECK (slot_interval IN (5, 10, 15, 20, 30, 60));
