import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import type { DeskAppointment } from '../../shared/console/diary';
import type { HistoryEntry } from '../../shared/console/history';
import type { WaitlistOffer } from '../../shared/waitlist-offers';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { insertAppointmentBatch } from '../../worker/db/appointments';
import { scheduled } from '../../worker/scheduled';
import { clientWithCard } from './card-client';
import { consoleCall, lastEmailTo, readSettings, saveSettings, STAFF, staffLogin } from './console-helpers';
import { call, emptyDiaries, standIn } from './helpers';
import { moveIntoPast } from './salon-db';

/**
 * The waitlist fills itself (issue 51, docs/waitlist-offers.md): a freed time is offered by text
 * to the fitting entries in the order they joined, one at a time; a claim books it through the
 * booking path, one winner whatever the concurrency; a claim after the offer's time is told the
 * time has gone. Salon 1, a Ladies Cut (service 1) with Chloe (stylist 3) on a Wednesday.
 */
let owner = '';
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
});
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM waitlist_offers').run();
  await emptyDiaries(env.DB.prepare('DELETE FROM sent_messages'));
});

const post = (path: string, body?: unknown) =>
  consoleCall(`/api/console/salons/1/${path}`, owner, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

function wednesday(weeks = 0): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 2 + 7 * weeks);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}

async function chloesTimes(date: string): Promise<string[]> {
  const res = await call(`/api/book-online/new/availability/appointment/1/${date}/1/3/null/`);
  return Object.keys(((await res.json()) as DaySlots).data);
}

