import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminInvite } from '../../shared/invites';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { demoLogin } from './helpers';
import { answerInvite, freeRestyle } from './invite-helpers';

const JAMIE = '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123';
let owner: string;
let manager3: string;
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
  manager3 = (await staffLogin(STAFF.manager3)).access_token;
});

const post = (path: string, body: unknown, token = owner) => consoleCall(path, token, { method: 'POST', body: JSON.stringify(body) });
const listOf = async (salon: number, token = owner) =>
  (await (await consoleCall(`/api/console/salons/${salon}/requests`, token)).json()) as AdminInvite[];

/** A new Restyle with Sam at salon 2 for a phone, with a request, asked from the console. */
async function askAtSalon2(phone: string, request: Record<string, unknown>) {
  const start = await freeRestyle();
  return post('/api/console/salons/2/requests', {
    ...request,
    appointment: { start_time: start, procedures: [{ service_id: 10, stylist_id: 5, start_time: start }] },
    client: { phone, first_name: 'Jamie', last_name: 'Rivers' },
  });
}

describe('requests from the console', () => {
  it('asks for a deposit on a new appointment, lists it, reminds and withdraws it, as the admin API does', async () => {
    const res = await askAtSalon2('+447700900777', { request: 'deposit', deposit: 12.5 });
    expect(res.status).toBe(201);
    const made = (await res.json()) as AdminInvite;
    expect(made).toMatchObject({ status: 'invited', request: 'deposit', requested_deposit: 12.5, phone_number: '+447700900777' });
    expect((await listOf(2)).find((i) => i.id === made.id)?.status).toBe('invited');
    const reminded = await post(`/api/console/salons/2/requests/${made.id}/remind`, {});
    expect(((await reminded.json()) as AdminInvite).status).toBe('reminded');
    const withdrawn = await consoleCall(`/api/console/salons/2/requests/${made.id}`, owner, { method: 'DELETE' });
    expect(((await withdrawn.json()) as AdminInvite).status).toBe('withdrawn');
    expect((await listOf(2)).find((i) => i.id === made.id)?.status).toBe('withdrawn');
    // the admin API sees the same request: one path
    const viaAdmin = await consoleCall('/admin/salons/2/invites', 'demo-admin-2');
    expect(((await viaAdmin.json()) as AdminInvite[]).find((i) => i.id === made.id)?.status).toBe('withdrawn');
  });

  it('a card-only request for a client with an account: a second one on the same appointment is refused, and the client’s answer shows in the list', async () => {
    const res = await askAtSalon2('+447700900123', { request: 'card_only' });
    const made = (await res.json()) as AdminInvite;
    expect(made).toMatchObject({ client_id: JAMIE, request: 'card_only' });
    const again = await post('/api/console/salons/2/requests', { request: 'full_price', appointment_id: made.appointment_id });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ field: 'appointment_id', detail: 'This appointment already has an open deposit request' });
    const { token } = await demoLogin();
    expect((await answerInvite({ Authorization: `Bearer ${token}` }, made, false)).status).toBe(200);
    expect((await listOf(2)).find((i) => i.id === made.id)?.status).toBe('declined');
  });

  it('another salon’s request answers 404; a bad request names the field', async () => {
    const made = (await (await askAtSalon2('+447700900778', { request: 'card_only' })).json()) as AdminInvite;
    expect((await post(`/api/console/salons/3/requests/${made.id}/remind`, {}, manager3)).status).toBe(404);
    expect((await consoleCall(`/api/console/salons/3/requests/${made.id}`, manager3, { method: 'DELETE' })).status).toBe(404);
    expect((await listOf(3, manager3)).map((i) => i.id)).not.toContain(made.id);
    const other = await post('/api/console/salons/3/requests', { request: 'card_only', appointment_id: made.appointment_id }, manager3);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ field: 'appointment_id' });
    const bad = await post('/api/console/salons/2/requests', { request: 'deposit', appointment_id: made.appointment_id });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { deposit: 'deposit is needed for a deposit request' } });
    const badId = await post('/api/console/salons/2/requests/abc/remind', {});
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ field: 'inviteId' });
  });

  it('sends a rebooking link to a client with past appointments here, and only here', async () => {
    const res = await post('/api/console/salons/1/rebooking-links', { client_id: JAMIE });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ link: expect.stringMatching(/\/auth\/1\.[A-Za-z0-9_-]+$/) });
    const elsewhere = await post('/api/console/salons/3/rebooking-links', { client_id: JAMIE }, manager3);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ field: 'client_id' });
    const bad = await post('/api/console/salons/1/rebooking-links', { client_id: 'not a username' });
    expect(await bad.json()).toMatchObject({ errors: { client_id: 'client_id must be the client’s Cognito username' } });
  });
});
