-- Google's OAuth2 token endpoint and Maps Booking API, offline (standins/src/google/): the access
-- tokens it answered, and every real-time update it received, for tests to read.
CREATE TABLE google_tokens (
  token      TEXT PRIMARY KEY,
  email      TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE google_notifications (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  kind        TEXT NOT NULL CHECK (kind IN ('booking', 'availability')),
  partner_id  TEXT NOT NULL,
  path        TEXT NOT NULL,
  body        TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
