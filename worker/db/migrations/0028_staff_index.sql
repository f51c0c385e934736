-- Issue 55: the staff index. Which salons (and groups) each person of the staff pool is on,
-- whichever database holds them, kept in the first database (DB) only like client_salons and
-- salon_names. A person's sign-in (their user in the staff pool) is deleted only when no row
-- here names them any more, so removing them at one salon never ends what another salon, in any
-- database, gave them (worker/console/team.ts).
--
-- kind 'salon' or 'group': a role at that salon or group (place_id its id). kind 'leaving'
-- (place_id the time, ms): their last place has just gone and their pool user is being deleted;
-- an invitation of the email waits until it is gone (a mark older than 5 minutes is ignored). Keyed by the email (the pool's username), which
-- an invitation knows before the account exists; sub once known.
CREATE TABLE staff_salons (
  email    TEXT NOT NULL COLLATE NOCASE,
  kind     TEXT NOT NULL CHECK (kind IN ('salon', 'group', 'leaving')),
  place_id INTEGER NOT NULL,
  sub      TEXT,
  PRIMARY KEY (email, kind, place_id)
) WITHOUT ROWID;
CREATE INDEX staff_salons_by_sub ON staff_salons(sub) WHERE sub IS NOT NULL;

-- The places this database's staff hold now (each database fills its own copy; the first's is the
-- one read: a deployment with staff already in other databases copies theirs into DB once).
INSERT OR IGNORE INTO staff_salons (email, kind, place_id, sub)
  SELECT st.email, CASE WHEN r.salon_id IS NULL THEN 'group' ELSE 'salon' END, coalesce(r.salon_id, r.group_id), st.sub
  FROM staff_roles r JOIN staff st ON st.id = r.staff_id;

-- What a salon knows of a member is its own: the name it invited them by (null: the name they
-- were first invited with, staff.name) and when they first signed in after it did (null: invited).
-- An invitation of someone who works elsewhere so shows what a new person's would.
ALTER TABLE staff_roles ADD COLUMN name TEXT;
ALTER TABLE staff_roles ADD COLUMN joined_at INTEGER;
UPDATE staff_roles SET joined_at = (SELECT joined_at FROM staff WHERE staff.id = staff_roles.staff_id);
