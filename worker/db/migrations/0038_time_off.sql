-- Time off and blocked time (issue 48; docs/console/time-off.md). Instants are UTC ms; each row
-- has a version (its ETag; a change names it in If-Match). Approved time off and blocks take the
-- stylist's time: a trigger refuses any booking, hold or move that would take a 5-minute block
-- inside them, unless the desk books over them deliberately (stylist_blocks.over_absence).
CREATE TABLE time_off (
  id           INTEGER PRIMARY KEY,
  salon_id     INTEGER NOT NULL REFERENCES salons(id),
  stylist_id   INTEGER NOT NULL REFERENCES stylists(id),
  start_at     INTEGER NOT NULL,
  end_at       INTEGER NOT NULL,
  reason       TEXT NOT NULL CHECK (reason IN ('holiday', 'sick', 'training', 'other')),
  note         TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  status       TEXT NOT NULL CHECK (status IN ('requested', 'approved', 'declined')),
  requested_by TEXT NOT NULL,
  decided_by   TEXT,
  version      INTEGER NOT NULL DEFAULT 1,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  CHECK (end_at > start_at)
);
-- what overlaps a range: end_at > from, read by stylist (availability, the trigger), and by salon (the lists)
CREATE INDEX time_off_stylist ON time_off(stylist_id, end_at, start_at) WHERE status = 'approved';
CREATE INDEX time_off_salon ON time_off(salon_id, end_at);

CREATE TABLE blocked_times (
  id         INTEGER PRIMARY KEY,
  salon_id   INTEGER NOT NULL REFERENCES salons(id),
  stylist_id INTEGER NOT NULL REFERENCES stylists(id),
  start_at   INTEGER NOT NULL CHECK (start_at % 300000 = 0),
  end_at     INTEGER NOT NULL CHECK (end_at % 300000 = 0),
  reason     TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 80),
  created_by TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  version    INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK (end_at > start_at)
);
CREATE INDEX blocked_times_stylist ON blocked_times(stylist_id, end_at, start_at);
CREATE INDEX blocked_times_salon ON blocked_times(salon_id, end_at);

-- A 5-minute block taken deliberately over time off or a block (the desk's "any time").
ALTER TABLE stylist_blocks ADD COLUMN over_absence INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER stylist_blocks_away BEFORE INSERT ON stylist_blocks
WHEN NEW.over_absence = 0
BEGIN
  SELECT RAISE(ABORT, 'stylist_away')
   WHERE EXISTS (SELECT 1 FROM time_off t
                  WHERE t.stylist_id = NEW.stylist_id AND t.status = 'approved'
                    AND t.end_at > NEW.block * 300000 AND t.start_at < (NEW.block + 1) * 300000)
      OR EXISTS (SELECT 1 FROM blocked_times b
                  WHERE b.stylist_id = NEW.stylist_id
                    AND b.end_at > NEW.block * 300000 AND b.start_at < (NEW.block + 1) * 300000);
END;

-- Days off (dates; written only by seeds and tests, never by a console) become approved time off
-- of whole local days. SQLite knows no timezones: each midnight is taken at the salon zone's
-- standard offset (minutes east of UTC), so a summer date starts an hour early, at midnight,
-- when nobody works.
INSERT INTO time_off (id, salon_id, stylist_id, start_at, end_at, reason, note, status, requested_by, decided_by, created_at, updated_at)
WITH zone (tz, offset_min) AS (VALUES
    ('America/Anchorage', -540), ('America/Chicago', -360), ('America/Denver', -420), ('America/Edmonton', -420),
    ('America/Halifax', -240), ('America/Los_Angeles', -480), ('America/New_York', -300), ('America/Phoenix', -420),
    ('America/Regina', -360), ('America/St_Johns', -210), ('America/Toronto', -300), ('America/Vancouver', -480),
    ('America/Winnipeg', -360), ('Australia/Adelaide', 570), ('Australia/Brisbane', 600), ('Australia/Darwin', 570),
    ('Australia/Hobart', 600), ('Australia/Melbourne', 600), ('Australia/Perth', 480), ('Australia/Sydney', 600),
    ('Europe/Dublin', 0), ('Europe/London', 0), ('Pacific/Auckland', 720), ('Pacific/Honolulu', -600))
-- ids from the database's own range (migration 0026), as newId makes them
SELECT ifnull((SELECT lo FROM id_range), 1) - 1 + row_number() OVER (ORDER BY d.stylist_id, d.date), st.salon_id, d.stylist_id,
       (CAST(strftime('%s', d.date) AS INTEGER) - ifnull(z.offset_min, 0) * 60) * 1000,
       (CAST(strftime('%s', d.date, '+1 day') AS INTEGER) - ifnull(z.offset_min, 0) * 60) * 1000,
       'other', 'Day off', 'approved', 'migration 0038', 'migration 0038',
       CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000
  FROM stylist_days_off d
  JOIN stylists st ON st.id = d.stylist_id
  JOIN salons s ON s.id = st.salon_id
  LEFT JOIN zone z ON z.tz = s.timezone;

DROP TABLE stylist_days_off;
