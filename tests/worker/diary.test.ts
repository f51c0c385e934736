import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import { NO_SHOW_FEE_ATTEMPTS, type DeskAppointment, type DiaryDay, type DiaryWeek } from '../../shared/console/diary';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { clientWithCard } from './card-client';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, emptyDiaries, standIn } from './helpers';
import { authenticate, intentsOf } from './invite-helpers';
import { moveIntoPast } from './salon-db';

/**
 * The diary and the desk (issue 29): a day's columns scoped to the caller (a stylist sees only
 * their own), a booking taken at the desk written with the same stylist blocks as a client's
 * (a taken time is 409 and nothing is written), and a no-show fee charged once off-session,
 * however many times it is pressed, with 3-D Secure handled as Stripe asks.
 */
const tokens: Record<'groupOwner' | 'stylist1' | 'manager3' | 'owner3', string> = {
  groupOwner: '',
  stylist1: '',
  manager3: '',
  owner3: '',
};
beforeAll(async () => {
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = (await staffLogin(STAFF[who])).access_token;
});
// Emptied diaries give appointment ids out again from 1, so the texts' idempotency records
// (sent_messages, keyed appt-{id}-…) go too: an earlier test's text must not silence this one's.
beforeEach(() => emptyDiaries(env.DB.prepare('DELETE FROM sent_messages')));

const get = async <T>(path: string, token: string) => {
  const res = await consoleCall(`/api/console/${path}`, token);
  return { status: res.status, body: (await res.json()) as T };
};
const post = (path: string, token: string, body?: unknown) =>
  consoleCall(`/api/console/${path}`, token, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** The next `weekday` (0 = Sunday) at least two days from now, in the salon's timezone. */
function next(weekday: number, timezone: string): string {
  let d = addDays(localDateOf(Date.now(), timezone), 2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}

async function offered(salon: number, date: string, service: number, stylist: number): Promise<string[]> {
  const res = await call(`/api/book-online/new/availability/appointment/${salon}/${date}/${service}/${stylist}/null/`);
  return Object.keys(((await res.json()) as DaySlots).data);
}

const countAppointments = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments').first<{ n: number }>())!.n;

/** A desk booking of a Ladies Cut with Chloe (stylist 3) at salon 1, moved into the past so it can be a no-show. */
async function missedAppointment(client: { phone: string; auth: Record<string, string> }): Promise<number> {
  // the client's app lists its requests after login, which is when the product first knows its verified phone
  expect((await call('/api/client/get/invite/1/', { headers: client.auth })).status).toBe(200);
  const date = next(3, 'Europe/London');
  const [time] = await offered(1, date, 1, 3);
  const res = await post('salons/1/appointments', tokens.groupOwner, {
    client: { name: 'Pat Payer', phone: client.phone },
    start_time: time,
    procedures: [{ service_id: 1, stylist_id: 3 }],
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as DeskAppointment).id;
  await moveIntoPast(env.DB, id, time!, 2);
  return id;
}

describe('the diary', () => {
  it('gives owners every column with hours, and a stylist only their own, server-side', async () => {
    const date = next(3, 'Europe/London'); // a Wednesday: Amelia, Ben and Chloe work
    const [amelia] = await offered(1, date, 1, 1);
    const [chloe] = await offered(1, date, 1, 3);
    for (const [stylist, time] of [
      [1, amelia],
      [3, chloe],
    ] as const) {
      const res = await post('salons/1/appointments', tokens.groupOwner, {
        client: { name: `Client of ${stylist}`, phone: `+44770090${4000 + stylist}` },
        start_time: time,
        procedures: [{ service_id: 1, stylist_id: stylist }],
      });
      expect(res.status).toBe(201);
    }
    const owner = await get<DiaryDay>(`salons/1/diary/${date}`, tokens.groupOwner);
    expect(owner.status).toBe(200);
    expect(owner.body.stylists.map((s) => s.name)).toEqual(['Amelia Hart', 'Ben Okafor', 'Chloe Price', 'Dan Reeves']);
    expect(owner.body.stylists.find((s) => s.id === 4)!.hours).toEqual([]); // Dan does not work on Wednesdays
    expect(owner.body.stylists.find((s) => s.id === 3)!.hours).toHaveLength(2); // a lunch break splits the day
    expect(owner.body.appointments.map((a) => a.client?.name).sort()).toEqual(['Client of 1', 'Client of 3']);
    expect(owner.body.appointments.every((a) => a.status === 'confirmed' && a.origin === 'salon')).toBe(true);

    const stylist = await get<DiaryDay>(`salons/1/diary/${date}`, tokens.stylist1);
    expect(stylist.body.stylists.map((s) => s.id)).toEqual([3]);
    expect(stylist.body.appointments.map((a) => a.client?.name)).toEqual(['Client of 3']);
    const week = await get<DiaryWeek>(`salons/1/diary/week/${date}`, tokens.stylist1);
    expect(week.body.days.flatMap((d) => d.appointments).map((a) => a.client?.name)).toEqual(['Client of 3']);
    // each day of the week is drawn as the day is: its hours with breaks, blocks and time off (cancelled ones left out)
    const ownerWeek = await get<DiaryWeek>(`salons/1/diary/week/${date}`, tokens.groupOwner);
    expect(ownerWeek.body.days.map((d) => d.date)).toHaveLength(7);
    expect(ownerWeek.body.days[0]).toEqual({
      ...owner.body,
      appointments: owner.body.appointments.filter((a) => a.status !== 'cancelled'),
    });
    const nextDay = await get<DiaryDay>(`salons/1/diary/${ownerWeek.body.days[1]!.date}`, tokens.groupOwner);
    expect(ownerWeek.body.days[1]!.stylists).toEqual(nextDay.body.stylists);
    expect(ownerWeek.body.days[1]!.blocks).toEqual(nextDay.body.blocks);
    expect(ownerWeek.body.days[1]!.time_off).toEqual(nextDay.body.time_off);
    // Amelia's appointment is not there for the stylist, even by id
    const other = owner.body.appointments.find((a) => a.client?.name === 'Client of 1')!;
    expect((await get(`salons/1/appointments/${other.id}`, tokens.stylist1)).status).toBe(404);
    expect((await get(`salons/1/appointments/${other.id}`, tokens.groupOwner)).status).toBe(200);
    // another salon's staff: 404; a bad date names the field
    expect((await get(`salons/1/diary/${date}`, tokens.manager3)).status).toBe(404);
    const bad = await get<{ field: string }>('salons/1/diary/2026-02-30', tokens.groupOwner);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('date');
  });

  it('authorises the salon’s private channel for its staff only', async () => {
    const auth = (salon: number, token: string, channel: string) =>
      consoleCall(`/api/console/salons/${salon}/realtime/auth`, token, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString(),
      });
    const ok = await auth(1, tokens.stylist1, 'private-salon-1');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { auth: string }).auth).toMatch(/^local_pusher_key:[0-9a-f]{64}$/);
    expect((await auth(1, tokens.stylist1, 'private-salon-2')).status).toBe(403);
    expect((await auth(1, tokens.manager3, 'private-salon-1')).status).toBe(404);
    expect((await auth(1, '', 'private-salon-1')).status).toBe(401);
  });
});

