-- Choice-based sign-in (issue 35): Cognito's USER_AUTH flow with a code texted instead of a
-- password (SMS_OTP), and users who signed up with no password at all (passwordless sign-up).

-- 0 for a user created without a password: its stored hash is random and matches nothing, and
-- the PASSWORD challenge is not offered to it.
ALTER TABLE idp_users ADD COLUMN has_password INTEGER NOT NULL DEFAULT 1;

-- The Session of a sign-in in progress (SHA-256 hex only), valid 3 minutes (the app client's
-- AuthSessionValidity): an SMS_OTP challenge with its code (salted SHA-256) and wrong tries; the
-- Session SignUp answers (for ConfirmSignUp); the Session ConfirmSignUp answers (for InitiateAuth);
-- a SELECT_CHALLENGE's Session.
-- sub is NULL for a number with no account (a simulated challenge: no text, no code matches).
CREATE TABLE idp_auth_sessions (
  session_hash TEXT PRIMARY KEY,
  kind         TEXT NOT NULL CHECK (kind IN ('SMS_OTP', 'SELECT_CHALLENGE', 'SIGN_UP', 'SIGNED_UP')),
  sub          TEXT,
  phone_number TEXT NOT NULL,
  code_salt    TEXT,
  code_hash    TEXT,
  wrong_tries  INTEGER NOT NULL DEFAULT 0,
  used         INTEGER NOT NULL DEFAULT 0,
  expires_at   INTEGER NOT NULL
);
CREATE INDEX idp_auth_sessions_expiry ON idp_auth_sessions(expires_at);
