-- THE SAME COLUMNS AS THE diary BRANCH'S 0018_diary_no_shows.sql (issue 29 is built in two
-- branches at once): delete this file when that migration is merged before this one. The clients'
-- cards read them: a stylist's column (whose clients' cards they may read), a desk booking's
-- client without an account, and no-shows.
ALTER TABLE staff_roles ADD COLUMN stylist_id INTEGER REFERENCES stylists(id);
ALTER TABLE appointments ADD COLUMN client_name TEXT;
ALTER TABLE appointments ADD COLUMN client_phone TEXT; -- E.164
ALTER TABLE appointments ADD COLUMN no_show_at INTEGER;
