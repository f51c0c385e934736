-- Issue 55: names one salon's on every path.
-- A claim in the name index carries when it was made: another salon cannot take a claim over while
-- it is younger than the lease (worker/names/claims.ts), so a write still on its way (a domain
-- being created at Cloudflare) is not mistaken for one left behind. NULL: a claim made before.
ALTER TABLE salon_names ADD COLUMN claimed_at INTEGER;

-- A salon's renames of its short name on one UTC day (a day number, days since 1970-01-01), so
-- the renames a day are capped in the rename's own write (worker/db/short-names.ts).
ALTER TABLE salons ADD COLUMN short_name_renamed_day INTEGER;
ALTER TABLE salons ADD COLUMN short_name_renames INTEGER NOT NULL DEFAULT 0;
