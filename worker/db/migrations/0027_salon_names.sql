-- Issue 32, past one database: the name index. Which salon holds each custom domain and short
-- name, kept in the first database (DB) only, so that a name is one salon's across every database
-- by one PRIMARY KEY, and a lookup reads one row here before asking that salon's own database,
-- which stays the truth of what the salon holds (worker/names/claims.ts).
CREATE TABLE salon_names (
  kind     TEXT NOT NULL CHECK (kind IN ('domain', 'short')),
  name     TEXT NOT NULL,
  salon_id INTEGER NOT NULL,
  PRIMARY KEY (kind, name)
) WITHOUT ROWID;

-- The names this database's salons hold now (a copy of rows that exist, as 0024 does for the
-- client index): live and pending domains, short names and those given up less than 90 days ago.
INSERT OR IGNORE INTO salon_names (kind, name, salon_id) SELECT 'domain', custom_domain, id FROM salons WHERE custom_domain IS NOT NULL;
INSERT OR IGNORE INTO salon_names (kind, name, salon_id) SELECT 'domain', hostname, salon_id FROM custom_domains;
INSERT OR IGNORE INTO salon_names (kind, name, salon_id) SELECT 'short', short_slug, id FROM salons WHERE short_slug IS NOT NULL;
INSERT OR IGNORE INTO salon_names (kind, name, salon_id) SELECT 'short', short_slug, salon_id FROM short_name_history;
