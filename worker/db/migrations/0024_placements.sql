-- Past one database (issue 32, docs/scale.md "Salons across databases"). Every database has the
-- whole schema; this table is read only in the first one (binding DB), the directory.
--
-- Where a salon's rows live: the D1 binding of its database. A salon with no row lives in DB, so
-- one database needs no rows at all. `moving_since` is set while scripts/move-salon.mjs copies
-- the salon to another database: its calls are refused (503, try again) until the switch.
-- `group_id` is the index of a group's locations across databases (the picker), kept in step
-- with the salon's own salons.group_id by the same writes.
CREATE TABLE salon_placements (
  salon_id     INTEGER PRIMARY KEY,
  binding      TEXT NOT NULL CHECK (binding GLOB 'DB' OR binding GLOB 'DB_[0-9]*'),
  group_id     INTEGER,
  moving_since INTEGER
);
CREATE INDEX salon_placements_group ON salon_placements(group_id) WHERE group_id IS NOT NULL;

-- The index of what spans salons (read only in DB): the salons each client has bookings with,
-- whichever database holds them. Written after the salon's own write (the booking first, then
-- this; an idempotent insert a retry repeats), and rebuilt from any database's appointments by
-- the statement below, which also fills it from what a database already holds.
CREATE TABLE client_salons (
  client_id TEXT NOT NULL,
  salon_id  INTEGER NOT NULL,
  PRIMARY KEY (client_id, salon_id)
) WITHOUT ROWID;
INSERT OR IGNORE INTO client_salons (client_id, salon_id)
  SELECT DISTINCT client_id, salon_id FROM appointments WHERE client_id IS NOT NULL;
