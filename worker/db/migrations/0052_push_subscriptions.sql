-- Staff's Web Push subscriptions (docs/console/notifications.md): one row per push endpoint (a
-- browser's subscription), for the staff member signed in when it was made, with the kinds of
-- notice they chose. The same endpoint again replaces its keys, kinds and owner (one device, one
-- row). Kept in each database that has the staff member (a salon's notices read its own database).
-- Keyed by its endpoint, no id of its own (worker/db/ids.ts): a push sent is recorded by rowid.
CREATE TABLE push_subscriptions (
  endpoint   TEXT PRIMARY KEY,
  staff_id   INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  -- the browser's keys as it gave them (base64url): its P-256 public key and 16-byte auth secret
  p256dh     TEXT NOT NULL,
  auth       TEXT NOT NULL,
  -- the kinds chosen, each between commas: ',new_online_booking,cancellation,'
  kinds      TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_staff ON push_subscriptions(staff_id);
