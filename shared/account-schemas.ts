/**
 * The session calls' bodies (login, sign-up, password reset, profile), one zod schema each: the
 * edge validates with them, and the account forms build their resolvers from their fields, so a
 * field error on the screen is the rule the server applies (docs/booking/accounts-and-money.md §5, §8).
 */
import * as z from './zod';
import {
  E164,
  MSG_CODE,
  MSG_EMAIL,
  MSG_FIRST_NAME,
  MSG_LAST_NAME,
  MSG_LOGIN_PHONE,
  MSG_PASSWORD_RULE,
  MSG_PROFILE_NAME,
  MSG_RESET_PASSWORD_RULE,
} from './account-rules';

const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
const MSG_PASSWORD_TOO_LONG = 'Password is too long';
export const MSG_TEXTED_CODE = 'Please enter the 6-digit code from the text message';

export const phoneNumber = z.string().regex(E164, MSG_LOGIN_PHONE);
/** The password an account has: anything but nothing. */
export const password = z.string().min(1, 'Please enter your password').max(256, MSG_PASSWORD_TOO_LONG);
/** A password an account may take, with the words of the screen that sets it. */
export const newPassword = (message = MSG_PASSWORD_RULE) => z.string().max(256, MSG_PASSWORD_TOO_LONG).regex(STRONG_PASSWORD, message);
export const email = z.email(MSG_EMAIL).max(254, MSG_EMAIL);
export const firstName = z.string().trim().min(2, MSG_FIRST_NAME).max(60, 'First Name is too long');
export const lastName = z.string().trim().min(1, MSG_LAST_NAME).max(60, 'Last name is too long');
export const profileName = z.string().trim().min(2, MSG_PROFILE_NAME).max(120, 'Name is too long');
/** A code texted to prove a number (sign-up, a changed number). */
export const textedCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, MSG_TEXTED_CODE);

/** POST /session/login */
export const loginRequest = z.object({ phone: phoneNumber, password });
/** POST /session/signup; without a password, an account that signs in with texted codes. */
export const signupRequest = z.object({
  first_name: firstName,
  last_name: lastName,
  email,
  phone: phoneNumber,
  password: newPassword().optional(),
});
/** POST /session/signup/confirm (no password for an account made without one) */
export const signupConfirmRequest = z.object({ phone: phoneNumber, code: textedCode, password: password.optional() });
/** POST /session/code/confirm: the code texted to sign in with (Cognito's SMS_OTP). */
export const codeConfirmRequest = z.object({ phone: phoneNumber, code: textedCode });
/** POST /session/signup/resend and /session/forgot */
export const phoneRequest = z.object({ phone: phoneNumber });
/** POST /session/reset: the texted code and a new password, in the reset screen's words (§5). */
export const resetRequest = z.object({
  phone: phoneNumber,
  code: z.string().regex(/^\d{6}$/, MSG_CODE),
  password: newPassword(MSG_RESET_PASSWORD_RULE),
});
/** PATCH /session/me: what changes of the client's contact details. */
export const profileFields = z.strictObject({ name: profileName, email, phone_number: phoneNumber });
export const profileChange = profileFields.partial().refine((o) => Object.keys(o).length > 0, 'Nothing to change');
/** POST /session/me/phone/verify */
export const phoneVerifyRequest = z.object({ code: textedCode });
