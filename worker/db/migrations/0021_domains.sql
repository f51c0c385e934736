-- Issue 31: a salon's own domain set up from the console, short names with redirects, and the
-- group owner's picker. Instants are UTC epoch milliseconds.

-- A salon's own domain on its way to live through Cloudflare for SaaS (worker/domains/). The
-- tenancy lookup serves salons.custom_domain, which is written only when the hostname is live
-- (or by the platform's admin API for a domain set up by hand) and cleared when it is removed.
CREATE TABLE custom_domains (
  salon_id            INTEGER PRIMARY KEY REFERENCES salons(id),   -- one domain a salon
  hostname            TEXT NOT NULL UNIQUE,                          -- another salon's claim: 409
  cf_id               TEXT NOT NULL,                                 -- Cloudflare's custom hostname id
  status              TEXT NOT NULL,                                 -- Cloudflare's hostname status
  ssl_status          TEXT NOT NULL,                                 -- its certificate's status
  verification_error  TEXT,                                          -- Cloudflare's words while it cannot verify
  txt_name            TEXT,
  txt_value           TEXT,
  phase               TEXT NOT NULL,                                 -- shared/console/domains.ts DomainPhase
  notified_phase      TEXT,                                          -- the last phase the owner was emailed about
  validation_started  INTEGER NOT NULL,                              -- creation or the last "Check again"
  created_at          INTEGER NOT NULL,
  checked_at          INTEGER NOT NULL
);
CREATE INDEX custom_domains_phase ON custom_domains(phase, checked_at);

-- Short names a salon gave up: they keep redirecting to it until `until`, and no other salon
-- may take one before then.
CREATE TABLE short_name_history (
  short_slug  TEXT PRIMARY KEY,
  salon_id    INTEGER NOT NULL REFERENCES salons(id),
  until       INTEGER NOT NULL
);
CREATE INDEX short_name_history_salon ON short_name_history(salon_id, until);

-- The group owner's picker: its heading and text, each location's place in it, hidden ones,
-- and where each is (the browser sorts by distance when the client allows it).
ALTER TABLE salon_groups ADD COLUMN picker_heading TEXT NOT NULL DEFAULT '';
ALTER TABLE salon_groups ADD COLUMN picker_text TEXT NOT NULL DEFAULT '';
ALTER TABLE salon_groups ADD COLUMN settings_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE salon_groups ADD COLUMN picker_change TEXT;
ALTER TABLE salons ADD COLUMN picker_position INTEGER;
ALTER TABLE salons ADD COLUMN picker_hidden INTEGER NOT NULL DEFAULT 0;
ALTER TABLE salons ADD COLUMN latitude REAL;
ALTER TABLE salons ADD COLUMN longitude REAL;
