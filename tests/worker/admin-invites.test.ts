import { describe, expect, it } from 'vitest';
import type { AdminInvite } from '../../shared/invites';
import { bookedRestyle, newClient } from './client-bookings-helpers';
import { call } from './helpers';
import { admin, createInvite, freeRestyle, invitedRestyle } from './invite-helpers';

const restyleAt = (start: string) => ({ start_time: start, procedures: [{ service_id: 10, stylist_id: 5, start_time: start }] });
const pat = { phone: '+447700955501', first_name: 'Pat', last_name: 'Payer' };

describe('admin: deposit requests', () => {
  it('creates one for an existing appointment of a client with an account', async () => {
    const c = await newClient();
    const appointmentId = await bookedRestyle(c, await freeRestyle());
    const res = await createInvite({ request: 'deposit', deposit: 20, appointment_id: appointmentId, client: { phone: '+447700955502' } });
    expect(res.status).toBe(201);
    const invite = (await res.json()) as AdminInvite;
    expect(invite).toMatchObject({ status: 'invited', appointment_id: appointmentId, client_id: c.username, requested_deposit: 20 });
    expect(invite.link).toMatch(new RegExp(`/login/2/${invite.unique_code}$`));
    const again = await createInvite({ request: 'card_only', appointment_id: appointmentId, client: { phone: '+447700955502' } });
    expect(again.status).toBe(409);
  });

  it('creates one with a new appointment; a taken time is 409 and books nothing', async () => {
    const start = await freeRestyle();
    const first = await createInvite({ request: 'full_price', appointment: restyleAt(start), client: pat });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ request: 'full_price', amount_to_pay: 55, client_id: null, status: 'invited' });
    const taken = await createInvite({ request: 'card_only', appointment: restyleAt(start), client: pat });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { detail: string }).detail).toMatch(/no longer available|time slot/);
  });

  it("takes the services' starts from the appointment's when the salon leaves them out", async () => {
    const start = await freeRestyle();
    const res = await createInvite({
      request: 'deposit',
      deposit: 10,
      appointment: { start_time: start, procedures: [{ service_id: 10, stylist_id: 5 }] },
      client: { ...pat, phone: '+447700955509' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ start_time: new Date(start).toISOString(), requested_deposit: 10 });
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const start = await freeRestyle();
    const cases: [unknown, string][] = [
      [{ request: 'deposit', appointment: restyleAt(start), client: pat }, 'deposit'],
      [{ request: 'deposit', deposit: -1, appointment: restyleAt(start), client: pat }, 'deposit'],
      [{ request: 'deposit', deposit: 500, appointment: restyleAt(start), client: pat }, 'deposit'],
      [{ request: 'all', appointment: restyleAt(start), client: pat }, 'request'],
      [{ request: 'card_only', client: pat }, 'appointment_id'],
      [{ request: 'card_only', appointment: restyleAt(start), client: { ...pat, phone: '07700 900' } }, 'client.phone'],
      [{ request: 'card_only', appointment: restyleAt(start), client: { phone: pat.phone } }, 'client'],
      [{ request: 'card_only', appointment: restyleAt(start), client: pat, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await createInvite(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { field?: string }).field).toBe(field);
    }
    // Nothing was booked by the refused requests: the time is still free.
    expect(await freeRestyle()).toBe(start);
  });

  it('refuses a wrong or missing key with 401', async () => {
    expect((await createInvite({ request: 'card_only' }, 2, 'wrong-key')).status).toBe(401);
    expect((await call('/admin/salons/2/invites')).status).toBe(401);
    expect((await call('/admin/salons/2/invites', { headers: admin(1) })).status).toBe(401);
  });

  it('lists, reminds and withdraws by the status rules', async () => {
    const invite = await invitedRestyle('+447700955503');
    const listed = (await (await call('/admin/salons/2/invites', { headers: admin(2) })).json()) as AdminInvite[];
    expect(listed[0]).toMatchObject({ id: invite.id, status: 'invited' });
    const remind = await call(`/admin/salons/2/invites/${invite.id}/remind`, { method: 'POST', headers: admin(2) });
    expect(await remind.json()).toMatchObject({ status: 'reminded' });
    const withdraw = await call(`/admin/salons/2/invites/${invite.id}`, { method: 'DELETE', headers: admin(2) });
    expect(withdraw.status).toBe(200);
    expect(await withdraw.json()).toMatchObject({ status: 'withdrawn' });
    expect((await call(`/admin/salons/2/invites/${invite.id}`, { method: 'DELETE', headers: admin(2) })).status).toBe(409);
    expect((await call(`/admin/salons/2/invites/${invite.id}/remind`, { method: 'POST', headers: admin(2) })).status).toBe(409);
  });
});
