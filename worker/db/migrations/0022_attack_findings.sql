-- Issue 33 (what an attack on the running app found):
--  * A moved booking's calendar file keeps its UID and must carry a higher SEQUENCE (RFC 5545
--    3.8.7.4) or calendar apps ignore the new time: every move counts one more.
--  * A booking's Idempotency-Key names one request: its body's SHA-256 is kept, and the same key
--    with another body is refused (409), as Stripe does.
ALTER TABLE appointments ADD COLUMN calendar_sequence INTEGER NOT NULL DEFAULT 0;
ALTER TABLE appointments ADD COLUMN request_hash TEXT;
