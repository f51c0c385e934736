-- The staff pool's own sign-up (issue 49): SignUp makes an UNCONFIRMED user, whom the 6-digit code
-- emailed to them confirms (ConfirmSignUp). SQLite cannot change a CHECK in place: staff_users is
-- rebuilt with the third status, its rows kept.
CREATE TABLE staff_users_next (
  sub                           TEXT PRIMARY KEY,
  email                         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name                          TEXT,
  status                        TEXT NOT NULL CHECK (status IN ('UNCONFIRMED', 'FORCE_CHANGE_PASSWORD', 'CONFIRMED')),
  enabled                       INTEGER NOT NULL DEFAULT 1,
  password_algorithm            TEXT NOT NULL CHECK (password_algorithm = 'PBKDF2-SHA256'),
  password_iterations           INTEGER NOT NULL CHECK (password_iterations > 0),
  password_salt                 TEXT NOT NULL,
  password_hash                 TEXT NOT NULL,
  temporary_password_expires_at INTEGER,
  created_at                    INTEGER NOT NULL,
  updated_at                    INTEGER NOT NULL
);
INSERT INTO staff_users_next SELECT sub, email, name, status, enabled, password_algorithm, password_iterations, password_salt,
  password_hash, temporary_password_expires_at, created_at, updated_at FROM staff_users;
DROP TABLE staff_users;
ALTER TABLE staff_users_next RENAME TO staff_users;

-- The pending sign-up code of an UNCONFIRMED user (salted SHA-256 only), emailed; a new one replaces it.
CREATE TABLE staff_sign_up_codes (
  sub             TEXT PRIMARY KEY,
  code_salt       TEXT NOT NULL,
  code_hash       TEXT NOT NULL,
  expires_at      INTEGER NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0
);
