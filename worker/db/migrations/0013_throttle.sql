-- Abuse counters (worker/abuse/limits.ts): one row per key ('login:phone:+447…', 'signup:addr:…'),
-- counting uses in a fixed window that starts at the first use. Each use is counted by one
-- UPSERT … RETURNING, so concurrent requests never read the same count: the sixth of fifty
-- simultaneous attempts sees 6, whatever the interleaving.
CREATE TABLE throttle (
  key          TEXT PRIMARY KEY,
  count        INTEGER NOT NULL,
  window_start INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX throttle_age ON throttle(window_start);
