import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientCard, ClientList } from '../../shared/console/clients';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { invitedRestyle } from './invite-helpers';

const JAMIE = '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123';
let owner: string;
let manager3: string;
let stylist1: string;
beforeAll(async () => {
  const tokenOf = async (s: { email: string; password: string }) => (await staffLogin(s)).access_token;
  [owner, manager3, stylist1] = await Promise.all([tokenOf(STAFF.groupOwner), tokenOf(STAFF.manager3), tokenOf(STAFF.stylist1)]);
});

const search = async (q: string, salon = 1, token = owner, page = 1) =>
  (await (await consoleCall(`/api/console/salons/${salon}/clients?q=${encodeURIComponent(q)}&page=${page}`, token)).json()) as ClientList;
const cardOf = (key: string, salon = 1, token = owner) =>
  consoleCall(`/api/console/salons/${salon}/clients/${encodeURIComponent(key)}`, token);
const addNote = (key: string, body: unknown, token = owner, salon = 1) =>
  consoleCall(`/api/console/salons/${salon}/clients/${encodeURIComponent(key)}/notes`, token, {
    method: 'POST',
    body: JSON.stringify(body),
  });

/** A past appointment at salon 1 with Amelia (stylist 1) for someone the desk took down by phone, no account. */
async function deskClient(phone: string, name: string, price = 4000) {
  const start = Date.now() - 7 * 86_400_000;
  const appt = await env.DB.prepare(
    `INSERT INTO appointments (salon_id, client_id, status, start_at, end_at, created_at, client_name, client_phone, origin)
     VALUES (1, NULL, 'confirmed', ?, ?, ?, ?, ?, 'salon') RETURNING id`,
  )
    .bind(start, start + 3_600_000, start, name, phone)
    .first<{ id: number }>();
  await env.DB.prepare(
    'INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies) VALUES (?, 1, 1, 1, ?, ?, ?, 0)',
  )
    .bind(appt!.id, start, start + 3_600_000, price)
    .run();
  return appt!.id;
}

