import { describe, expect, it } from 'vitest';
import type { Invite } from '../../shared/invites';
import { clientWithCard } from './card-client';
import { newClient } from './client-bookings-helpers';
import { call } from './helpers';
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
