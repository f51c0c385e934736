-- The offline payments stand-in: a Stripe-API-compatible sandbox (standins/src/payments), in the
-- stand-ins' own database.
-- Every object table holds the Stripe object as answered (JSON), a random revision that each
-- write replaces (optimistic concurrency: a write names the revision it read), and hidden
-- sandbox state. Card numbers and CVCs are never stored: a payment method keeps only brand,
-- last4, expiry, fingerprint and the test behaviour derived from the number.
-- 'created' is Stripe's: Unix seconds. Rows are listed newest first by rowid.

CREATE TABLE stripe_customers (
  id       TEXT PRIMARY KEY CHECK (id GLOB 'cus_*'),
  customer TEXT, -- always NULL: every object table has the same columns (one generic store)
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);

CREATE TABLE stripe_payment_methods (
  id       TEXT PRIMARY KEY CHECK (id GLOB 'pm_*'),
  customer TEXT REFERENCES stripe_customers(id),
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  -- {"behaviour": "succeed" | "decline_generic" | ..., "setUp": bool}
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);
CREATE INDEX stripe_payment_methods_customer ON stripe_payment_methods(customer);

CREATE TABLE stripe_setup_intents (
  id       TEXT PRIMARY KEY CHECK (id GLOB 'seti_*'),
  customer TEXT REFERENCES stripe_customers(id),
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);
CREATE INDEX stripe_setup_intents_customer ON stripe_setup_intents(customer);

CREATE TABLE stripe_payment_intents (
  id       TEXT PRIMARY KEY CHECK (id GLOB 'pi_*'),
  customer TEXT REFERENCES stripe_customers(id),
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  -- {"captureBefore": unix seconds of an authorisation's expiry}
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);
CREATE INDEX stripe_payment_intents_customer ON stripe_payment_intents(customer);

-- Events of state changes (GET /v1/events) and their webhook delivery: 'payload' is the exact
-- JSON body to sign and POST; delivered_at (epoch ms) is set once the edge delivered it.
CREATE TABLE stripe_events (
  id           TEXT PRIMARY KEY CHECK (id GLOB 'evt_*'),
  type         TEXT NOT NULL,
  object_id    TEXT NOT NULL,
  created      INTEGER NOT NULL,
  payload      TEXT NOT NULL CHECK (json_valid(payload)),
  delivered_at INTEGER
);
CREATE INDEX stripe_events_pending ON stripe_events(delivered_at) WHERE delivered_at IS NULL;
CREATE INDEX stripe_events_type ON stripe_events(type);

-- Idempotency-Key of POSTs (kept 24 hours, as on Stripe). 'fingerprint' is a SHA-256 of the
-- method, path and parameters (card number and CVC only as a short, non-identifying digest);
-- status and response are NULL while the first request is still running.
CREATE TABLE stripe_idempotency_keys (
  scope           TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  fingerprint     TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  status          INTEGER,
  response        TEXT,
  PRIMARY KEY (scope, idempotency_key)
);
CREATE INDEX stripe_idempotency_keys_created ON stripe_idempotency_keys(created_at);

-- Commit guard: a write batch of the stand-in ends with
--   INSERT INTO stripe_write_guard SELECT (1 if every object still has the revision just written, else 0)
-- so a lost race fails this CHECK and D1 rolls the whole batch back (optimistic concurrency over
-- several objects at once); the same batch then deletes the row, so the table stays empty.
CREATE TABLE stripe_write_guard (ok INTEGER NOT NULL CHECK (ok = 1));
