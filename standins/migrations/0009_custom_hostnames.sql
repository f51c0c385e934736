-- The offline Cloudflare for SaaS stand-in: the custom hostnames API
-- (/client/v4/zones/{zone}/custom_hostnames, standins/src/cloudflare). A hostname is on one zone
-- at a time, as on Cloudflare. Instants are UTC epoch milliseconds.
CREATE TABLE cf_custom_hostnames (
  id                  TEXT PRIMARY KEY,          -- a UUID, as Cloudflare's ids
  zone_id             TEXT NOT NULL,
  hostname            TEXT NOT NULL UNIQUE,      -- another zone's POST of it: 409, code 1406
  ssl_id              TEXT NOT NULL,
  ownership_value     TEXT NOT NULL,             -- the _cf-custom-hostname TXT record's value
  -- Tests only (POST /__dev/cloudflare/dns): the hostname's CNAME points at the zone. Then each
  -- read moves it one step on: verifying, certificate issuing, deploying, active.
  dns_pointed         INTEGER NOT NULL DEFAULT 0,
  stage               INTEGER NOT NULL DEFAULT 0,
  validation_started  INTEGER NOT NULL,          -- the 7-day schedule's start (a PATCH restarts it)
  created_at          INTEGER NOT NULL
);
CREATE INDEX cf_custom_hostnames_zone ON cf_custom_hostnames(zone_id, created_at);
