-- The demo client of the offline identity stand-in: sign in with
-- +447700900123 / Demo-pass1. Applied after demo.sql; idempotent (INSERT OR IGNORE).
-- The password is stored as the stand-in stores every password: PBKDF2-SHA256, 100 000
-- iterations, 16-byte salt (base64), 32-byte hash (base64), computed offline with
-- node's crypto.pbkdf2Sync('Demo-pass1', salt, 100000, 32, 'sha256').
INSERT OR IGNORE INTO idp_users (sub, phone_number, phone_number_verified, email, name, given_name, family_name,
  password_algorithm, password_iterations, password_salt, password_hash, created_at, updated_at)
VALUES ('5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123', '+447700900123', 1, 'jamie@example.test', 'Jamie Rivers', NULL, NULL,
  'PBKDF2-SHA256', 100000, 'hLaLVsT24Mgpfem7C+mf9g==', 'oT2cV8XogbybpPqmVZSNtYcUorKEGWCVns7Q7iZ36rU=',
  1767225600000, 1767225600000);
