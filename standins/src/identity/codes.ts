import { base64, randomBytes, randomDigits, sameBytes, sha256Hex, utf8 } from './bytes';
import { CognitoError, limitExceeded, MSG } from './cognito-error';
import { deliveryDestination, outboxStatement } from '../outbox';
import { takeAllowance } from './throttle';

/**
 * The 6-digit codes the pool texts: a password reset, a sign-up's confirmation and a changed
 * phone number's verification. Each is stored salted and hashed (idp_codes, one per user and
 * purpose; a new one replaces the old), lives as long as Cognito's does, allows 5 wrong tries,
 * and is "texted" to the dev outbox in Cognito's default words.
 */
export type CodePurpose = 'reset_password' | 'confirm_sign_up' | 'verify_phone_number';

const LIFETIME_MS: Record<CodePurpose, number> = {
  reset_password: 3600_000,
  confirm_sign_up: 24 * 3600_000,
  verify_phone_number: 24 * 3600_000,
};
const TEXT: Record<CodePurpose, (code: string) => string> = {
  reset_password: (code) => `Your password reset code is ${code}`,
  confirm_sign_up: (code) => `Your verification code is ${code}`,
  verify_phone_number: (code) => `Your verification code is ${code}`,
};
/** At most 5 codes of one purpose per phone number per hour. */
const SEND_LIMIT = 5;
const SEND_WINDOW_MS = 3600_000;
/** Wrong codes allowed per issued code; then the code is void. */
const CODE_ATTEMPTS = 5;

const hashCode = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);

/** Cognito's CodeDeliveryDetails for a text to `phone`. */
export const smsDelivery = (phone: string) => ({
  Destination: deliveryDestination(phone),
  DeliveryMedium: 'SMS',
  AttributeName: 'phone_number',
});

/** Issues a new code of `purpose` to `phone` (LimitExceededException past the hourly limit). */
export async function sendCode(db: D1Database, sub: string, phone: string, purpose: CodePurpose, now: number) {
  if (!(await takeAllowance(db, `${purpose === 'reset_password' ? 'forgot' : purpose}:${phone}`, SEND_LIMIT, SEND_WINDOW_MS, now))) {
    throw limitExceeded();
  }
  const code = randomDigits(6);
  const salt = base64(randomBytes(16));
  await db.batch([
    db
      .prepare(
        `INSERT INTO idp_codes (sub, purpose, code_salt, code_hash, created_at, expires_at, failed_attempts)
         VALUES (?, ?, ?, ?, ?, ?, 0)
         ON CONFLICT (sub, purpose) DO UPDATE SET code_salt = excluded.code_salt, code_hash = excluded.code_hash,
           created_at = excluded.created_at, expires_at = excluded.expires_at, failed_attempts = 0`,
      )
      .bind(sub, purpose, salt, await hashCode(salt, code), now, now + LIFETIME_MS[purpose]),
    outboxStatement(db, 'sms', phone, TEXT[purpose](code), now),
  ]);
  return smsDelivery(phone);
}

interface StoredCode {
  code_salt: string;
  code_hash: string;
  expires_at: number;
}

/**
 * Checks a code: ExpiredCodeException when none is pending or it has expired, LimitExceeded once
 * its tries are used up, CodeMismatchException when wrong. Answers the statement that spends it,
 * to run with the change it allows.
 */
export async function checkCode(db: D1Database, sub: string, purpose: CodePurpose, given: string, now: number) {
  const code = await db
    .prepare('SELECT code_salt, code_hash, expires_at FROM idp_codes WHERE sub = ? AND purpose = ?')
    .bind(sub, purpose)
    .first<StoredCode>();
  if (!code || code.expires_at <= now) throw new CognitoError('ExpiredCodeException', MSG.codeExpired);
  // Each comparison first takes one of the code's attempts, atomically: no more than
  // CODE_ATTEMPTS guesses per code, however many arrive at once.
  const taken = await db
    .prepare(
      `UPDATE idp_codes SET failed_attempts = failed_attempts + 1
       WHERE sub = ? AND purpose = ? AND code_hash = ? AND failed_attempts < ? RETURNING failed_attempts`,
    )
    .bind(sub, purpose, code.code_hash, CODE_ATTEMPTS)
    .first<{ failed_attempts: number }>();
  if (!taken) throw limitExceeded();
  const hash = await hashCode(code.code_salt, given);
  if (!sameBytes(utf8(hash), utf8(code.code_hash))) throw new CognitoError('CodeMismatchException', MSG.codeMismatch);
  return db.prepare('DELETE FROM idp_codes WHERE sub = ? AND purpose = ?').bind(sub, purpose);
}