describe('the salon’s clients', () => {
  it('finds Jamie by name, by phone as typed locally or internationally, and nobody for a stranger', async () => {
    for (const q of ['jamie', 'Rivers', 'jamie riv', '07700 900123', '+44 7700 900123', '7700900123']) {
      const found = await search(q);
      expect(
        found.clients.map((c) => c.id),
        q,
      ).toContain(JAMIE);
    }
    const jamie = (await search('jamie')).clients.find((c) => c.id === JAMIE)!;
    expect(jamie).toMatchObject({ name: 'Jamie Rivers', phone: '+447700900123', has_account: true });
    expect(jamie.appointments).toBeGreaterThan(30);
    expect((await search('Nobody Atall')).clients).toEqual([]);
    expect((await search('%')).total).toBe(0);
  });

  it('lists only clients who booked with or were asked by this salon', async () => {
    expect((await search('jamie', 3, manager3)).clients).toEqual([]);
    const res = await cardOf(JAMIE, 3, manager3);
    expect(res.status).toBe(404);
    const invite = await invitedRestyle('+447700900555');
    const at2 = await search('07700 900555', 2);
    expect(at2.clients).toEqual([expect.objectContaining({ id: '+447700900555', name: 'Pat Payer', has_account: false, appointments: 1 })]);
    expect((await search('07700 900555', 1)).clients).toEqual([]);
    const card = (await (await cardOf('+447700900555', 2)).json()) as ClientCard;
    expect(card.appointments).toEqual([expect.objectContaining({ id: invite.appointment_id, upcoming: true, open_request: true })]);
    expect((await cardOf('+447700900555', 1)).status).toBe(404);
  });

  it('pages the list by name', async () => {
    for (let i = 0; i < 22; i++) await deskClient(`+4477009011${String(i).padStart(2, '0')}`, `Page Person ${String(i).padStart(2, '0')}`);
    const first = await search('page person');
    expect(first).toMatchObject({ total: 22, pages: 2, page: 1 });
    expect(first.clients).toHaveLength(20);
    expect(first.clients[0]!.name).toBe('Page Person 00');
    const second = await search('page person', 1, owner, 2);
    expect(second.clients.map((c) => c.name)).toEqual(['Page Person 20', 'Page Person 21']);
  });

  it('a card: appointments, spend of those that took place, no-shows, and the texts sent', async () => {
    const before = (await (await cardOf(JAMIE)).json()) as ClientCard;
    expect(before.currency).toBe('GBP');
    expect(before.spend).toBeGreaterThan(0);
    expect(before.can_rebook).toBe(true);
    const missed = before.appointments.find((a) => !a.upcoming && a.status === 'confirmed')!;
    await env.DB.prepare('UPDATE appointments SET no_show_at = ? WHERE id = ?').bind(Date.now(), missed.id).run();
    const invite = (await env.DB.prepare('SELECT id, appointment_id FROM invites WHERE salon_id = 1 AND client_id = ?').bind(JAMIE).first<{
      id: number;
      appointment_id: number;
    }>())!;
    await env.DB.prepare(
      "INSERT INTO sent_messages (key, provider_id, sent_at) VALUES (?, 'SM1', 1000), (?, 'SM2', 2000), ('invite-999999-invited', 'SM3', 3000)",
    )
      .bind(`invite-${invite.id}-invited`, `invite-${invite.id}-reminded-1999`)
      .run();
    const after = (await (await cardOf(JAMIE)).json()) as ClientCard;
    expect(after.no_shows).toBe(before.no_shows + 1);
    expect(after.appointments.find((a) => a.id === missed.id)!.status).toBe('no_show');
    expect(after.spend).toBeCloseTo(before.spend - missed.price, 2);
    // (other files' tests text Jamie too, at the same time: the request's own texts are these)
    expect(after.messages.filter((m) => m.appointment_id === invite.appointment_id)).toEqual([
      {
        kind: 'deposit_reminder',
        channel: 'sms',
        sent_at: new Date(2000).toISOString(),
        appointment_id: invite.appointment_id,
        status: null,
      },
      {
        kind: 'deposit_request',
        channel: 'sms',
        sent_at: new Date(1000).toISOString(),
        appointment_id: invite.appointment_id,
        status: null,
      },
    ]);
    await env.DB.prepare('UPDATE appointments SET no_show_at = NULL WHERE id = ?').bind(missed.id).run();
  });

  it('the card lists the texts the desk sent about a booking: booked, moved, cancelled (issue 56)', async () => {
    const phone = '+447700955611';
    const id = await deskClient(phone, 'Desk Texted');
    const other = id * 10; // appt-{id}0-…: another appointment's keys are not this one's
    await env.DB.prepare(
      "INSERT INTO sent_messages (key, provider_id, sent_at) VALUES (?, 'SMa', 1000), (?, 'SMb', 2000), (?, 'SMc', 3000), (?, 'SMd', 4000)",
    )
      .bind(`appt-${id}-booked`, `appt-${id}-moved-2027-01-04T10:00:00Z`, `appt-${id}-cancelled`, `appt-${other}-booked`)
      .run();
    const card = (await (await cardOf(phone)).json()) as ClientCard;
    expect(card.messages.map((m) => [m.kind, m.appointment_id, m.sent_at])).toEqual([
      ['cancelled', id, new Date(3000).toISOString()],
      ['moved', id, new Date(2000).toISOString()],
      ['booked', id, new Date(1000).toISOString()],
    ]);
  });

  it('staff add notes; the card lists them newest first with who wrote them', async () => {
    expect((await addNote(JAMIE, { body: 'Prefers a quiet chair' })).status).toBe(201);
    const res = await addNote(JAMIE, { body: '  Allergic to latex  ' });
    expect(await res.json()).toMatchObject({ body: 'Allergic to latex', staff_name: 'Morgan Willow' });
    const card = (await (await cardOf(JAMIE)).json()) as ClientCard;
    expect(card.notes.map((n) => n.body).slice(0, 2)).toEqual(['Allergic to latex', 'Prefers a quiet chair']);
    const empty = await addNote(JAMIE, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: { body: 'Write the note' } });
    const long = await addNote(JAMIE, { body: 'x'.repeat(2001) });
    expect(await long.json()).toMatchObject({ errors: { body: 'A note can be at most 2,000 characters' } });
    expect((await addNote(JAMIE, { body: 'x' }, manager3, 3)).status).toBe(404);
  });

  it('a stylist reads the cards of clients in their own column only, and writes no notes', async () => {
    const phone = '+447700901299';
    await deskClient(phone, 'Amelia Only');
    expect((await search('jamie', 1, stylist1)).clients.map((c) => c.id)).toEqual([JAMIE]);
    expect((await search('Amelia Only', 1, owner)).clients).toHaveLength(1);
    expect((await search('Amelia Only', 1, stylist1)).clients).toEqual([]);
    expect((await cardOf(phone, 1, stylist1)).status).toBe(404);
    expect((await cardOf(JAMIE, 1, stylist1)).status).toBe(200);
    expect((await addNote(JAMIE, { body: 'From the stylist' }, stylist1)).status).toBe(403);
  });

  it('bad input answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['/api/console/salons/1/clients?page=0', 'page'],
      [`/api/console/salons/1/clients?q=${'a'.repeat(81)}`, 'q'],
      ['/api/console/salons/1/clients/not%20a%20key', 'clientId'],
    ];
    for (const [path, field] of cases) {
      const res = await consoleCall(path, owner);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ field });
    }
    const unknown = await addNote(JAMIE, { body: 'x', pinned: true });
    expect(await unknown.json()).toMatchObject({ errors: { pinned: 'Unknown field: pinned' } });
  });
});
