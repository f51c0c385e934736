import * as z from '../../../shared/zod';
import { MSG_LOGIN_PHONE, MSG_PASSWORDS_DIFFER, MSG_PHONE, MSG_PHONES_DIFFER } from '../../../shared/account-rules';
import { codeConfirmRequest, loginRequest, resetRequest, signupRequest } from '../../../shared/account-schemas';
import { phoneOf } from '../../components/phone-number';

/**
 * The account forms' resolvers: each field is the shared schema the session call validates with
 * (shared/account-schemas.ts); what only a screen has (a phone input's country, a repeated number
 * or password) is checked here with the screen's words (docs/booking/accounts-and-money.md §5).
 */

const phoneInput = z.object({ number: z.string(), country: z.string() });
/** An email as typed: the server's rule, after the spaces around it. */
const typedEmail = z.string().trim().pipe(signupRequest.shape.email);

/** Login: a number the session call takes, and a password. Output: the login call's body. */
export const loginForm = z
  .object({ phone: phoneInput, password: loginRequest.shape.password })
  .superRefine((v, ctx) => {
    if (!phoneOf(v.phone.number, v.phone.country)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MSG_LOGIN_PHONE });
  })
  .transform((v) => ({ phone: phoneOf(v.phone.number, v.phone.country)!, password: v.password }));
export type LoginFormValues = z.input<typeof loginForm>;

/**
 * Create account: the sign-up call's fields (without a password for an account that logs in with
 * texted codes), the mobile number twice (the invite variant has the
 * invited number, read-only, and no confirm field). Output: the sign-up call's body.
 */
export const createAccountForm = (invitedPhone?: string, passwordless = false) =>
  z
    .object({
      first_name: signupRequest.shape.first_name,
      last_name: signupRequest.shape.last_name,
      email: typedEmail,
      phone: phoneInput,
      confirm: phoneInput,
      // An account that logs in with texted codes has no password (docs/booking/accounts-and-money.md §2).
      password: passwordless ? z.string() : signupRequest.shape.password.unwrap(),
    })
    .superRefine((v, ctx) => {
      const phone = invitedPhone ?? phoneOf(v.phone.number, v.phone.country);
      if (!phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: MSG_PHONE });
      if (invitedPhone) return;
      const confirm = phoneOf(v.confirm.number, v.confirm.country);
      if (!confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: MSG_PHONE });
      else if (confirm !== phone) ctx.addIssue({ code: 'custom', path: ['confirm'], message: MSG_PHONES_DIFFER });
    })
    .transform(({ first_name, last_name, email, phone, password }) => ({
      first_name,
      last_name,
      email,
      phone: invitedPhone ?? phoneOf(phone.number, phone.country)!,
      ...(passwordless ? {} : { password }),
    }));
export type CreateAccountFormValues = z.input<ReturnType<typeof createAccountForm>>;

/** Password reset's last step: the texted code and the new password twice. */
export const resetForm = z
  .object({ code: resetRequest.shape.code, password: resetRequest.shape.password, again: z.string() })
  .superRefine((v, ctx) => {
    if (v.again !== v.password) ctx.addIssue({ code: 'custom', path: ['again'], message: MSG_PASSWORDS_DIFFER });
  });
export type ResetFormValues = z.input<typeof resetForm>;

/** Sign in with a code, first step: the number to text. Output: E.164. */
export const codePhoneForm = z
  .object({ phone: phoneInput })
  .superRefine((v, ctx) => {
    if (!phoneOf(v.phone.number, v.phone.country)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MSG_LOGIN_PHONE });
  })
  .transform((v) => ({ phone: phoneOf(v.phone.number, v.phone.country)! }));
export type CodePhoneFormValues = z.input<typeof codePhoneForm>;

/** Sign in with a code, second step: the 6-digit code (the rule the session call applies). */
export const codeForm = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(codeConfirmRequest.shape.code),
});
export type CodeFormValues = z.input<typeof codeForm>;
