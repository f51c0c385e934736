import { CognitoError, isUniqueViolation, MSG } from '../cognito-error';
import type { StoredPassword } from '../passwords';

/** A row of staff_users: the username is the sub (a UUID); the email is the sign-in alias. */
export interface StaffUserRow {
  sub: string;
  email: string;
  name: string | null;
  /** UNCONFIRMED: signed up, the emailed code not given yet (issue 49) */
  status: 'UNCONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'CONFIRMED';
  enabled: number;
  password_algorithm: string;
  password_iterations: number;
  password_salt: string;
  password_hash: string;
  temporary_password_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export const staffUserByEmail = (db: D1Database, email: string) =>
  db.prepare('SELECT * FROM staff_users WHERE email = ?').bind(email).first<StaffUserRow>();

export const staffUserBySub = (db: D1Database, sub: string) =>
  db.prepare('SELECT * FROM staff_users WHERE sub = ?').bind(sub).first<StaffUserRow>();

/** Username is the sub or the email, as Cognito takes either for a pool with email sign-in. */
export const staffUserByUsername = (db: D1Database, username: string) =>
  username.includes('@') ? staffUserByEmail(db, username) : staffUserBySub(db, username);

export const userNotFound = () => new CognitoError('UserNotFoundException', 'User does not exist.');

/**
 * A new user: invited by an administrator (FORCE_CHANGE_PASSWORD, a temporary password until
 * `tempUntil`) or signed up (UNCONFIRMED, their own password). A taken email is UsernameExistsException.
 */
export async function insertStaffUser(
  db: D1Database,
  u: { sub: string; email: string; name: string | null; password: StoredPassword } & (
    { tempUntil: number; status?: never } | { status: 'UNCONFIRMED'; tempUntil?: never }
  ),
  now: number,
): Promise<void> {
  try {
    await db
      .prepare(
        `INSERT INTO staff_users (sub, email, name, status, enabled, password_algorithm, password_iterations, password_salt,
           password_hash, temporary_password_expires_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        u.sub,
        u.email,
        u.name,
        u.status ?? 'FORCE_CHANGE_PASSWORD',
        u.password.algorithm,
        u.password.iterations,
        u.password.salt,
        u.password.hash,
        u.tempUntil ?? null,
        now,
        now,
      )
      .run();
  } catch (e) {
    if (isUniqueViolation(e)) throw new CognitoError('UsernameExistsException', MSG.emailExists);
    throw e;
  }
}

/** A new password: temporary (an administrator's, until a date) or the user's own (CONFIRMED). */
export const setStaffPasswordStatement = (db: D1Database, sub: string, p: StoredPassword, now: number, tempUntil: number | null) =>
  db
    .prepare(
      `UPDATE staff_users SET password_algorithm = ?, password_iterations = ?, password_salt = ?, password_hash = ?,
         status = ?, temporary_password_expires_at = ?, updated_at = ? WHERE sub = ?`,
    )
    .bind(p.algorithm, p.iterations, p.salt, p.hash, tempUntil === null ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD', tempUntil, now, sub);

export const revokeStaffSessionsStatement = (db: D1Database, sub: string, now: number) =>
  db.prepare('UPDATE staff_sessions SET revoked_at = ? WHERE sub = ? AND revoked_at IS NULL').bind(now, sub);

/** The user as AdminGetUser and AdminCreateUser describe it (dates in epoch seconds, as the JSON protocol sends them). */
export function describeStaffUser(u: StaffUserRow) {
  return {
    Username: u.sub,
    Attributes: staffAttributes(u),
    UserCreateDate: u.created_at / 1000,
    UserLastModifiedDate: u.updated_at / 1000,
    Enabled: u.enabled === 1,
    UserStatus: u.status,
  };
}

export function staffAttributes(u: StaffUserRow): { Name: string; Value: string }[] {
  return [
    { Name: 'sub', Value: u.sub },
    { Name: 'email', Value: u.email },
    { Name: 'email_verified', Value: u.status === 'UNCONFIRMED' ? 'false' : 'true' },
    ...(u.name !== null ? [{ Name: 'name', Value: u.name }] : []),
  ];
}

export const staffStoredPassword = (u: StaffUserRow): StoredPassword => ({
  algorithm: u.password_algorithm,
  iterations: u.password_iterations,
  salt: u.password_salt,
  hash: u.password_hash,
});
