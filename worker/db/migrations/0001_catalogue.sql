-- Salons, groups and the catalogue of services and stylists.
-- Money is integer minor units (pence, cents); durations are minutes.

CREATE TABLE salon_groups (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE salons (
  id                            INTEGER PRIMARY KEY,
  name                          TEXT NOT NULL,
  email                         TEXT NOT NULL DEFAULT '',
  phone                         TEXT NOT NULL DEFAULT '',
  address_line_1                TEXT NOT NULL DEFAULT '',
  address_line_2                TEXT NOT NULL DEFAULT '',
  city                          TEXT NOT NULL DEFAULT '',
  postcode                      TEXT NOT NULL DEFAULT '',
  timezone                      TEXT NOT NULL DEFAULT 'Europe/London',
  currency                      TEXT NOT NULL DEFAULT 'GBP',
  country_code                  TEXT NOT NULL DEFAULT 'GB',
  image                         TEXT NOT NULL DEFAULT '',
  group_id                      INTEGER REFERENCES salon_groups(id),
  theme_mode                    TEXT NOT NULL DEFAULT 'slick' CHECK (theme_mode IN ('neutral', 'dark', 'slick')),
  online_booking                INTEGER NOT NULL DEFAULT 1,
  needs_card                    INTEGER NOT NULL DEFAULT 0,
  no_show_protection            INTEGER NOT NULL DEFAULT 0,
  has_waitlist                  INTEGER NOT NULL DEFAULT 0,
  skip_today                    INTEGER NOT NULL DEFAULT 0,
  book_ncob_with_same           INTEGER NOT NULL DEFAULT 0,
  ncob_mode                     TEXT NOT NULL DEFAULT 'standard',
  ncob_deposit_settings         TEXT NOT NULL DEFAULT 'null',
  ncob_welcome_message          TEXT NOT NULL DEFAULT '',
  ncob_patch_test_copy          TEXT NOT NULL DEFAULT '',
  salon_ncob_text               TEXT NOT NULL DEFAULT '',
  check_ncob_availability_until INTEGER NOT NULL DEFAULT 180,
  fb_pixel_id                   TEXT NOT NULL DEFAULT '',
  redirect_after_ncob_booking   INTEGER NOT NULL DEFAULT 0,
  salon_website_link            TEXT NOT NULL DEFAULT '',
  stripe_voucher_link           TEXT NOT NULL DEFAULT '',
  can_take_voucher_payments     INTEGER NOT NULL DEFAULT 0,
  custom_domain                 TEXT UNIQUE,
  short_slug                    TEXT UNIQUE,
  -- SHA-256 (hex) of the salon's admin API key; the key itself is never stored.
  admin_key_hash                TEXT NOT NULL
);
CREATE INDEX salons_group ON salons(group_id);

CREATE TABLE service_categories (
  id       INTEGER PRIMARY KEY,
  salon_id INTEGER NOT NULL REFERENCES salons(id),
  name     TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX service_categories_salon ON service_categories(salon_id, position);

CREATE TABLE services (
  id               INTEGER PRIMARY KEY,
  salon_id         INTEGER NOT NULL REFERENCES salons(id),
  category_id      INTEGER NOT NULL REFERENCES service_categories(id),
  name             TEXT NOT NULL,
  description      TEXT NOT NULL DEFAULT '',
  variable_pricing INTEGER NOT NULL DEFAULT 0,
  has_patch_test   INTEGER NOT NULL DEFAULT 0,
  show             INTEGER NOT NULL DEFAULT 1,
  position         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX services_salon ON services(salon_id, category_id, position);

-- A service a salon suggests after one with processing time ('Select a finishing service:').
CREATE TABLE service_recommendations (
  service_id             INTEGER NOT NULL REFERENCES services(id),
  recommended_service_id INTEGER NOT NULL REFERENCES services(id),
  PRIMARY KEY (service_id, recommended_service_id)
);

CREATE TABLE stylists (
  id       INTEGER PRIMARY KEY,
  salon_id INTEGER NOT NULL REFERENCES salons(id),
  name     TEXT NOT NULL,
  role     TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0,
  active   INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX stylists_salon ON stylists(salon_id, position);

-- What each stylist performs, at what price, duration and processing time.
CREATE TABLE stylist_services (
  stylist_id INTEGER NOT NULL REFERENCES stylists(id),
  service_id INTEGER NOT NULL REFERENCES services(id),
  price      INTEGER NOT NULL CHECK (price >= 0),
  duration   INTEGER NOT NULL CHECK (duration > 0),
  processing INTEGER NOT NULL DEFAULT 0 CHECK (processing >= 0),
  PRIMARY KEY (stylist_id, service_id)
);
CREATE INDEX stylist_services_service ON stylist_services(service_id);

-- Weekly working hours in the salon's local time (minutes from midnight); weekday 0 = Sunday.
-- A weekday without a row is a day off.
CREATE TABLE stylist_hours (
  stylist_id  INTEGER NOT NULL REFERENCES stylists(id),
  weekday     INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  start_min   INTEGER NOT NULL,
  end_min     INTEGER NOT NULL,
  break_start INTEGER,
  break_end   INTEGER,
  PRIMARY KEY (stylist_id, weekday),
  CHECK (start_min < end_min)
);

-- Strongly consistent versions that cache keys carry ('salon:1', 'group:1'). The edge sets a
-- new random version after every successful settings change: random rather than counted, so a
-- restored or recreated database can never meet a cache entry of an older state.
CREATE TABLE cache_versions (
  scope   TEXT PRIMARY KEY,
  version TEXT NOT NULL
);
