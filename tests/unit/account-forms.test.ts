import { describe, expect, it } from 'vitest';
import {
  MSG_EMAIL,
  MSG_FIRST_NAME,
  MSG_LAST_NAME,
  MSG_LOGIN_PHONE,
  MSG_PASSWORD_RULE,
  MSG_PASSWORDS_DIFFER,
  MSG_PHONE,
  MSG_PHONES_DIFFER,
  MSG_PROFILE_NAME,
  MSG_RESET_PASSWORD_RULE,
} from '../../shared/account-rules';
import { resetRequest, signupRequest } from '../../shared/account-schemas';
import { codeForm, codePhoneForm, createAccountForm, loginForm, resetForm } from '../../client/features/account/forms';
import { contactForm } from '../../client/features/profile/contact-form';

/** Each field's first message, as the form's resolver reports it. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}
const gb = (number: string) => ({ number, country: 'GB' });

describe('account forms: the session calls’ rules with the screens’ words', () => {
  it('login: a number the call takes, and a password; the body in E.164', () => {
    expect(loginForm.parse({ phone: gb('07700 900123'), password: 'Demo-pass1' })).toEqual({
      phone: '+447700900123',
      password: 'Demo-pass1',
    });
    expect(problems(loginForm.safeParse({ phone: gb('12345'), password: '' }))).toEqual({
      phone: MSG_LOGIN_PHONE,
      password: 'Please enter your password',
    });
  });

  it('sign in with a code: the number in E.164, then 6 digits (spaces dropped)', () => {
    expect(codePhoneForm.parse({ phone: gb('07700 900123') })).toEqual({ phone: '+447700900123' });
    expect(problems(codePhoneForm.safeParse({ phone: gb('0770') }))).toEqual({ phone: MSG_LOGIN_PHONE });
    expect(codeForm.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(problems(codeForm.safeParse({ code: '12345' }))).toEqual({ code: 'Please enter the 6-digit code from the text message' });
  });

  it('create account without a password: no password rule, and no password in the body', () => {
    const ok = {
      first_name: 'Kit',
      last_name: 'Texter',
      email: 'kit@example.test',
      phone: gb('07700 900472'),
      confirm: gb('07700 900472'),
    };
    expect(createAccountForm(undefined, true).parse({ ...ok, password: '' })).toEqual({
      first_name: 'Kit',
      last_name: 'Texter',
      email: 'kit@example.test',
      phone: '+447700900472',
    });
    expect(problems(createAccountForm().safeParse({ ...ok, password: '' }))).toEqual({ password: MSG_PASSWORD_RULE });
  });

  it('create account: every field says what is wrong, at once, and the numbers must match', () => {
    const form = createAccountForm();
    const bad = { first_name: 'J', last_name: ' ', email: 'jo@example', phone: gb('0770'), confirm: gb(''), password: 'weakpass' };
    expect(problems(form.safeParse(bad))).toEqual({
      first_name: MSG_FIRST_NAME,
      last_name: MSG_LAST_NAME,
      email: MSG_EMAIL,
      phone: MSG_PHONE,
      confirm: MSG_PHONE,
      password: MSG_PASSWORD_RULE,
    });
    const good = { ...bad, first_name: ' Jo ', last_name: 'K', email: ' jo@example.test ', phone: gb('07700 900498') };
    expect(problems(form.safeParse({ ...good, confirm: gb('07700 900499'), password: 'Weakpass1' }))).toEqual({
      confirm: MSG_PHONES_DIFFER,
    });
    const body = form.parse({ ...good, confirm: gb('07700 900498'), password: 'Weakpass1' });
    expect(body).toEqual({ first_name: 'Jo', last_name: 'K', email: 'jo@example.test', phone: '+447700900498', password: 'Weakpass1' });
    // What the form sends is what the sign-up call accepts.
    expect(signupRequest.safeParse(body).success).toBe(true);
  });

  it('create account from an invite: the invited number, no confirm field', () => {
    const form = createAccountForm('+447700900601');
    const body = form.parse({
      first_name: 'Robin',
      last_name: 'Payer',
      email: 'robin@example.test',
      phone: gb('07700 900601'),
      confirm: gb(''),
      password: 'Robin-pass1',
    });
    expect(body.phone).toBe('+447700900601');
  });

  it('reset: the code, the reset screen’s password words, and the password twice', () => {
    expect(problems(resetForm.safeParse({ code: '12345', password: 'fresh', again: 'Fresh-pass3' }))).toEqual({
      code: 'Please enter a valid code',
      password: MSG_RESET_PASSWORD_RULE,
      again: MSG_PASSWORDS_DIFFER,
    });
    expect(resetForm.safeParse({ code: '123456', password: 'Fresh-pass2', again: 'Fresh-pass2' }).success).toBe(true);
    expect(problems(resetRequest.safeParse({ phone: '+447700900403', code: '123456', password: 'weak' }))).toEqual({
      password: MSG_RESET_PASSWORD_RULE,
    });
  });

  it('contact details: name and email as PATCH /session/me checks them, a number it takes', () => {
    expect(problems(contactForm.safeParse({ name: 'R', email: 'robin@', phone: gb('12') }))).toEqual({
      name: MSG_PROFILE_NAME,
      email: MSG_EMAIL,
      phone: MSG_PHONE,
    });
    expect(problems(contactForm.safeParse({ name: 'x'.repeat(121), email: 'robin@example.test', phone: gb('07700 900402') }))).toEqual({
      name: 'Name is too long',
    });
  });
});
