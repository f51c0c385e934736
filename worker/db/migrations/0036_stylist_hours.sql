-- Stylists from the console (issue 48; docs/console/stylists.md).
-- Each stylist has a version: its ETag, named in If-Match by a change.
ALTER TABLE stylists ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- Any number of breaks a working day: JSON [[start_min, end_min], ...] (local minutes from
-- midnight, sorted, inside the day's hours), in place of the one break_start/break_end.
ALTER TABLE stylist_hours ADD COLUMN breaks TEXT NOT NULL DEFAULT '[]';
UPDATE stylist_hours SET breaks = json_array(json_array(break_start, break_end))
 WHERE break_start IS NOT NULL AND break_end IS NOT NULL AND break_start < break_end;
ALTER TABLE stylist_hours DROP COLUMN break_start;
ALTER TABLE stylist_hours DROP COLUMN break_end;

-- Extra working days: on `date` (the salon's local date) the stylist works these hours, whether
-- or not the weekday is one of theirs (it replaces that weekday's hours on that date). A day off
-- (stylist_days_off) still wins.
CREATE TABLE stylist_extra_days (
  stylist_id INTEGER NOT NULL REFERENCES stylists(id),
  date       TEXT NOT NULL,
  start_min  INTEGER NOT NULL,
  end_min    INTEGER NOT NULL,
  breaks     TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (stylist_id, date),
  CHECK (start_min < end_min)
);