describe('bookings taken at the desk', () => {
  it('books a new client at an offered time, texts them, and refuses the same time again with nothing written', async () => {
    const date = next(2, 'America/New_York');
    const times = await offered(3, date, 12, 6);
    expect(times.length).toBeGreaterThan(0);
    const phone = `+1718555${String(1000 + Math.floor(Math.random() * 8999))}`;
    // The text's idempotency key is appt-{id}-booked, and emptied diaries give ids out again from
    // 1: an earlier file's queued text for its appointment 1 may land now and silence this one's.
    // A cancelled row far in the past with a high id makes this booking's id one no file gave out.
    await env.DB.prepare(
      "INSERT INTO appointments (id, salon_id, status, start_at, end_at, created_at) VALUES (?, 3, 'cancelled', 0, 0, 0)",
    )
      .bind(1_000_000 + Math.floor(Math.random() * 1_000_000))
      .run();
    const body = { client: { name: 'Alex Walker', phone }, start_time: times[0], procedures: [{ service_id: 12, stylist_id: 6 }] };
    const res = await post('salons/3/appointments', tokens.manager3, body);
    expect(res.status).toBe(201);
    const booked = (await res.json()) as DeskAppointment;
    expect(booked).toMatchObject({ status: 'confirmed', origin: 'salon', client: { name: 'Alex Walker', phone }, price: 3500 });
    const before = await countAppointments();
    const again = await post('salons/3/appointments', tokens.owner3, { ...body, client: { name: 'Sam Other', phone: '+17185550199' } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { field: string }).field).toBe('start_time');
    expect(await countAppointments()).toBe(before);
    // the client is texted through the message queue
    await expect
      .poll(
        async () =>
          ((await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(phone)}`)).json()) as { data: { body: string }[] }).data,
        // the queue delivers in batches, and a send the stand-in drops under load is retried after
        // 2 s and 4 s (worker/messaging/outbox.ts): the text may take that long, not longer
        { timeout: 15_000 },
      )
      .toEqual([expect.objectContaining({ body: expect.stringContaining('Brooklyn Barber Co.: you are booked for') })]);
    // the salon lets clients change and cancel online: the text says where, not "call" (issue 56)
    const [text] = (
      (await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(phone)}`)).json()) as { data: { body: string }[] }
    ).data;
    // and what a reply does while it is true (docs/messaging.md "Replies")
    expect(text!.body).toMatch(/\. To change or cancel it: https?:\/\/[^/]+\/salon\/3\/salon-booking\/3 Reply C to cancel\.$/);
    // a stylist may not take bookings; bad input names the field
    expect((await post('salons/1/appointments', tokens.stylist1, body)).status).toBe(403);
    const bad = await post('salons/3/appointments', tokens.manager3, { ...body, client: { name: 'X', phone: '0771' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string> }).errors)).toEqual(['client.phone']);
  }, 40_000);

  it('finds a client by their phone as staff type it, and words what to fix for a person at the desk (issue 56)', async () => {
    const date = next(3, 'Europe/London');
    const [time] = await offered(1, date, 1, 3);
    const booked = await post('salons/1/appointments', tokens.groupOwner, {
      client: { name: 'Robin Typed', phone: '+447700900456' },
      start_time: time,
      procedures: [{ service_id: 1, stylist_id: 3 }],
    });
    expect(booked.status).toBe(201);
    for (const typed of ['07700 900456', '07700900456', '+44 7700 900456', '900456', 'robin']) {
      const found = await get<{ name: string; phone: string }[]>(`salons/1/desk/clients?q=${encodeURIComponent(typed)}`, tokens.groupOwner);
      expect(found.body, typed).toEqual([{ id: null, name: 'Robin Typed', phone: '+447700900456' }]);
    }
    const asked = async (change: Record<string, unknown>) => {
      const res = await post('salons/1/appointments', tokens.groupOwner, {
        client: { name: 'Robin Typed', phone: '+447700900456' },
        start_time: time,
        procedures: [{ service_id: 1, stylist_id: 3 }],
        ...change,
      });
      expect(res.status).toBe(400);
      return ((await res.json()) as { errors: Record<string, string> }).errors;
    };
    expect(await asked({ start_time: '' })).toEqual({ start_time: 'Choose a time' });
    expect(await asked({ procedures: [{ service_id: 0, stylist_id: 0 }] })).toEqual({
      'procedures.0.service_id': 'Choose a service',
      'procedures.0.stylist_id': 'Choose who does it',
    });
    expect(await asked({ client: { name: 'Robin Typed', phone: '' } })).toEqual({ 'client.phone': 'Enter their mobile number' });
  });

  it('lets a manager book any free time, not only those offered, and moves and cancels through the same code as clients', async () => {
    const date = next(2, 'America/New_York');
    // 19:00 is after Marco's hours: never offered, but free
    const late = new Date(Date.parse(`${date}T19:00:00-05:00`)).toISOString();
    const body = {
      client: { name: 'Late Client', phone: '+17185550142' },
      start_time: late,
      procedures: [{ service_id: 12, stylist_id: 6 }],
    };
    expect((await post('salons/3/appointments', tokens.manager3, body)).status).toBe(409);
    const res = await post('salons/3/appointments', tokens.manager3, { ...body, any_time: true });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as DeskAppointment).id;
    const later = new Date(Date.parse(late) + 3_600_000).toISOString();
    const moved = await post(`salons/3/appointments/${id}/move`, tokens.manager3, { start_time: later, any_time: true });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as DeskAppointment).start).toBe(later);
    const cancelled = await post(`salons/3/appointments/${id}/cancel`, tokens.manager3, { by: 'salon' });
    expect(((await cancelled.json()) as DeskAppointment).status).toBe('cancelled');
    expect((await post(`salons/3/appointments/${id}/cancel`, tokens.manager3, { by: 'someone' })).status).toBe(400);
  });
});

