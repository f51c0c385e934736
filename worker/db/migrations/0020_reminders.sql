-- Appointment reminders and delivery status (issue 30).

-- When a salon reminds its clients: 24 hours before, 2 hours before (either, both or neither:
-- off), and by text, email or both.
ALTER TABLE salons ADD COLUMN reminder_24h INTEGER NOT NULL DEFAULT 1 CHECK (reminder_24h IN (0, 1));
ALTER TABLE salons ADD COLUMN reminder_2h INTEGER NOT NULL DEFAULT 0 CHECK (reminder_2h IN (0, 1));
ALTER TABLE salons ADD COLUMN reminder_channel TEXT NOT NULL DEFAULT 'text' CHECK (reminder_channel IN ('text', 'email', 'both'));

-- The client's email address as its account has it (GetUser), for email reminders.
ALTER TABLE clients ADD COLUMN email TEXT;

-- One reminder per appointment, start and kind: the primary key is what makes a second cron run,
-- or two at once, put nothing more on the queue. A moved appointment has a new start, so it is
-- reminded again for that. The reminder's link to the appointment is its capability: only the
-- SHA-256 (hex) of its token is kept, and it opens nothing after expires_at (the appointment's end).
CREATE TABLE reminders (
  appointment_id INTEGER NOT NULL REFERENCES appointments(id),
  start_at       INTEGER NOT NULL,
  kind           TEXT NOT NULL CHECK (kind IN ('24h', '2h')),
  salon_id       INTEGER NOT NULL REFERENCES salons(id),
  client_id      TEXT,
  link_sha256    TEXT NOT NULL UNIQUE,
  expires_at     INTEGER NOT NULL,
  created_at     INTEGER NOT NULL,
  PRIMARY KEY (appointment_id, start_at, kind)
) WITHOUT ROWID;

-- The cron's search: upcoming appointments a client comes to, by start, across salons.
CREATE INDEX appointments_to_remind ON appointments(start_at) WHERE status IN ('confirmed', 'unconfirmed');

-- What became of each message the queue sent, by its key: queued (on our queue or the
-- provider's), sent, delivered, failed or bounced, from Twilio's status callbacks and Resend's
-- webhooks. Reminders carry their salon, client and appointment; other messages get a row once
-- sent (the provider's id, and their salon and appointment when they name them) and are found
-- through sent_messages' keys. A log: no foreign keys, so that recording a status never fails.
CREATE TABLE message_deliveries (
  key            TEXT PRIMARY KEY,
  channel        TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  salon_id       INTEGER,
  client_id      TEXT,
  appointment_id INTEGER,
  what           TEXT,
  provider_id    TEXT,
  status         TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'failed', 'bounced')),
  error_code     TEXT,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
);
CREATE UNIQUE INDEX message_deliveries_provider ON message_deliveries(provider_id) WHERE provider_id IS NOT NULL;
CREATE INDEX message_deliveries_failed ON message_deliveries(salon_id, updated_at) WHERE status IN ('failed', 'bounced');
CREATE INDEX message_deliveries_client ON message_deliveries(client_id, salon_id) WHERE client_id IS NOT NULL;
CREATE INDEX message_deliveries_appointment ON message_deliveries(appointment_id) WHERE appointment_id IS NOT NULL;

-- A client who opted out of a salon's texts (marketing_opt_outs, opted_out_at set) gets no text reminders there.
CREATE INDEX marketing_opt_outs_client ON marketing_opt_outs(salon_id, client_id) WHERE opted_out_at IS NOT NULL;
