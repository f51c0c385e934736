-- Texts the message queue has handed to the SMS provider, by the message's idempotency key
-- (docs/messaging.md): a redelivered queue message whose key is here is not texted again.
-- Twilio has no idempotency key of its own; Resend's Idempotency-Key covers emails.
CREATE TABLE sent_messages (
  key         TEXT PRIMARY KEY,
  provider_id TEXT NOT NULL, -- Twilio's message sid
  sent_at     INTEGER NOT NULL
);
