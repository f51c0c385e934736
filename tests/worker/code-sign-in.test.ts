import { beforeEach, describe, expect, it } from 'vitest';
import { call, textedCode } from './helpers';
import { bookRestyle, json, newClient, restyleTimes } from './client-bookings-helpers';

/** Sign in with a code by text: POST /session/code, then /session/code/confirm (Cognito's USER_AUTH, SMS_OTP). */

const CODE_COOKIE = /__Host-code-sign-in=([^;]*)/;
const cookieOf = (res: Response, name: RegExp) =>
  res.headers
    .getSetCookie()
    .map((c) => name.exec(c)?.[1])
    .find((v) => v !== undefined) ?? null;
const freshPhone = () => `+4477009${String(10000 + Math.floor(Math.random() * 89999))}`;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Each test calls from an address of its own (documentation range): the stand-in's address lock
 * refuses numbers with failures of their own, and other test files fail sign-ins from theirs.
 */
let address = '';
beforeEach(() => {
  address = `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
});
const from = (extra: Record<string, string> = {}) => ({ 'CF-Connecting-IP': address, ...extra });

/** Asks for a code: the answer and the cookie that carries Cognito's Session. */
async function askCode(phone: string) {
  const res = await call('/session/code', json({ phone }, from()));
  return { res, cookie: `__Host-code-sign-in=${cookieOf(res, CODE_COOKIE)}` };
}
const confirm = (phone: string, code: string, cookie: string) =>
  call('/session/code/confirm', json({ phone, code }, from({ Cookie: cookie })));
/** The cookie a refusal leaves (a try fewer), or the same one when it set none. */
const nextCookie = (res: Response, cookie: string) => {
  const v = cookieOf(res, CODE_COOKIE);
  return v === null ? cookie : `__Host-code-sign-in=${v}`;
};

describe('sign in with a code by text', () => {
  it('texts a code (202, the number masked, Cognito’s Session in an httpOnly cookie); the code signs in as /session/login does', async () => {
    const client = await newClient();
    const { res, cookie } = await askCode(client.phone);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ destination: `+*******${client.phone.slice(-4)}` });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('__Host-code-sign-in='))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Secure/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).toMatch(/Max-Age=180/);

    const ok = await confirm(client.phone, await textedCode(client.phone), cookie);
    expect(ok.status).toBe(200);
    const s = (await ok.json()) as { access_token: string; user: { username: string; phone_number: string } };
    expect(s.user).toMatchObject({ username: client.username, phone_number: client.phone });
    expect(s.access_token.split('.')).toHaveLength(3);
    expect(cookieOf(ok, /__Host-session=([^;]*)/)).toBeTruthy();
    // the code's cookie is gone: the Session signed in once
    expect(ok.headers.getSetCookie().some((c) => /^__Host-code-sign-in=;|__Host-code-sign-in=.*Max-Age=0/.test(c))).toBe(true);
  });

  it('a wrong code says how many tries are left; the third wrong code asks for a new code, and so does the Session afterwards', async () => {
    const client = await newClient();
    let { cookie } = await askCode(client.phone);
    const code = await textedCode(client.phone);
    const first = await confirm(client.phone, wrong(code), cookie);
    expect(first.status).toBe(400);
    expect(await first.json()).toMatchObject({
      code: 'CodeMismatchException',
      detail: 'That code is not right. Check the text message and try again (2 tries left).',
    });
    cookie = nextCookie(first, cookie);
    const second = await confirm(client.phone, wrong(code), cookie);
    expect(await second.json()).toMatchObject({ detail: 'That code is not right. Check the text message and try again (1 try left).' });
    cookie = nextCookie(second, cookie);
    const third = await confirm(client.phone, wrong(code), cookie);
    expect(third.status).toBe(400);
    expect(await third.json()).toMatchObject({
      code: 'CodeUsedUp',
      detail: 'That code is not right, and that was the last try for it. Ask for a new code.',
    });
    // The browser has forgotten the Session: asking with none, or with the spent one, asks for a new code.
    expect(await (await confirm(client.phone, code, '')).json()).toMatchObject({
      code: 'CodeExpired',
      detail: 'This code has expired. Ask for a new code.',
    });
    const spent = await confirm(client.phone, code, cookie);
    expect(spent.status).toBe(400);
    expect(await spent.json()).toMatchObject({ code: 'CodeUsedUp', detail: 'This code can no longer be used. Ask for a new code.' });
  });

  it('the right code after a wrong one still signs in', async () => {
    const client = await newClient();
    const { cookie } = await askCode(client.phone);
    const code = await textedCode(client.phone);
    const miss = await confirm(client.phone, wrong(code), cookie);
    expect((await confirm(client.phone, code, nextCookie(miss, cookie))).status).toBe(200);
  });

  it('answers a number with no account as one with an account: 202 with its masked number, then a wrong code', async () => {
    const phone = freshPhone();
    const { res, cookie } = await askCode(phone);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ destination: `+*******${phone.slice(-4)}` });
    const r = await confirm(phone, '123456', cookie);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'CodeMismatchException' });
  });

  it('counts codes as passwords: the sixth check for a number in 15 minutes is refused (429)', async () => {
    const client = await newClient();
    let code = '';
    let cookie = '';
    for (let i = 0; i < 5; i++) {
      if (i % 3 === 0) {
        cookie = (await askCode(client.phone)).cookie;
        code = await textedCode(client.phone);
      }
      const r = await confirm(client.phone, wrong(code), cookie);
      cookie = nextCookie(r, cookie);
    }
    // The sixth check, with the Session that still has a try: refused by the edge's count.
    const locked = await confirm(client.phone, code, cookie);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({
      detail: 'Password attempts exceeded. Please wait 15 minutes and try again, or reset your password.',
    });
    // Cognito locks the number too: no new code either.
    const again = await call('/session/code', json({ phone: client.phone }, from()));
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({
      detail: 'Too many wrong codes or passwords. Please wait 15 minutes, then ask for a new code.',
    });
  });

  it('refuses a malformed number or code with a clear 400, and never echoes the code', async () => {
    const bad = await call('/session/code', json({ phone: '0770' }));
    expect(bad.status).toBe(400);
    const r = await call('/session/code/confirm', json({ phone: '+447700900123', code: '12ab56' }));
    expect(r.status).toBe(400);
    const text = await r.text();
    expect(JSON.parse(text)).toMatchObject({ detail: 'Please enter the 6-digit code from the text message' });
    expect(text).not.toContain('12ab56');
  });
});

describe('a client with no password books with the code alone', () => {
  it('creates an account without a password, is signed in by the sign-up code, books, and signs in later with a texted code', async () => {
    const phone = freshPhone();
    const details = { first_name: 'Sam', last_name: 'Code', email: `s${phone.slice(-5)}@example.test`, phone };
    const signup = await call('/session/signup', json(details, from()));
    expect(signup.status).toBe(202);
    const signupCookie = `__Host-sign-up=${cookieOf(signup, /__Host-sign-up=([^;]*)/)}`;
    const confirmed = await call('/session/signup/confirm', json({ phone, code: await textedCode(phone) }, from({ Cookie: signupCookie })));
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const s = (await confirmed.json()) as { access_token: string; user: { username: string; phone_number_verified: boolean } };
    expect(s.user.phone_number_verified).toBe(true);
    const client = { username: s.user.username, auth: { Authorization: `Bearer ${s.access_token}` }, phone };
    const [start] = await restyleTimes();
    const booked = await bookRestyle(client, start!);
    expect(booked.status, await booked.clone().text()).toBe(201);

    // Later sign-ins: a texted code; no password works for it.
    const { cookie } = await askCode(phone);
    const later = await confirm(phone, await textedCode(phone), cookie);
    expect(later.status, await later.clone().text()).toBe(200);
    expect((await call('/session/login', json({ phone, password: 'Anything-1' }, from()))).status).toBe(401);
  });

  it('confirmed without SignUp’s Session (after its 3 minutes), the account is confirmed and a sign-in code is texted instead', async () => {
    const phone = freshPhone();
    const signup = await call(
      '/session/signup',
      json({ first_name: 'Late', last_name: 'Comer', email: `l${phone.slice(-5)}@example.test`, phone }, from()),
    );
    expect(signup.status).toBe(202);
    const late = await call('/session/signup/confirm', json({ phone, code: await textedCode(phone) }, from()));
    expect(late.status).toBe(202);
    expect(await late.json()).toEqual({ status: 'sign_in_code_sent', destination: `+*******${phone.slice(-4)}` });
    const cookie = `__Host-code-sign-in=${cookieOf(late, CODE_COOKIE)}`;
    const signedIn = await confirm(phone, await textedCode(phone), cookie);
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  });
});
