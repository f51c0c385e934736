-- Issue 56: an appointment's number as the salon reads it out ("No. 12"), the salon's own count,
-- in place of the row's id (a salon in DB_2 has ids of 13 digits, 1099511627777). It is the
-- salon's own data: it travels with the row when the salon moves between databases, and only
-- its own rows count towards the next one.
ALTER TABLE appointments ADD COLUMN number INTEGER;

-- What there is already: numbered by salon in the order the appointments start. Patch tests (the
-- rows an appointment keeps for its patch test) are not numbered: staff never see them as such.
UPDATE appointments SET number = ranked.n
  FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY salon_id ORDER BY start_at, id) AS n
          FROM appointments WHERE kind = 'appointment') AS ranked
 WHERE appointments.id = ranked.id;

-- One number per salon, ever: the index refuses a second appointment with a number the salon has.
CREATE UNIQUE INDEX appointments_salon_number ON appointments (salon_id, number);

-- Every new appointment takes the salon's largest number + 1 inside its own INSERT (this trigger
-- runs in the statement, and D1 runs one statement at a time), whichever code inserts it; so two
-- bookings at the same moment in the same salon take two numbers. A row copied in by a salon's
-- move keeps the number it has.
CREATE TRIGGER appointments_number AFTER INSERT ON appointments
WHEN NEW.number IS NULL AND NEW.kind = 'appointment'
BEGIN
  UPDATE appointments
     SET number = (SELECT COALESCE(MAX(number), 0) + 1 FROM appointments WHERE salon_id = NEW.salon_id)
   WHERE id = NEW.id;
END;
