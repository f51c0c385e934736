import * as z from '../zod';
import type { StaffMe } from './roles';
import { typedName } from '../typed-name';
import { staffEmail } from './team';

/**
 * The console's session calls (/console/session/*): the refresh token stays in an httpOnly cookie
 * of the edge, the access token in the console's memory.
 */
export const staffPassword = z
  .string('Enter a password')
  .max(256, 'A password can be at most 256 characters')
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/, 'Use at least 8 characters with a lowercase letter, an uppercase letter and a number');

export const staffLoginSchema = z.object({
  email: staffEmail,
  password: z.string('Enter your password').min(1, 'Enter your password').max(256, 'A password can be at most 256 characters'),
});
export const staffNewPasswordSchema = z.object({
  email: staffEmail,
  session: z.string().min(20, 'Sign in again: this sign-in has expired').max(4096, 'Sign in again: this sign-in has expired'),
  new_password: staffPassword,
});
export const staffForgotSchema = z.object({ email: staffEmail });
export const staffResetSchema = z.object({
  email: staffEmail,
  code: z
    .string('Enter the 6-digit code from the email')
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
  new_password: staffPassword,
});

const signUpCode = z
  .string('Enter the 6-digit code from the email')
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the email');

/** POST /console/session/sign-up: a new owner's account (a code is emailed to confirm the address). */
export const staffSignUpSchema = z.object({
  name: typedName({ max: 120, empty: 'Enter your name', tooLong: 'A name can be at most 120 characters' }),
  email: staffEmail,
  password: staffPassword,
});
/** POST /console/session/confirm-sign-up: the emailed code confirms the address. */
export const staffConfirmSignUpSchema = z.object({ email: staffEmail, code: signUpCode });
/** POST /console/session/resend-code: a new sign-up code. */
export const staffResendCodeSchema = z.object({ email: staffEmail });

/** What the sign-up calls answer: the email the code went to, masked as Cognito masks it. */
export interface StaffCodeSent {
  status: 'code_sent';
  destination: string;
}

/** A signed-in console: tokens for the API (Authorization: Bearer access_token) and who it is. */
export interface StaffSession {
  access_token: string;
  id_token: string;
  expires_in: number;
  me: StaffMe;
}

/** The first sign-in with a temporary password: choose a new one (POST /console/session/new-password). */
export interface StaffChallenge {
  challenge: 'NEW_PASSWORD_REQUIRED';
  session: string;
}
