import { base64, randomBytes, randomDigits, sameBytes, sha256Hex, utf8 } from '../bytes';
import { CognitoError, limitExceeded, MSG } from '../cognito-error';

/**
 * The staff pool's emailed 6-digit codes (a password reset's in staff_codes, a sign-up's in
 * staff_sign_up_codes): stored salted and hashed, one per user (a new one replaces the old), each
 * with a lifetime and a number of tries.
 */
export type CodeTable = 'staff_codes' | 'staff_sign_up_codes';

const hashCode = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);

/** A new code for `sub` and the statement that stores it (in place of any earlier one). */
export async function newCode(db: D1Database, table: CodeTable, sub: string, expiresAt: number) {
  const code = randomDigits(6);
  const salt = base64(randomBytes(16));
  const store = db
    .prepare(
      `INSERT INTO ${table} (sub, code_salt, code_hash, expires_at, failed_attempts) VALUES (?, ?, ?, ?, 0)
       ON CONFLICT (sub) DO UPDATE SET code_salt = excluded.code_salt, code_hash = excluded.code_hash,
         expires_at = excluded.expires_at, failed_attempts = 0`,
    )
    .bind(sub, salt, await hashCode(salt, code), expiresAt);
  return { code, store };
}

/**
 * Checks `given` against the user's code: ExpiredCodeException without one or past its time,
 * LimitExceededException once its tries are spent (each comparison takes one first, atomically:
 * no more than `attempts` guesses however many arrive), CodeMismatchException for a wrong one.
 * Answers the stored code's hash, which the caller's own writes name so that only the code that
 * was checked is used (a new code sent in between voids it).
 */
export async function checkCode(
  db: D1Database,
  table: CodeTable,
  sub: string,
  given: string,
  attempts: number,
  now: number,
): Promise<string> {
  const stored = await db
    .prepare(`SELECT code_salt, code_hash, expires_at FROM ${table} WHERE sub = ?`)
    .bind(sub)
    .first<{ code_salt: string; code_hash: string; expires_at: number }>();
  if (!stored || stored.expires_at <= now) throw new CognitoError('ExpiredCodeException', MSG.codeExpired);
  const taken = await db
    .prepare(
      `UPDATE ${table} SET failed_attempts = failed_attempts + 1 WHERE sub = ? AND code_hash = ? AND failed_attempts < ? RETURNING sub`,
    )
    .bind(sub, stored.code_hash, attempts)
    .first();
  if (!taken) throw limitExceeded();
  if (!sameBytes(utf8(await hashCode(stored.code_salt, given)), utf8(stored.code_hash))) {
    throw new CognitoError('CodeMismatchException', MSG.codeMismatch);
  }
  return stored.code_hash;
}
