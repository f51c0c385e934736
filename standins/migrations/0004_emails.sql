-- The offline email stand-in: Resend's POST /emails (standins/src/email). Every email it
-- "sent" is kept here and shown on the dev outbox page. Instants are UTC epoch milliseconds.
CREATE TABLE resend_emails (
  id              TEXT PRIMARY KEY,            -- a UUID, as Resend's ids
  -- The request's Idempotency-Key: the same key answers the first email's id and stores nothing.
  idempotency_key TEXT UNIQUE,
  fingerprint     TEXT NOT NULL,               -- SHA-256 of the request body (same key, other body: 409)
  from_address    TEXT NOT NULL,
  to_addresses    TEXT NOT NULL,               -- JSON array of addresses
  subject         TEXT NOT NULL,
  html            TEXT,
  text            TEXT,
  reply_to        TEXT,                        -- JSON array, or NULL
  created_at      INTEGER NOT NULL
);
CREATE INDEX resend_emails_created ON resend_emails(created_at);
