-- Refunds of the payments stand-in (POST /v1/refunds), stored like every other object.
CREATE TABLE stripe_refunds (
  id       TEXT PRIMARY KEY CHECK (id GLOB 're_*'),
  customer TEXT, -- always NULL (one generic store)
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);
CREATE INDEX stripe_refunds_payment_intent ON stripe_refunds(json_extract(object, '$.payment_intent'));
