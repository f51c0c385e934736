-- A second user pool for the salons' staff (issue 28): email sign-in, users created by an
-- administrator with a temporary password (Cognito's FORCE_CHANGE_PASSWORD), its own sessions,
-- challenges and emailed codes. Offline only; production staff live in their own Cognito pool.
CREATE TABLE staff_users (
  sub                           TEXT PRIMARY KEY,
  email                         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name                          TEXT,
  status                        TEXT NOT NULL CHECK (status IN ('FORCE_CHANGE_PASSWORD', 'CONFIRMED')),
  enabled                       INTEGER NOT NULL DEFAULT 1,
  password_algorithm            TEXT NOT NULL CHECK (password_algorithm = 'PBKDF2-SHA256'),
  password_iterations           INTEGER NOT NULL CHECK (password_iterations > 0),
  password_salt                 TEXT NOT NULL,
  password_hash                 TEXT NOT NULL,
  -- the temporary password stops working then (7 days, Cognito's default)
  temporary_password_expires_at INTEGER,
  created_at                    INTEGER NOT NULL,
  updated_at                    INTEGER NOT NULL
);

-- One row per sign-in: its refresh token (SHA-256 hex only) and the origin_jti of its tokens.
CREATE TABLE staff_sessions (
  origin_jti         TEXT PRIMARY KEY,
  sub                TEXT NOT NULL,
  refresh_token_hash TEXT NOT NULL UNIQUE,
  auth_time          INTEGER NOT NULL,
  expires_at         INTEGER NOT NULL,
  revoked_at         INTEGER
);
CREATE INDEX staff_sessions_sub ON staff_sessions(sub);

-- Issued access tokens by jti, so that GlobalSignOut revokes them.
CREATE TABLE staff_access_tokens (
  jti        TEXT PRIMARY KEY,
  origin_jti TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- The Session of a NEW_PASSWORD_REQUIRED challenge (SHA-256 hex only), valid 3 minutes.
CREATE TABLE staff_challenges (
  session_hash TEXT PRIMARY KEY,
  sub          TEXT NOT NULL,
  expires_at   INTEGER NOT NULL
);

-- The pending password-reset code of a user (salted SHA-256 only), emailed.
CREATE TABLE staff_codes (
  sub             TEXT PRIMARY KEY,
  code_salt       TEXT NOT NULL,
  code_hash       TEXT NOT NULL,
  expires_at      INTEGER NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0
);
