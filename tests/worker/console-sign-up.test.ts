import { describe, expect, it } from 'vitest';
import { MSG_SIGNUP_DOMAIN_LIMIT, MSG_SIGNUP_LIMIT } from '../../worker/abuse/limits';
import { lastEmailTo, postJson, STAFF } from './console-helpers';
import { standIn } from './helpers';

// Issue 49: a salon's owner signs up to the console (the staff pool's SignUp, a 6-digit code by
// email, ConfirmSignUp), limited per address and per email domain; an email that has an account
// gets the same answer and, by email, a note that it has one.
const run = Math.floor(Math.random() * 250);
let seq = 0;
const address = () => `100.${run}.49.${++seq % 250}`;
const freshEmail = (domain = 'example.test') => `owner.${Date.now()}.${++seq}@${domain}`;
const signUp = (body: Record<string, string>, ip = address()) =>
  postJson('/console/session/sign-up', { name: 'Robin Shaw', password: 'Signed-up1', ...body }, { 'CF-Connecting-IP': ip });
const codeIn = async (email: string) => /^Your verification code is (\d{6})$/.exec((await lastEmailTo(email)).text)![1]!;
async function emailsTo(to: string) {
  const res = await standIn(`/__dev/outbox/emails.json?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { data: { subject: string; text: string }[] }).data;
}

describe('POST /console/session/sign-up, confirm-sign-up, resend-code', () => {
  it('signs up: 202 and the masked email; the emailed code confirms the account, which then signs in', async () => {
    const email = freshEmail();
    const res = await signUp({ email });
    expect(res.status).toBe(202);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'code_sent', destination: 'o***@e***' });
    // not before the code: Cognito says the account is not confirmed
    const early = await postJson('/console/session/login', { email, password: 'Signed-up1' });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'UserNotConfirmedException' });
    const code = await codeIn(email);
    const wrong = await postJson('/console/session/confirm-sign-up', { email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'CodeMismatchException' });
    expect((await postJson('/console/session/confirm-sign-up', { email, code })).status).toBe(204);
    const login = await postJson('/console/session/login', { email, password: 'Signed-up1' });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { me: unknown }).me).toEqual({ email, name: 'Robin Shaw', salons: [] });
  });

  it('refuses bad input with a field message: a weak password, no name, not an email', async () => {
    const weak = await signUp({ email: freshEmail(), password: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ field: 'password' });
    const noName = await signUp({ email: freshEmail(), name: '  ' });
    expect(await noName.json()).toMatchObject({ field: 'name', detail: 'Enter your name' });
    expect(await (await signUp({ email: 'nope' })).json()).toMatchObject({ field: 'email' });
    expect(await (await postJson('/console/session/confirm-sign-up', { email: freshEmail(), code: '12' })).json()).toMatchObject({
      field: 'code',
      detail: 'Enter the 6-digit code from the email',
    });
  });

  it('an email that has an account gets the same answer, no account change, and an email saying it has one', async () => {
    const fresh = await signUp({ email: freshEmail() });
    const existing = await signUp({ email: STAFF.owner3.email.toUpperCase(), password: 'Another-pass1' });
    expect([fresh.status, existing.status]).toEqual([202, 202]);
    expect(await existing.json()).toEqual({ status: 'code_sent', destination: 'o***@b***' });
    const note = await lastEmailTo(STAFF.owner3.email);
    expect(note.subject).toBe('You already have a salon console account');
    expect(note.text).toContain('/console/forgot-password');
    // the account is as it was: its own password still signs in, the typed one does not
    expect((await postJson('/console/session/login', STAFF.owner3)).status).toBe(200);
    expect((await postJson('/console/session/login', { email: STAFF.owner3.email, password: 'Another-pass1' })).status).toBe(401);
    // and a code checked for it is a wrong code, as for an email with no account
    for (const email of [STAFF.owner3.email, freshEmail()]) {
      const confirm = await postJson('/console/session/confirm-sign-up', { email, code: '123456' });
      expect(confirm.status).toBe(400);
      expect(await confirm.json()).toMatchObject({ code: 'CodeMismatchException' });
    }
  });

  it('signing up again before the code is given sends a new code (the first stops working)', async () => {
    const email = freshEmail();
    await signUp({ email });
    const first = await codeIn(email);
    expect((await signUp({ email })).status).toBe(202);
    const mails = await emailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Your verification code', 'Your verification code']);
    const second = await codeIn(email);
    if (first !== second) expect((await postJson('/console/session/confirm-sign-up', { email, code: first })).status).toBe(400);
    expect((await postJson('/console/session/confirm-sign-up', { email, code: second })).status).toBe(204);
  });

  it('resend-code: a new code for an account waiting for one; the same answer and no email for others', async () => {
    const email = freshEmail();
    await signUp({ email });
    const nobody = freshEmail();
    const answers = await Promise.all(
      [email, nobody, STAFF.manager3.email].map((e) =>
        postJson('/console/session/resend-code', { email: e }, { 'CF-Connecting-IP': address() }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual([
      { status: 'code_sent', destination: 'o***@e***' },
      { status: 'code_sent', destination: 'o***@e***' },
      { status: 'code_sent', destination: 'm***@b***' },
    ]);
    expect(await emailsTo(email)).toHaveLength(2);
    expect(await emailsTo(nobody)).toHaveLength(0);
    expect((await postJson('/console/session/confirm-sign-up', { email, code: await codeIn(email) })).status).toBe(204);
  });

  it('is limited per address: 32 sign-ups at once from one address, 30 let through', async () => {
    const ip = `100.${run}.50.1`;
    const answers = await Promise.all(Array.from({ length: 32 }, () => signUp({ email: freshEmail() }, ip)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(await answers[statuses.indexOf(429)]!.json()).toMatchObject({ detail: MSG_SIGNUP_LIMIT });
  });

  it('is limited per email domain: 55 sign-ups at once from 55 addresses, 50 let through', async () => {
    const domain = `flood${Date.now()}.test`;
    const answers = await Promise.all(Array.from({ length: 55 }, (_, i) => signUp({ email: `n${i}@${domain}` }, `100.${run}.51.${i + 1}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await answers[statuses.indexOf(429)]!.json()).toMatchObject({ detail: MSG_SIGNUP_DOMAIN_LIMIT });
    // another domain from the same addresses is not refused
    expect((await signUp({ email: freshEmail() }, `100.${run}.51.1`)).status).toBe(202);
  });

  it("answers on the platform's hosts only, never on a salon's own domain", async () => {
    const res = await postJson(
      '/console/session/sign-up',
      { email: freshEmail(), name: 'A', password: 'Signed-up1' },
      { Host: 'book.demo-salon.test' },
    );
    expect(res.status).toBe(404);
  });
});
