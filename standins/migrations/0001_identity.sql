-- The offline identity stand-in: an Amazon Cognito user pool (standins/src/identity).
-- Its own database: the product's never holds a stand-in table; production users live in Cognito.
-- Instants are UTC epoch milliseconds.

-- Users of the pool. The username is the sub (a UUID); the phone number is the sign-in alias.
CREATE TABLE idp_users (
  sub                   TEXT PRIMARY KEY,
  phone_number          TEXT NOT NULL UNIQUE CHECK (phone_number GLOB '+[1-9]*'),
  phone_number_verified INTEGER NOT NULL DEFAULT 1,
  email                 TEXT,
  name                  TEXT,
  given_name            TEXT,
  family_name           TEXT,
  -- A slow salted hash (PBKDF2-SHA256); the password itself is never stored.
  password_algorithm    TEXT NOT NULL CHECK (password_algorithm = 'PBKDF2-SHA256'),
  password_iterations   INTEGER NOT NULL CHECK (password_iterations > 0),
  password_salt         TEXT NOT NULL, -- base64
  password_hash         TEXT NOT NULL, -- base64
  created_at            INTEGER NOT NULL,
  updated_at            INTEGER NOT NULL
);

-- The RS256 key pairs that sign ID and access tokens (created on first use; offline only).
CREATE TABLE idp_signing_keys (
  token_use   TEXT PRIMARY KEY CHECK (token_use IN ('id', 'access')),
  kid         TEXT NOT NULL UNIQUE,
  public_jwk  TEXT NOT NULL,
  private_jwk TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);

-- One row per sign-in: its refresh token (SHA-256 hex only) and the origin_jti of its tokens.
CREATE TABLE idp_sessions (
  origin_jti         TEXT PRIMARY KEY,
  sub                TEXT NOT NULL REFERENCES idp_users(sub),
  refresh_token_hash TEXT NOT NULL UNIQUE,
  auth_time          INTEGER NOT NULL,
  created_at         INTEGER NOT NULL,
  expires_at         INTEGER NOT NULL,
  revoked_at         INTEGER
);
CREATE INDEX idp_sessions_sub ON idp_sessions(sub);
CREATE INDEX idp_sessions_expiry ON idp_sessions(expires_at);

-- Issued access tokens by jti, so that revoking a session revokes them.
CREATE TABLE idp_access_tokens (
  jti        TEXT PRIMARY KEY,
  origin_jti TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX idp_access_tokens_expiry ON idp_access_tokens(expires_at);

-- The pending password reset code of a user (salted SHA-256 only) and its wrong attempts.
CREATE TABLE idp_reset_codes (
  sub             TEXT PRIMARY KEY REFERENCES idp_users(sub),
  code_salt       TEXT NOT NULL,
  code_hash       TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  expires_at      INTEGER NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0
);

-- Abuse counters ('signin:phone:+44...', 'signin:addr:203.0.113.9', 'forgot:+44...'); they
-- expire by their timestamps (see throttle.ts) and old rows are deleted as new ones are written.
CREATE TABLE idp_throttle (
  key      TEXT PRIMARY KEY,
  count    INTEGER NOT NULL,
  first_at INTEGER NOT NULL,
  last_at  INTEGER NOT NULL
);
CREATE INDEX idp_throttle_last ON idp_throttle(last_at);

-- Texts and emails the offline stand-ins "sent", shown at the stand-ins' /__dev/outbox.
CREATE TABLE dev_outbox (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at INTEGER NOT NULL,
  channel    TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient  TEXT NOT NULL,
  body       TEXT NOT NULL
);
