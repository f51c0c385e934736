-- Stripe Terminal in the payments stand-in (standins/src/payments/terminal.ts): locations and
-- readers, stored like every other object (the Stripe object as answered, a revision, sandbox state).
CREATE TABLE stripe_terminal_locations (
  id       TEXT PRIMARY KEY CHECK (id GLOB 'tml_*'),
  customer TEXT, -- always NULL (one generic store)
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);

CREATE TABLE stripe_terminal_readers (
  id       TEXT PRIMARY KEY CHECK (id GLOB 'tmr_*'),
  customer TEXT, -- always NULL (one generic store)
  created  INTEGER NOT NULL,
  revision TEXT NOT NULL,
  object   TEXT NOT NULL CHECK (json_valid(object)),
  internal TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(internal))
);
