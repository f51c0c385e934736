import { aliasExists, EDITABLE, type AttributeChanges } from './attributes';
import { CognitoError, isUniqueViolation, MSG } from './cognito-error';
import type { StoredPassword } from './passwords';

/** A row of idp_users. The username is the sub (a UUID); the phone number is the sign-in alias. */
export interface UserRow {
  sub: string;
  phone_number: string;
  phone_number_verified: number;
  /** 0 until ConfirmSignUp (Cognito's UNCONFIRMED), then 1 */
  confirmed: number;
  email: string | null;
  name: string | null;
  given_name: string | null;
  family_name: string | null;
  password_algorithm: string;
  password_iterations: number;
  password_salt: string;
  password_hash: string;
  /** 0 for a user who signed up without a password (its stored hash matches nothing) */
  has_password: number;
}

const COLUMNS = `sub, phone_number, phone_number_verified, confirmed, email, name, given_name, family_name,
  password_algorithm, password_iterations, password_salt, password_hash, has_password`;

export const userByPhone = (db: D1Database, phone: string) =>
  db.prepare(`SELECT ${COLUMNS} FROM idp_users WHERE phone_number = ?`).bind(phone).first<UserRow>();

export const userBySub = (db: D1Database, sub: string) =>
  db.prepare(`SELECT ${COLUMNS} FROM idp_users WHERE sub = ?`).bind(sub).first<UserRow>();

export const storedPasswordOf = (u: UserRow): StoredPassword => ({
  algorithm: u.password_algorithm,
  iterations: u.password_iterations,
  salt: u.password_salt,
  hash: u.password_hash,
});

/**
 * Creates an UNCONFIRMED user whose phone number is not verified yet (ConfirmSignUp does both);
 * a taken phone number is a UsernameExistsException.
 */
export async function createUser(
  db: D1Database,
  user: { sub: string; phone: string; attributes: AttributeChanges; password: StoredPassword; hasPassword?: boolean },
  now: number,
): Promise<void> {
  const a = user.attributes;
  const p = user.password;
  try {
    await db
      .prepare(`INSERT INTO idp_users (${COLUMNS}, created_at, updated_at) VALUES (?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .bind(
        user.sub,
        user.phone,
        a.email ?? null,
        a.name ?? null,
        a.given_name ?? null,
        a.family_name ?? null,
        p.algorithm,
        p.iterations,
        p.salt,
        p.hash,
        user.hasPassword === false ? 0 : 1,
        now,
        now,
      )
      .run();
  } catch (e) {
    if (isUniqueViolation(e)) throw new CognitoError('UsernameExistsException', MSG.phoneExists);
    throw e;
  }
}

/**
 * Applies attribute changes; another user's phone number is an AliasExistsException. A new phone
 * number is unverified until VerifyUserAttribute.
 */
export async function updateAttributes(
  db: D1Database,
  sub: string,
  changes: AttributeChanges,
  now: number,
  { phoneChanged = false } = {},
): Promise<void> {
  const names = EDITABLE.filter((name) => name in changes);
  if (names.length === 0) return;
  const set = [...names.map((name) => `${name} = ?`), ...(phoneChanged ? ['phone_number_verified = 0'] : [])].join(', ');
  try {
    await db
      .prepare(`UPDATE idp_users SET ${set}, updated_at = ? WHERE sub = ?`)
      .bind(...names.map((name) => changes[name] ?? null), now, sub)
      .run();
  } catch (e) {
    if (isUniqueViolation(e)) throw aliasExists();
    throw e;
  }
}

/** ConfirmSignUp: the user is confirmed and its phone number, which received the code, verified. */
export const confirmUserStatement = (db: D1Database, sub: string, now: number) =>
  db.prepare('UPDATE idp_users SET confirmed = 1, phone_number_verified = 1, updated_at = ? WHERE sub = ?').bind(now, sub);

/** VerifyUserAttribute: the phone number that received the code is verified (if it is still the user's). */
export const verifyPhoneStatement = (db: D1Database, sub: string, phone: string, now: number) =>
  db.prepare('UPDATE idp_users SET phone_number_verified = 1, updated_at = ? WHERE sub = ? AND phone_number = ?').bind(now, sub, phone);

export const setPasswordStatement = (db: D1Database, sub: string, p: StoredPassword, now: number) =>
  db
    .prepare(
      `UPDATE idp_users SET password_algorithm = ?, password_iterations = ?, password_salt = ?, password_hash = ?,
         has_password = 1, updated_at = ? WHERE sub = ?`,
    )
    .bind(p.algorithm, p.iterations, p.salt, p.hash, now, sub);

/** The user's attributes as GetUser lists them (sub first; unset attributes left out). */
export function userAttributes(u: UserRow): { Name: string; Value: string }[] {
  const list = [
    { Name: 'sub', Value: u.sub },
    { Name: 'phone_number_verified', Value: u.phone_number_verified ? 'true' : 'false' },
    { Name: 'phone_number', Value: u.phone_number },
  ];
  for (const name of ['given_name', 'family_name', 'name', 'email'] as const) {
    const value = u[name];
    if (value !== null) list.push({ Name: name, Value: value });
  }
  return list;
}
