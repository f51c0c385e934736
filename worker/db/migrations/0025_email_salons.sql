-- Issue 32, past one database: Resend's delivery webhooks name an email only by Resend's id, which
-- comes from outside. For an email of a salon placed outside DB, this index in DB (global, read
-- only there) names its salon, so the webhook finds the salon's database through the directory.
-- An email of a salon in DB needs no row (the webhook looks in DB when there is none).
CREATE TABLE email_salons (
  provider_id TEXT PRIMARY KEY,
  salon_id    INTEGER NOT NULL,
  created_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX email_salons_created ON email_salons(created_at);
