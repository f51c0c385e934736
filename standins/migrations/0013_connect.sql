-- Stripe Connect in the payments stand-in: connected accounts (POST /v1/accounts, onboarding on
-- the stand-in's hosted page), stored like every other object; 'internal' holds the account's
-- live account links. stripe_object_accounts names the connected account an object was made on
-- (the request's Stripe-Account header); an object without a row is the platform's own.
CREATE TABLE stripe_accounts (
  id       TEXT PRIMARY KEY CHECK (id GLOB 'acct_*'),
  customer TEXT, -- always NULL (one generic store)
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);

CREATE TABLE stripe_object_accounts (
  id      TEXT PRIMARY KEY,
  account TEXT NOT NULL
);

-- Account links (POST /v1/account_links): single use, five minutes; the hosted page's address
-- carries the token. Inserted on their own, so links made at the same moment never contend.
CREATE TABLE stripe_account_links (
  token      TEXT PRIMARY KEY,
  account    TEXT NOT NULL,
  return_url TEXT NOT NULL,
  refresh_url TEXT NOT NULL,
  expires_at INTEGER NOT NULL, -- epoch ms
  used_at    INTEGER
);