describe('no-shows', () => {
  it('charges the fee once to the saved card off-session, whatever ten simultaneous presses do', async () => {
    const client = await clientWithCard('4242424242424242');
    const id = await missedAppointment(client);
    const presses = await Promise.all(Array.from({ length: 10 }, () => post(`salons/1/appointments/${id}/no-show`, tokens.groupOwner)));
    expect(presses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const intents = await intentsOf(client.customer);
    expect(intents).toHaveLength(1);
    // paid to salon 1's connected account, less the platform's 2 % (docs/payments.md)
    expect(intents[0]).toMatchObject({
      status: 'succeeded',
      amount_received: 2000,
      transfer_data: { destination: 'acct_DemoWillowIslington' },
      application_fee_amount: 40,
    });
    const fee = await env.DB.prepare('SELECT status, attempt FROM no_show_fees WHERE appointment_id = ?').bind(id).first();
    expect(fee).toEqual({ status: 'paid', attempt: 1 });
    // a later press (a retry) changes nothing
    const again = (await (await post(`salons/1/appointments/${id}/no-show`, tokens.groupOwner)).json()) as DeskAppointment;
    expect(again.no_show_fee).toEqual({ amount: 2000, status: 'paid', failure: null, attempts: 1, can_retry: false });
    expect(await intentsOf(client.customer)).toHaveLength(1);
    // the client's bookings show the fee
    const mine = await call(`/api/salon/1/appointment/${id}/`, { headers: client.auth });
    expect(((await mine.json()) as { no_show_fee: unknown }).no_show_fee).toEqual({ amount: 20, status: 'paid' });
  });

  it('texts the client a link when the bank wants authentication, and settles the fee once they have authenticated', async () => {
    const client = await clientWithCard('4000002760003184');
    const id = await missedAppointment(client);
    const marked = (await (await post(`salons/1/appointments/${id}/no-show`, tokens.groupOwner)).json()) as DeskAppointment;
    expect(marked.no_show_fee).toMatchObject({ status: 'requires_action' });
    const texts = async () =>
      ((await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(client.phone)}`)).json()) as { data: { body: string }[] })
        .data;
    await expect.poll(async () => (await texts()).some((t) => t.body.includes('/api/no-show/')), { timeout: 5000 }).toBe(true);
    const link = /https?:\/\/\S+\/api\/no-show\/\S+/.exec((await texts()).find((t) => t.body.includes('/api/no-show/'))!.body)![0];
    const opened = await call(new URL(link).pathname);
    expect(opened.status).toBe(303);
    const challenge = opened.headers.get('Location')!;
    expect(new URL(challenge).pathname).toMatch(/^\/3ds\/pi_/);
    await authenticate(challenge, '');
    const done = await call(`${new URL(link).pathname}/done`);
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toContain('/salon/1/salon-booking/1');
    const fee = await env.DB.prepare('SELECT status FROM no_show_fees WHERE appointment_id = ?').bind(id).first();
    expect(fee).toEqual({ status: 'paid' });
    const intents = await intentsOf(client.customer);
    expect(intents.filter((i) => i.status === 'succeeded')).toHaveLength(1);
  });

  it('shows a refused charge to the staff, and a later press tries again', async () => {
    const client = await clientWithCard('4000000000000341');
    const id = await missedAppointment(client);
    const marked = (await (await post(`salons/1/appointments/${id}/no-show`, tokens.groupOwner)).json()) as DeskAppointment;
    expect(marked.no_show).toBe(true);
    expect(marked.no_show_fee).toEqual({
      amount: 2000,
      status: 'failed',
      failure: 'Your card was declined.',
      attempts: 1,
      can_retry: true,
    });
    const again = (await (await post(`salons/1/appointments/${id}/no-show`, tokens.groupOwner)).json()) as DeskAppointment;
    expect(again.no_show_fee?.status).toBe('failed');
    expect(await env.DB.prepare('SELECT attempt FROM no_show_fees WHERE appointment_id = ?').bind(id).first()).toEqual({ attempt: 2 });
    // a stylist may not mark a no-show
    expect((await post(`salons/1/appointments/${id}/no-show`, tokens.stylist1)).status).toBe(403);
  });

  it('asks a card that keeps failing 3 times at most for one appointment, however many presses come at once (10 rounds of 5)', async () => {
    const client = await clientWithCard('4000000000000341');
    const id = await missedAppointment(client);
    for (let round = 1; round <= 10; round++) {
      const presses = await Promise.all(Array.from({ length: 5 }, () => post(`salons/1/appointments/${id}/no-show`, tokens.groupOwner)));
      expect(presses.map((r) => r.status)).toEqual(Array(5).fill(200));
      // one payment intent a round until the third, then none
      expect(await intentsOf(client.customer)).toHaveLength(Math.min(round, NO_SHOW_FEE_ATTEMPTS));
      const fee = await env.DB.prepare('SELECT status, attempt FROM no_show_fees WHERE appointment_id = ?').bind(id).first();
      expect(fee).toEqual({ status: 'failed', attempt: Math.min(round, NO_SHOW_FEE_ATTEMPTS) });
    }
    // the desk reads why it stopped
    const shown = await get<DeskAppointment>(`salons/1/appointments/${id}`, tokens.groupOwner);
    expect(shown.body.no_show_fee).toEqual({
      amount: 2000,
      status: 'failed',
      failure: 'Your card was declined.',
      attempts: 3,
      can_retry: false,
    });
  });
});
