import { describe, expect, it } from 'vitest';
import { call, demoLogin } from './helpers';
import { consoleCall, lastEmailTo, newStaffMember, postJson, STAFF, staffCookieOf, staffLogin } from './console-helpers';

const cookieHeader = (value: string) => ({ Cookie: `__Host-staff_session=${value}` });

describe('the console session: staff of their own pool, tokens in memory, the refresh token in a cookie', () => {
  it('signs the group owner in: tokens, a Secure httpOnly cookie of its own, and every salon of the group as owner', async () => {
    const res = await postJson('/console/session/login', STAFF.groupOwner);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^__Host-staff_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = (await res.json()) as { access_token: string; me: unknown };
    expect(body.me).toEqual({
      email: 'owner@willow-demo.test',
      name: 'Morgan Willow',
      salons: [
        { id: 1, name: 'Willow & Co Islington', role: 'owner', group_id: 1 },
        { id: 2, name: 'Willow & Co Shoreditch', role: 'owner', group_id: 1 },
      ],
    });
    expect(JSON.stringify(body)).not.toContain(staffCookieOf(res)!);
    const me = await consoleCall('/api/console/me', body.access_token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(body.me);
  });

  it('refuses a wrong password with 401 and a body that is not JSON with 415', async () => {
    const res = await postJson('/console/session/login', { ...STAFF.manager3, password: 'Wrong-pass1' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ detail: 'Incorrect username or password.', code: 'NotAuthorizedException' });
    const form = await call('/console/session/login', { method: 'POST', body: 'email=a&password=b' });
    expect(form.status).toBe(415);
    const bad = await postJson('/console/session/login', { email: 'not an email', password: 'x' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'email' });
  });

  it('refreshes from the cookie alone, and answers 204 without one', async () => {
    const s = await staffLogin(STAFF.manager3);
    const res = await call('/console/session/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...cookieHeader(s.cookie!) },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; me: { salons: unknown[] } };
    expect(body.me.salons).toEqual([{ id: 3, name: 'Brooklyn Barber Co.', role: 'manager', group_id: null }]);
    expect((await consoleCall('/api/console/me', body.access_token)).status).toBe(200);
    expect((await call('/console/session/refresh', { method: 'POST', headers: { 'Content-Type': 'application/json' } })).status).toBe(204);
  });

  it('logout ends the session at once: the access token is refused on the next call, the refresh cookie no longer works', async () => {
    const s = await staffLogin(STAFF.owner3);
    expect((await consoleCall('/api/console/me', s.access_token)).status).toBe(200);
    const out = await call('/console/session/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.access_token}`, ...cookieHeader(s.cookie!) },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('Set-Cookie')).toMatch(/__Host-staff_session=;/);
    const after = await consoleCall('/api/console/me', s.access_token);
    expect(after.status).toBe(401);
    const refresh = await call('/console/session/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...cookieHeader(s.cookie!) },
    });
    expect(refresh.status).toBe(401);
  });

  it("a client's token is refused on staff calls, and a staff token on client calls", async () => {
    const client = await demoLogin();
    const asClient = await consoleCall('/api/console/me', client.token);
    expect(asClient.status).toBe(401);
    const staff = await staffLogin(STAFF.groupOwner);
    const onClientCall = await consoleCall(`/api/ncob/client/salons/${client.username}/`, staff.access_token);
    expect(onClientCall.status).toBe(401);
    expect((await consoleCall('/session/me', staff.access_token)).status).toBe(401);
  });
});

describe('an invitation: the temporary password by email, then a password of their own', () => {
  it('an owner invites a manager, who signs in with the emailed password, must choose a new one, and then works at the salon', async () => {
    const owner = await staffLogin(STAFF.groupOwner);
    const email = `new.manager.${Date.now()}@example.test`;
    const invited = await consoleCall('/api/console/salons/1/staff', owner.access_token, {
      method: 'POST',
      body: JSON.stringify({ email, name: 'Nia Manager', role: 'manager' }),
    });
    expect(invited.status).toBe(201);
    expect(await invited.json()).toMatchObject({ email, name: 'Nia Manager', role: 'manager', status: 'invited', via_group: false });
    const mail = await lastEmailTo(email);
    expect(mail.subject).toBe('Your temporary password');
    const temporary = /temporary password is (\S+)\.$/.exec(mail.text)![1]!;

    const first = await postJson('/console/session/login', { email, password: temporary });
    expect(first.status).toBe(200);
    const challenge = (await first.json()) as { challenge: string; session: string };
    expect(challenge.challenge).toBe('NEW_PASSWORD_REQUIRED');
    expect(first.headers.get('Set-Cookie')).toBeNull();

    const weak = await postJson('/console/session/new-password', { email, session: challenge.session, new_password: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ field: 'new_password' });
    const chosen = await postJson('/console/session/new-password', { email, session: challenge.session, new_password: 'Chosen-pass1' });
    expect(chosen.status).toBe(200);
    const session = (await chosen.json()) as { access_token: string; me: unknown };
    expect(session.me).toEqual({
      email,
      name: 'Nia Manager',
      salons: [{ id: 1, name: 'Willow & Co Islington', role: 'manager', group_id: null }],
    });
    expect((await consoleCall('/api/console/salons/1/settings', session.access_token)).status).toBe(200);

    const team = (await (await consoleCall('/api/console/salons/1/staff', owner.access_token)).json()) as {
      email: string;
      status: string;
    }[];
    expect(team.find((m) => m.email === email)?.status).toBe('active');
    // Invited twice: refused by name.
    const again = await consoleCall('/api/console/salons/1/staff', owner.access_token, {
      method: 'POST',
      body: JSON.stringify({ email, name: 'Nia Manager', role: 'manager' }),
    });
    expect(again.status).toBe(409);
  });

  it('a forgotten password: a code by email, then a new password; the old one stops working', async () => {
    const email = `reset.${Date.now()}@example.test`;
    await newStaffMember(email, 'First-pass1', 2, 'stylist');

    const forgot = await postJson('/console/session/forgot-password', { email });
    expect(forgot.status).toBe(200);
    expect(await forgot.json()).toEqual({ destination: 'r***@e***' });
    const code = /code is (\d{6})$/.exec((await lastEmailTo(email)).text)![1]!;
    const reset = await postJson('/console/session/reset-password', { email, code, new_password: 'Second-pass1' });
    expect(reset.status).toBe(204);
    expect((await postJson('/console/session/login', { email, password: 'First-pass1' })).status).toBe(401);
    expect((await postJson('/console/session/login', { email, password: 'Second-pass1' })).status).toBe(200);
  });

  // Issue 55 item 5: a known email answered 200 with its masked destination, an unknown one 404.
  it('forgot-password answers alike for a known, an unknown and an invited email: 200 and the typed email masked', async () => {
    const owner = await staffLogin(STAFF.groupOwner);
    const invited = `invited.${Date.now()}@example.test`;
    await consoleCall('/api/console/salons/1/staff', owner.access_token, {
      method: 'POST',
      body: JSON.stringify({ email: invited, name: 'Ira', role: 'stylist' }),
    });
    const answers = await Promise.all(
      ['manager@brooklyn-barber.test', `nobody.${Date.now()}@example.test`, invited].map((email) =>
        postJson('/console/session/forgot-password', { email }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual([
      { destination: 'm***@b***' },
      { destination: 'n***@e***' },
      { destination: 'i***@e***' },
    ]);
  });

  it('removing the last role of a member deletes their account: their token stops working at once', async () => {
    const owner = await staffLogin(STAFF.groupOwner);
    const email = `leaver.${Date.now()}@example.test`;
    const member = (await (
      await consoleCall('/api/console/salons/1/staff', owner.access_token, {
        method: 'POST',
        body: JSON.stringify({ email, name: 'Lee', role: 'manager' }),
      })
    ).json()) as { id: number };
    const temporary = /temporary password is (\S+)\.$/.exec((await lastEmailTo(email)).text)![1]!;
    const { session } = (await (await postJson('/console/session/login', { email, password: temporary })).json()) as { session: string };
    const leaver = (await (await postJson('/console/session/new-password', { email, session, new_password: 'Leaver-pass1' })).json()) as {
      access_token: string;
    };
    expect((await consoleCall('/api/console/salons/1/settings', leaver.access_token)).status).toBe(200);

    expect((await consoleCall(`/api/console/salons/1/staff/${member.id}`, owner.access_token, { method: 'DELETE' })).status).toBe(204);
    expect((await consoleCall('/api/console/salons/1/settings', leaver.access_token)).status).toBe(403);
    expect((await postJson('/console/session/login', { email, password: 'Leaver-pass1' })).status).toBe(401);
  });
});
