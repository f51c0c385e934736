-- A pool that proves phone numbers (issue 33): a new user is UNCONFIRMED, with an unverified
-- phone number, until it enters the code texted to that number (ConfirmSignUp); a changed number
-- is unverified until VerifyUserAttribute. Users from before stay confirmed.
ALTER TABLE idp_users ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1;

-- Every pending code of a user, one per purpose (salted SHA-256 only), and its wrong attempts.
CREATE TABLE idp_codes (
  sub             TEXT NOT NULL REFERENCES idp_users(sub),
  purpose         TEXT NOT NULL CHECK (purpose IN ('reset_password', 'confirm_sign_up', 'verify_phone_number')),
  code_salt       TEXT NOT NULL,
  code_hash       TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  expires_at      INTEGER NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (sub, purpose)
);
INSERT INTO idp_codes (sub, purpose, code_salt, code_hash, created_at, expires_at, failed_attempts)
  SELECT sub, 'reset_password', code_salt, code_hash, created_at, expires_at, failed_attempts FROM idp_reset_codes;
DROP TABLE idp_reset_codes;
