import { describe, expect, it } from 'vitest';
import type { Invite } from '../../shared/invites';
import { clientWithCard } from './card-client';
import { newClient } from './client-bookings-helpers';
import { call, signUp, textedCode } from './helpers';
import { admin, answerInvite, intentsOf, invitedRestyle } from './invite-helpers';

describe('invites: ownership', () => {
  it("another client's invite is 404 on every call, and never listed", async () => {
    const owner = await clientWithCard('4242424242424242');
    const invite = await invitedRestyle(owner.phone);
    await call('/api/client/get/invite/2/', { headers: owner.auth });
    const other = await clientWithCard('4242424242424242');
    const listed = (await (await call('/api/client/get/invite/2/', { headers: other.auth })).json()) as Invite[];
    expect(listed.map((i) => i.id)).not.toContain(invite.id);
    expect((await answerInvite(other.auth, invite, true)).status).toBe(404);
    expect((await answerInvite(other.auth, invite, false)).status).toBe(404);
    expect((await call(`/api/client/post/invite/2/${invite.id}/seen`, { method: 'POST', headers: other.auth })).status).toBe(404);
    // the owner's invite at another salon's path: 404 too
    expect((await answerInvite(owner.auth, invite, true, crypto.randomUUID(), 1)).status).toBe(404);
    expect(await intentsOf(other.customer)).toHaveLength(0);
    expect(await intentsOf(owner.customer)).toHaveLength(0);
  });

  it('an unclaimed invite is not anyone else’s: a client with another phone cannot see or answer it', async () => {
    const invite = await invitedRestyle('+447700955599');
    const c = await newClient();
    const listed = (await (await call('/api/client/get/invite/2/', { headers: c.auth })).json()) as Invite[];
    expect(listed.map((i) => i.id)).not.toContain(invite.id);
    expect((await answerInvite(c.auth, invite, false)).status).toBe(404);
  });

  it("another salon's admin key cannot reach the invite (401 on its own path, 404 on the salon's path)", async () => {
    const invite = await invitedRestyle('+447700955598');
    expect((await call(`/admin/salons/2/invites/${invite.id}`, { method: 'DELETE', headers: admin(1) })).status).toBe(401);
    expect((await call(`/admin/salons/1/invites/${invite.id}`, { method: 'DELETE', headers: admin(1) })).status).toBe(404);
    expect((await call(`/admin/salons/1/invites/${invite.id}/remind`, { method: 'POST', headers: admin(1) })).status).toBe(404);
    const list = (await (await call('/admin/salons/1/invites', { headers: admin(1) })).json()) as { id: number }[];
    expect(list.map((i) => i.id)).not.toContain(invite.id);
  });

  it('the client calls need a login; ncob/invite does not', async () => {
    expect((await call('/api/client/get/invite/2/')).status).toBe(401);
    expect((await call('/api/client/post/invite/2/1', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/ncob/invite/abcdefghijklmnopqrstuvwxyz012345/')).status).toBe(404);
  });
});

describe('invites: only the owner of a phone number claims what was sent to it (issue 33)', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const number = () => `+4477009${String(Date.now() % 100_000).padStart(5, '0')}`;
  const listed = async (auth: Record<string, string>) =>
    ((await (await call('/api/client/get/invite/2/', { headers: auth })).json()) as Invite[]).map((i) => i.id);

  it('an account that signs up with the number but never enters the texted code cannot sign in, so it sees nothing', async () => {
    const phone = number();
    const invite = await invitedRestyle(phone);
    const details = { first_name: 'Eve', last_name: 'Taker', email: 'eve@example.test', phone, password: 'Stolen-pass1' };
    const res = await post('/session/signup', details);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'code_sent', destination: `+*******${phone.slice(-4)}` });
    const login = await post('/session/login', { phone, password: details.password });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ code: 'UserNotConfirmedException', detail: 'User is not confirmed.' });
    // A guessed code is refused, and nothing is signed in.
    const code = await textedCode(phone);
    const guess = await post('/session/signup/confirm', {
      phone,
      code: code === '000000' ? '111111' : '000000',
      password: details.password,
    });
    expect(guess.status).toBe(400);
    expect(await guess.json()).toMatchObject({ code: 'CodeMismatchException' });
    // The owner of the number, who received the code, claims the request.
    const owner = await post('/session/signup/confirm', { phone, code, password: details.password });
    expect(owner.status).toBe(200);
    const session = (await owner.json()) as { access_token: string; user: { phone_number_verified: boolean } };
    expect(session.user.phone_number_verified).toBe(true);
    expect(await listed({ Authorization: `Bearer ${session.access_token}` })).toContain(invite.id);
  });

  it('a number changed on the profile claims nothing until the code texted to it is entered', async () => {
    const phone = number();
    const invite = await invitedRestyle(phone);
    const own = `+4477009${String((Date.now() + 50_000) % 100_000).padStart(5, '0')}`;
    const res = await signUp({ first_name: 'Eve', last_name: 'Changer', email: 'eve@example.test', phone: own, password: 'Changer-pass1' });
    expect(res.status).toBe(200);
    const auth = { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
    const changed = await call('/session/me', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone_number: phone }),
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ phone_number: phone, phone_number_verified: false });
    expect(await listed(auth)).not.toContain(invite.id);
    expect((await answerInvite(auth, invite, false)).status).toBe(404);
    // With the code the number received, the account has proved it.
    const verified = await post('/session/me/phone/verify', { code: await textedCode(phone) }, auth);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ phone_number: phone, phone_number_verified: true });
    expect(await listed(auth)).toContain(invite.id);
  });
  it('a known client who changes its number stops getting requests for the old one, and gets the new one’s once verified', async () => {
    const own = `+4477009${String((Date.now() + 20_000) % 100_000).padStart(5, '0')}`;
    const res = await signUp({ first_name: 'Kai', last_name: 'Known', email: 'kai@example.test', phone: own, password: 'Known-pass1' });
    const auth = { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
    await listed(auth); // the API now knows the client by its verified number
    const phone = `+4477009${String((Date.now() + 70_000) % 100_000).padStart(5, '0')}`;
    const patch = await call('/session/me', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone_number: phone }),
    });
    expect(patch.status).toBe(200);
    const toOld = await invitedRestyle(own);
    const toNew = await invitedRestyle(phone);
    expect(await listed(auth)).not.toContain(toOld.id);
    expect(await listed(auth)).not.toContain(toNew.id);
    expect((await post('/session/me/phone/verify', { code: await textedCode(phone) }, auth)).status).toBe(200);
    const after = await listed(auth);
    expect(after).toContain(toNew.id);
    expect(after).not.toContain(toOld.id);
  });
});
