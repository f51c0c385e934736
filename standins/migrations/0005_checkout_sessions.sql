-- Checkout Sessions of the payments stand-in (POST /v1/checkout/sessions and the hosted page at
-- /checkout/{id}), stored like every other object. 'internal' holds the line items, the pending
-- payment intent of an attempt and the page's origin; never a card number.
CREATE TABLE stripe_checkout_sessions (
  id       TEXT PRIMARY KEY CHECK (id GLOB 'cs_test_*'),
  customer TEXT, -- always NULL (one generic store)
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);
CREATE INDEX stripe_checkout_sessions_payment_intent ON stripe_checkout_sessions(json_extract(object, '$.payment_intent'));