/** A desk booking with Chloe: its id, start and end. */
async function deskBooking(time: string, phone = '+447700904444') {
  const res = await post('appointments', {
    client: { name: 'Dana Desk', phone },
    start_time: time,
    procedures: [{ service_id: 1, stylist_id: 3 }],
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as DeskAppointment).id;
  const row = (await env.DB.prepare('SELECT start_at, end_at FROM appointments WHERE id = ?')
    .bind(id)
    .first<{ start_at: number; end_at: number }>())!;
  return { id, start: row.start_at, end: row.end_at };
}

/** A waitlist entry for the client, joined `joinedAgo` ms ago, for Chloe's Ladies Cut at [start, end). */
async function joinWaitlist(c: {
  clientId: string | null;
  phone: string;
  start: number;
  end: number;
  joinedAgo: number;
  stylistId?: number;
}) {
  const key = crypto.randomUUID();
  const { statements } = insertAppointmentBatch(env.DB, {
    salonId: 1,
    clientId: c.clientId,
    idempotencyKey: key,
    status: 'waitlist',
    origin: 'online',
    start: c.start,
    end: c.end,
    now: Date.now() - c.joinedAgo,
    notes: '',
    total: 0,
    deposit: 0,
    utmOrigin: null,
    verificationCode: null,
    holdId: null,
    takesTime: false,
    procedures: [{ serviceId: 1, stylistId: c.stylistId ?? 3, start: c.start, end: c.end, price: 0 }],
    patchTest: null,
    deskClient: { name: 'Wendy Waiting', phone: c.phone },
  });
  await env.DB.batch(statements);
  return (await env.DB.prepare('SELECT id FROM appointments WHERE idempotency_key = ?').bind(key).first<{ id: number }>())!.id;
}

const offers = async () =>
  (
    await env.DB.prepare('SELECT entry_id, position, outcome, start_at, booked_id FROM waitlist_offers ORDER BY offered_at, position').all<{
      entry_id: number;
      position: number;
      outcome: string;
      start_at: number;
      booked_id: number | null;
    }>()
  ).results;

/** The claim link texted to a phone (the stand-ins' outbox), as the client receives it. */
const seen = new Set<string>();
async function offerText(phone: string): Promise<{ body: string; token: string }> {
  let body = '';
  await expect
    .poll(
      async () => {
        const texts = (await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(phone)}`)).json()) as {
          data: { body: string }[];
        };
        body = texts.data.map((t) => t.body).find((b) => b.includes('/w/') && !seen.has(b)) ?? '';
        return body;
      },
      { timeout: 5000 },
    )
    .toContain('/w/');
  seen.add(body);
  return { body, token: /\/w\/(\S+)$/.exec(body)![1]! };
}

const cron = () => scheduled({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry: () => undefined }, env);
const phoneOf = (n: number) => `+4477009${String(50000 + n + Math.floor(Math.random() * 40000))}`;

describe('waitlist offers', () => {
  it('offers a cancelled time to the first fitting entry in join order, then the next when the offer runs out', async () => {
    const [time] = await chloesTimes(wednesday());
    const booked = await deskBooking(time!);
    const phones = [phoneOf(1), phoneOf(2), phoneOf(3), phoneOf(4)];
    // joined first, but with Amelia (stylist 1): it does not fit Chloe's time
    await joinWaitlist({ clientId: 'wl-other', phone: phones[3]!, start: booked.start, end: booked.end, joinedAgo: 90_000, stylistId: 1 });
    const second = await joinWaitlist({
      clientId: 'wl-second',
      phone: phones[1]!,
      start: booked.start,
      end: booked.end,
      joinedAgo: 30_000,
    });
    const first = await joinWaitlist({ clientId: 'wl-first', phone: phones[0]!, start: booked.start, end: booked.end, joinedAgo: 60_000 });
    await joinWaitlist({ clientId: 'wl-third', phone: phones[2]!, start: booked.start, end: booked.end, joinedAgo: 10_000 });

    expect((await post(`appointments/${booked.id}/cancel`, { by: 'salon' })).status).toBe(200);
    expect(await offers()).toEqual([{ entry_id: first, position: 1, outcome: 'offered', start_at: booked.start, booked_id: null }]);
    const text = await offerText(phones[0]!);
    expect(text.body).toMatch(
      /^Willow.*: a time has come free on Wed \d+ \w+ at \d\d:\d\d for your waitlist request\. It's yours if you claim it in the next 15 minutes: https?:\/\/\S+\/w\/\S+$/,
    );
    const open = (await (await call(`/api/waitlist-offers/${text.token}`)).json()) as WaitlistOffer;
    expect(open).toMatchObject({ status: 'open', start_time: new Date(booked.start).toISOString() });

    // the offer's 15 minutes pass: the cron offers the next in line
    await env.DB.prepare('UPDATE waitlist_offers SET expires_at = ?')
      .bind(Date.now() - 1)
      .run();
    await cron();
    expect((await offers()).map((o) => [o.entry_id, o.position, o.outcome])).toEqual([
      [first, 1, 'passed'],
      [second, 2, 'offered'],
    ]);
    await offerText(phones[1]!);

    // the first opens their link after the window: the time has gone, and they stay on the list
    const late = await call(`/api/waitlist-offers/${text.token}/claim`, { method: 'POST' });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'OFFER_GONE', detail: expect.stringContaining('this time has gone') });
    expect(((await (await call(`/api/waitlist-offers/${text.token}`)).json()) as WaitlistOffer).status).toBe('gone');
    const entry = await env.DB.prepare('SELECT status FROM appointments WHERE id = ?').bind(first).first<{ status: string }>();
    expect(entry!.status).toBe('waitlist');

    // the console: each offer and its outcome on the entry, and in History
    const dialog = (await (await consoleCall(`/api/console/salons/1/appointments/${first}`, owner)).json()) as DeskAppointment;
    expect(dialog.status).toBe('waitlist');
    expect(dialog.waitlist_offers).toMatchObject([{ position: 1, outcome: 'passed', start_time: new Date(booked.start).toISOString() }]);
    const history = (await (await consoleCall('/api/console/salons/1/history', owner)).json()) as HistoryEntry[];
    const offerRows = history.filter((h) => h.field === 'waitlist_offer').map((h) => [h.who, h.old, h.new]);
    expect(offerRows).toEqual([
      [
        'Waitlist (automatic)',
        null,
        expect.stringMatching(new RegExp(`^Wed .* offered to Wendy Waiting until \\d\\d:\\d\\d \\(entry ${second}\\)$`)),
      ],
      [
        'Waitlist (automatic)',
        expect.stringContaining(`offered to Wendy Waiting (entry ${first})`),
        'not claimed in time: offered to the next in line',
      ],
      ['Waitlist (automatic)', null, expect.stringContaining(`(entry ${first})`)],
    ]);
  });

  it('gives a freed time to exactly one of ten simultaneous claims, booked with the salon’s deposit rules', async () => {
    const client = await clientWithCard('4242424242424242');
    const times = await chloesTimes(wednesday(1));
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      await env.DB.prepare('DELETE FROM sent_messages').run();
      const booked = await deskBooking(times[round * 4]!, phoneOf(round));
      const entry = await joinWaitlist({
        clientId: client.username,
        phone: client.phone,
        start: booked.start,
        end: booked.end,
        joinedAgo: 1000,
      });
      expect((await post(`appointments/${booked.id}/cancel`, { by: 'salon' })).status).toBe(200);
      const { token } = await offerText(client.phone);
      await env.DB.prepare('DELETE FROM sent_messages').run();
      const claims = await Promise.all(Array.from({ length: 10 }, () => call(`/api/waitlist-offers/${token}/claim`, { method: 'POST' })));
      const statuses = claims.map((r) => r.status).sort();
      console.log(`[race] round ${round + 1}: ${statuses.filter((s) => s === 201).length} winner(s) of 10 (${statuses.join(' ')})`);
      expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
      const won = (await claims.find((r) => r.status === 201)!.json()) as { booking: { appointment_id: number; status: string } };
      const atTime = await env.DB.prepare(
        "SELECT id, status, deposit FROM appointments WHERE start_at = ? AND status IN ('confirmed', 'pending') AND kind = 'appointment'",
      )
        .bind(booked.start)
        .all<{ id: number; status: string; deposit: number }>();
      expect(atTime.results).toHaveLength(1);
      expect(atTime.results[0]!.id).toBe(won.booking.appointment_id);
      expect(atTime.results[0]!.deposit).toBeGreaterThan(0); // salon 1 takes a deposit on a saved card
      expect((await offers()).find((o) => o.entry_id === entry)).toMatchObject({
        outcome: 'claimed',
        booked_id: won.booking.appointment_id,
      });
      const left = await env.DB.prepare('SELECT status, cancelled_from FROM appointments WHERE id = ?').bind(entry).first();
      expect(left).toEqual({ status: 'cancelled', cancelled_from: 'waitlist' });
    }
  });

  it('makes no offer for a no-show', async () => {
    const [time] = await chloesTimes(wednesday());
    const booked = await deskBooking(time!);
    await joinWaitlist({ clientId: 'wl-noshow', phone: phoneOf(5), start: booked.start, end: booked.end, joinedAgo: 1000 });
    await moveIntoPast(env.DB, booked.id, time!, 0.25);
    expect((await post(`appointments/${booked.id}/no-show`)).status).toBe(200);
    expect(await offers()).toEqual([]);
  });

  it('offers the old time of a moved booking', async () => {
    const times = await chloesTimes(wednesday());
    const booked = await deskBooking(times[0]!);
    const client = await clientWithCard('4242424242424242');
    const entry = await joinWaitlist({
      clientId: client.username,
      phone: client.phone,
      start: booked.start,
      end: booked.end,
      joinedAgo: 1000,
    });
    const later = times.find((t) => Date.parse(t) >= booked.end)!;
    expect((await post(`appointments/${booked.id}/move`, { start_time: later })).status).toBe(200);
    expect(await offers()).toEqual([{ entry_id: entry, position: 1, outcome: 'offered', start_at: booked.start, booked_id: null }]);

    // the text's link opens the edge's page of the offer, whose button claims it
    const { token } = await offerText(client.phone);
    const shown = await call(`/w/${token}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('A time has come free');
    expect(html).toContain(`<form method="post" action="/w/${token}">`);
    const claimed = await call(`/w/${token}`, { method: 'POST' });
    expect(claimed.status).toBe(200);
    expect(await claimed.text()).toContain('you are booked on Wednesday');
    const again = await call(`/w/${token}`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This time has gone');
  });

  it('emails the offer, with the same claim link, to a client who opted out of texts; texts none', async () => {
    const [time] = await chloesTimes(wednesday(2));
    const booked = await deskBooking(time!);
    const n = Math.floor(Math.random() * 1e6);
    const phone = phoneOf(6);
    const email = `waiting${n}@example.test`;
    await env.DB.prepare(
      "INSERT INTO clients (id, phone, first_name, name, email, updated_at) VALUES (?, ?, 'Olive', 'Olive Optout', ?, ?)",
    )
      .bind(`wl-email-${n}`, phone, email, Date.now())
      .run();
    await env.DB.prepare('INSERT INTO text_opt_outs (salon_id, phone, opted_out_at) VALUES (1, ?, ?)').bind(phone, Date.now()).run();
    const entry = await joinWaitlist({ clientId: `wl-email-${n}`, phone, start: booked.start, end: booked.end, joinedAgo: 1000 });

    expect((await post(`appointments/${booked.id}/cancel`, { by: 'salon' })).status).toBe(200);
    expect((await offers()).map((o) => [o.entry_id, o.outcome])).toEqual([[entry, 'offered']]);
    let mail = { subject: '', text: '' };
    await expect
      .poll(
        async () => {
          mail = await lastEmailTo(email).catch(() => mail);
          return mail.subject;
        },
        { timeout: 5000 },
      )
      .toMatch(/^A time has come free at Willow.*: Wed \d+ \w+ at \d\d:\d\d$/);
    expect(mail.text).toContain("It's yours if you claim it in the next 15 minutes.");
    const token = /\/w\/(\S+)/.exec(mail.text)![1]!;
    const open = (await (await call(`/api/waitlist-offers/${token}`)).json()) as WaitlistOffer;
    expect(open).toMatchObject({ status: 'open', start_time: new Date(booked.start).toISOString() });
    const texts = (await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(phone)}`)).json()) as { data: unknown[] };
    expect(texts.data).toEqual([]);
  });

  it('offers a time to an entry the desk added (a name and a phone, no account), and its claim books it', async () => {
    const [time] = await chloesTimes(wednesday(3));
    const booked = await deskBooking(time!);
    const phone = phoneOf(7);
    const entry = await joinWaitlist({ clientId: null, phone, start: booked.start, end: booked.end, joinedAgo: 1000 });

    expect((await post(`appointments/${booked.id}/cancel`, { by: 'salon' })).status).toBe(200);
    const { body, token } = await offerText(phone);
    expect(body).toMatch(/^Willow.*: a time has come free on Wed .* It's yours if you claim it in the next 15 minutes: \S+\/w\/\S+$/);
    const claims = await Promise.all(Array.from({ length: 5 }, () => call(`/api/waitlist-offers/${token}/claim`, { method: 'POST' })));
    expect(claims.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const won = (await claims.find((r) => r.status === 201)!.json()) as { booking: { appointment_id: number; status: string } };
    expect(won.booking.status).toBe('confirmed');
    const made = await env.DB.prepare(
      'SELECT client_id, client_name, client_phone, status, deposit, start_at FROM appointments WHERE id = ?',
    )
      .bind(won.booking.appointment_id)
      .first();
    expect(made).toEqual({
      client_id: null,
      client_name: 'Wendy Waiting',
      client_phone: phone,
      status: 'confirmed',
      deposit: 0,
      start_at: booked.start,
    });
    expect((await offers()).find((o) => o.entry_id === entry)).toMatchObject({ outcome: 'claimed', booked_id: won.booking.appointment_id });
    const left = await env.DB.prepare('SELECT status, cancelled_from FROM appointments WHERE id = ?').bind(entry).first();
    expect(left).toEqual({ status: 'cancelled', cancelled_from: 'waitlist' });
  });

  it('waits as long as the salon set on its Booking page (waitlist_offer_minutes), 5 to 240', async () => {
    const start = await readSettings(1, owner);
    expect(start.settings.waitlist_offer_minutes).toBe(15);
    const refused = await saveSettings(1, start.version, { waitlist_offer_minutes: 3 }, owner);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      field: 'waitlist_offer_minutes',
      errors: { waitlist_offer_minutes: 'The minutes an offer waits must be at least 5' },
    });
    const saved = await saveSettings(1, start.version, { waitlist_offer_minutes: 30 }, owner);
    expect(saved.status).toBe(200);
    try {
      const history = (await (await consoleCall('/api/console/salons/1/history', owner)).json()) as HistoryEntry[];
      expect(history.find((h) => h.field === 'waitlist_offer_minutes')).toMatchObject({ old: 15, new: 30, version: start.version + 1 });

      const [time] = await chloesTimes(wednesday(4));
      const booked = await deskBooking(time!);
      const phone = phoneOf(8);
      await joinWaitlist({ clientId: null, phone, start: booked.start, end: booked.end, joinedAgo: 1000 });
      expect((await post(`appointments/${booked.id}/cancel`, { by: 'salon' })).status).toBe(200);
      expect((await offerText(phone)).body).toContain('claim it in the next 30 minutes');
      const row = await env.DB.prepare('SELECT expires_at - offered_at AS wait FROM waitlist_offers').first<{ wait: number }>();
      expect(row!.wait).toBe(30 * 60_000);
    } finally {
      const now = await readSettings(1, owner);
      await saveSettings(1, now.version, { waitlist_offer_minutes: 15 }, owner);
    }
  });
});
