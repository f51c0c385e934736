import type { Action } from './action';
import { randomBytes, randomDigits, sameBytes, sha256Hex, base64, utf8 } from './bytes';
import { assertClient, CognitoError, limitExceeded, MSG } from './cognito-error';
import { deliveryDestination, outboxStatement } from '../outbox';
import { assertPasswordPolicy, hashPassword } from './passwords';
import { RESET_CODE_TTL_MS } from './pool';
import { confirmForgotPasswordRequest, forgotPasswordRequest } from './schemas';
import { revokeSessionsStatement } from './sessions';
import { signInKeys, takeAllowance } from './throttle';
import { setPasswordStatement, userByPhone } from './users';
import { parseRequest } from './validation';

/** ForgotPassword: at most 5 per phone number per hour. */
const FORGOT_LIMIT = 5;
const FORGOT_WINDOW_MS = 3600_000;
/** Wrong codes allowed per issued code; then the code is void. */
const CODE_ATTEMPTS = 5;

const hashCode = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);
const resetUserNotFound = () => new CognitoError('UserNotFoundException', MSG.resetUserNotFound);

/** ForgotPassword: a 6-digit code, stored hashed for an hour and "texted" to the dev outbox. */
export const forgotPassword: Action = async (ctx, body) => {
  const req = parseRequest(forgotPasswordRequest, body);
  assertClient(req.ClientId);
  const user = await userByPhone(ctx.db, req.Username);
  if (!user) throw resetUserNotFound();
  if (!(await takeAllowance(ctx.db, `forgot:${user.phone_number}`, FORGOT_LIMIT, FORGOT_WINDOW_MS, ctx.now))) {
    throw limitExceeded();
  }
  const code = randomDigits(6);
  const salt = base64(randomBytes(16));
  await ctx.db.batch([
    // A new code replaces the previous one, with a fresh attempt count.
    ctx.db
      .prepare(
        `INSERT INTO idp_reset_codes (sub, code_salt, code_hash, created_at, expires_at, failed_attempts)
         VALUES (?, ?, ?, ?, ?, 0)
         ON CONFLICT (sub) DO UPDATE SET code_salt = excluded.code_salt, code_hash = excluded.code_hash,
           created_at = excluded.created_at, expires_at = excluded.expires_at, failed_attempts = 0`,
      )
      .bind(user.sub, salt, await hashCode(salt, code), ctx.now, ctx.now + RESET_CODE_TTL_MS),
    outboxStatement(ctx.db, 'sms', user.phone_number, `Your password reset code is ${code}`, ctx.now),
  ]);
  return {
    CodeDeliveryDetails: { Destination: deliveryDestination(user.phone_number), DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
  };
};

interface ResetCode {
  code_salt: string;
  code_hash: string;
  expires_at: number;
  failed_attempts: number;
}

/** ConfirmForgotPassword: a right code sets the new password and revokes every session. */
export const confirmForgotPassword: Action = async (ctx, body) => {
  const req = parseRequest(confirmForgotPasswordRequest, body);
  assertClient(req.ClientId);
  const user = await userByPhone(ctx.db, req.Username);
  if (!user) throw resetUserNotFound();
  assertPasswordPolicy(req.Password);
  const db = ctx.db;
  const code = await db
    .prepare('SELECT code_salt, code_hash, expires_at, failed_attempts FROM idp_reset_codes WHERE sub = ?')
    .bind(user.sub)
    .first<ResetCode>();
  if (!code || code.expires_at <= ctx.now) throw new CognitoError('ExpiredCodeException', MSG.codeExpired);
  // Each comparison first takes one of the code's attempts, atomically: no more than
  // CODE_ATTEMPTS guesses per code, however many arrive at once.
  const taken = await db
    .prepare(
      `UPDATE idp_reset_codes SET failed_attempts = failed_attempts + 1
       WHERE sub = ? AND code_hash = ? AND failed_attempts < ? RETURNING failed_attempts`,
    )
    .bind(user.sub, code.code_hash, CODE_ATTEMPTS)
    .first<{ failed_attempts: number }>();
  if (!taken) throw limitExceeded();
  const given = await hashCode(code.code_salt, req.ConfirmationCode);
  if (!sameBytes(utf8(given), utf8(code.code_hash))) throw new CognitoError('CodeMismatchException', MSG.codeMismatch);
  const password = await hashPassword(req.Password);
  await db.batch([
    setPasswordStatement(db, user.sub, password, ctx.now),
    db.prepare('DELETE FROM idp_reset_codes WHERE sub = ?').bind(user.sub),
    revokeSessionsStatement(db, user.sub, ctx.now),
    // The owner has proved who they are: no back-off left on their number.
    db.prepare('DELETE FROM idp_throttle WHERE key = ?').bind(signInKeys(user.phone_number, '').phone),
  ]);
  return {};
};
