-- The salon console, part 1 (issue 28): staff and their roles, the settings' version and
-- history, and API keys a salon owner creates.

-- Staff members: their Cognito username (sub) in the staff pool, and who they are.
CREATE TABLE staff (
  id         INTEGER PRIMARY KEY,
  sub        TEXT NOT NULL UNIQUE,
  email      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name       TEXT NOT NULL,
  invited_at INTEGER NOT NULL,
  -- the first time they were seen signed in (null: invited, no password chosen yet)
  joined_at  INTEGER
);

-- Roles live here rather than in Cognito groups: a role is per salon (or per group for a group
-- owner), and a removed role must count on the very next call, not at the next sign-in.
CREATE TABLE staff_roles (
  staff_id   INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  salon_id   INTEGER REFERENCES salons(id),
  group_id   INTEGER REFERENCES salon_groups(id),
  role       TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'stylist')),
  created_at INTEGER NOT NULL,
  CHECK ((salon_id IS NULL) <> (group_id IS NULL)),
  CHECK (group_id IS NULL OR role = 'owner')
);
CREATE UNIQUE INDEX staff_roles_salon ON staff_roles(staff_id, salon_id) WHERE salon_id IS NOT NULL;
CREATE UNIQUE INDEX staff_roles_group ON staff_roles(staff_id, group_id) WHERE group_id IS NOT NULL;
CREATE INDEX staff_roles_by_salon ON staff_roles(salon_id);
CREATE INDEX staff_roles_by_group ON staff_roles(group_id);

-- A save names the version it started from (If-Match); every change of the settings makes a new
-- one. settings_change names the last change, so that its history rows are written in the same
-- batch only when the change itself was.
ALTER TABLE salons ADD COLUMN settings_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE salons ADD COLUMN settings_change TEXT;
-- What clients see while online booking is off (empty: the spec's own words only).
ALTER TABLE salons ADD COLUMN online_booking_off_message TEXT NOT NULL DEFAULT '';

-- Every change of a salon's settings: who, when, the old and new value (JSON).
CREATE TABLE settings_history (
  id        INTEGER PRIMARY KEY,
  salon_id  INTEGER NOT NULL REFERENCES salons(id),
  version   INTEGER NOT NULL,
  at        INTEGER NOT NULL,
  who       TEXT NOT NULL,
  field     TEXT NOT NULL,
  old_value TEXT NOT NULL,
  new_value TEXT NOT NULL
);
CREATE INDEX settings_history_salon ON settings_history(salon_id, version);

-- API keys for automation: stored only as SHA-256 hex, shown once; last use recorded.
CREATE TABLE api_keys (
  id           INTEGER PRIMARY KEY,
  salon_id     INTEGER NOT NULL REFERENCES salons(id),
  name         TEXT NOT NULL,
  prefix       TEXT NOT NULL,
  key_hash     TEXT NOT NULL UNIQUE,
  created_by   INTEGER REFERENCES staff(id) ON DELETE SET NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at   INTEGER
);
CREATE INDEX api_keys_salon ON api_keys(salon_id);
