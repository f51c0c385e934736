import { dbOf } from './salon-db';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import type { BookingsPage } from '../../shared/bookings';
import { REBOOKING_SLOT_CAP, REBOOKING_TEXTS, type RebookAnswer, type RebookingToken } from '../../shared/rebooking';
import { sha256Hex } from '../../worker/crypto';
import { demoClient, JAMIE, sameTime } from './client-bookings-helpers';
import { call } from './helpers';
import {
  availabilityOf,
  DEMO_LINK,
  firstTimes,
  historyOf,
  londonDay,
  newLink,
  rebookCall,
  salonsOf,
  tokenCall,
  tokenOf,
} from './rebooking-helpers';

const detailOf = async (res: Response) => (await res.json()) as { detail: string; field?: string; code: string };

/** Jamie's token from the demo link, the client's number at salon 1 and its past appointments there. */
async function jamieAtSalon1() {
  const token = await tokenOf(DEMO_LINK);
  const islington = (await salonsOf(token)).find((s) => s.salon.id === 1)!;
  const history = await historyOf(token, islington.id);
  return { token, clientId: islington.id, history, past: history.find((a) => a.can_rebook)! };
}

const countOf = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const jamiesAppointments = () => countOf("SELECT COUNT(*) AS n FROM appointments WHERE client_id = ? AND kind = 'appointment'", JAMIE);

describe('rebooking: links and tokens', () => {
  it('a link gives a 60-minute token with the client’s first name', async () => {
    const res = await tokenCall(DEMO_LINK);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
    const t = (await res.json()) as RebookingToken;
    expect(t.first_name).toBe('Jamie');
    // the demo link's salon (1), then 43 random characters
    expect(t.token).toMatch(/^1\.[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(t.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('an expired link answers 410 with the old-link notice', async () => {
    const link = await newLink(2);
    expect(link.urlhash).toMatch(/^2\./);
    await (
      await dbOf(2)
    )
      .prepare('UPDATE rebooking_links SET expires_at = ? WHERE urlhash_sha256 = ?')
      .bind(Date.now() - 1, await sha256Hex(link.urlhash))
      .run();
    const res = await tokenCall(link.urlhash);
    expect(res.status).toBe(410);
    expect((await detailOf(res)).detail).toBe(REBOOKING_TEXTS.linkExpired);
  });

  it('a replaced link answers 410 saying when the newer one was sent, and by whom; the new one works', async () => {
    const old = await newLink(2);
    const replacement = await newLink(2);
    const res = await tokenCall(old.urlhash);
    expect(res.status).toBe(410);
    const sent = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(Date.now());
    expect(await detailOf(res)).toMatchObject({
      code: 'LINK_REPLACED',
      detail: expect.stringMatching(
        new RegExp(
          `^A newer link was sent to you on ${sent} at \\d{1,2}:\\d{2} [ap]m\\. Please open the link in the latest text from Willow & Co Shoreditch\\.$`,
        ),
      ),
    });
    expect((await tokenCall(replacement.urlhash)).status).toBe(200);
  });

  it('an unknown or malformed link answers 404', async () => {
    expect((await tokenCall('UnknownLinkUnknownLinkUnknownLink0')).status).toBe(404);
    expect((await tokenCall('short')).status).toBe(404);
    expect((await tokenCall('has.a.dot.has.a.dot.has.a.dot.has.a.dot')).status).toBe(404);
  });
});

describe('rebooking: salons and history', () => {
  it('lists the salons with past appointments, each with the client’s number there', async () => {
    const token = await tokenOf(DEMO_LINK);
    const salons = await salonsOf(token);
    expect(salons.map((s) => s.salon.name)).toEqual(['Willow & Co Islington', 'Willow & Co Shoreditch']);
    expect(salons[0]).toMatchObject({ first_name: 'Jamie', salon: { id: 1, timezone: 'Europe/London', currency: 'GBP' } });
    // the numbers stay the same from one call to the next
    expect((await salonsOf(token)).map((s) => s.id)).toEqual(salons.map((s) => s.id));
  });

  it('history: only past appointments of this client, newest first, at most 30, with can_rebook', async () => {
    const { history } = await jamieAtSalon1();
    expect(history).toHaveLength(30);
    const starts = history.map((a) => Date.parse(a.starts_at));
    expect(starts.every((s) => s < Date.now())).toBe(true);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    expect(history.every((a) => a.salon_id === 1)).toBe(true);
    const ids = history.map((a) => a.id);
    const owners = await env.DB.prepare(`SELECT DISTINCT client_id FROM appointments WHERE id IN (${ids.map(() => '?').join(',')})`)
      .bind(...ids)
      .all<{ client_id: string }>();
    expect(owners.results).toEqual([{ client_id: JAMIE }]);
    // the keratin treatment nobody performs any more cannot be rebooked
    const keratin = history.find((a) => a.title.startsWith('Keratin Smoothing'))!;
    expect(keratin.can_rebook).toBe(false);
    expect(history.find((a) => a.title.startsWith('Ladies Cut'))?.can_rebook).toBe(true);
    expect(history[0]!.procedures[0]).toMatchObject({ stylist: { id: 1, user_name: 'Amelia Hart' } });
  });
});

describe('rebooking: availability', () => {
  it('days keyed YYYYMMDD from..to, times ISO in UTC and in order', async () => {
    const { token, past } = await jamieAtSalon1();
    const from = londonDay(1);
    const { res, days } = await availabilityOf(token, past.id, from, londonDay(3));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
    expect(Object.keys(days)).toEqual([londonDay(1), londonDay(2), londonDay(3)].map((d) => d.replaceAll('-', '')));
    for (const times of Object.values(days)) {
      expect(times.length).toBeLessThanOrEqual(REBOOKING_SLOT_CAP);
      expect(times.every((t) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/.test(t))).toBe(true);
      expect([...times].sort()).toEqual(times);
    }
  });

  it('a service that can no longer be booked online answers 409', async () => {
    const { token, history } = await jamieAtSalon1();
    const keratin = history.find((a) => !a.can_rebook)!;
    const { res } = await availabilityOf(token, keratin.id, londonDay(1), londonDay(3));
    expect(res.status).toBe(409);
  });

  it('bad from/to answer 400 naming the field', async () => {
    const { token, past } = await jamieAtSalon1();
    const cases: [string, string][] = [
      [`from=2026-02-30&to=${londonDay(2)}`, 'from'],
      [`from=tomorrow&to=${londonDay(2)}`, 'from'],
      [`from=${londonDay(1)}&to=${londonDay(1)}T10:00`, 'to'],
      [`from=${londonDay(1)}`, 'to'],
      [`to=${londonDay(1)}`, 'from'],
      [`from=${londonDay(-1)}&to=${londonDay(1)}`, 'from'],
      [`from=${londonDay(1)}&to=${londonDay(8)}`, 'to'],
      [`from=${londonDay(3)}&to=${londonDay(2)}`, 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await call(`/api/rebooking/availability/appointment/${past.id}/?${query}`, {
        headers: { Authorization: `Rebooking ${token}` },
      });
      expect(res.status, query).toBe(400);
      expect((await detailOf(res)).field, query).toBe(field);
    }
    // seven days is the most
    expect((await availabilityOf(token, past.id, londonDay(1), londonDay(7))).res.status).toBe(200);
  });
});

describe('rebooking: rebook', () => {
  it('makes an unconfirmed online_rebooking appointment with the same services and stylists', async () => {
    const { token, clientId, past } = await jamieAtSalon1();
    const times = await firstTimes(token, past.id);
    const res = await rebookCall(token, { appointment_id: past.id, client_id: clientId, start_time: times[0] });
    expect(res.status).toBe(201);
    const made = (await res.json()) as RebookAnswer;
    expect(made).toMatchObject({ status: 'unconfirmed', origin: 'online_rebooking', starts_at: times[0], price: past.price });
    expect(made.procedures.map((p) => [p.service.id, p.stylist.id])).toEqual(past.procedures.map((p) => [p.service.id, p.stylist.id]));
    expect(made.ics).toContain('BEGIN:VCALENDAR');
    const row = await env.DB.prepare('SELECT client_id, status, origin, deposit FROM appointments WHERE id = ?').bind(made.id).first();
    expect(row).toEqual({ client_id: JAMIE, status: 'unconfirmed', origin: 'online_rebooking', deposit: 0 });
    // Your bookings shows it as upcoming
    const jamie = await demoClient();
    const page = (await (
      await call(`/api/ncob/client/appointments/1/future/${jamie.username}/`, { headers: jamie.auth })
    ).json()) as BookingsPage;
    expect(page.results.find((b) => b.id === made.id)?.status).toBe('unconfirmed');
  });

  it('the rebooked time is taken for the journey; booking it again is 409 and writes nothing', async () => {
    const { token, clientId, past } = await jamieAtSalon1();
    const times = await firstTimes(token, past.id);
    const start = times[0]!;
    const date = londonDateOf(start);
    const services = past.procedures.map((p) => p.service.id).join(',');
    const stylists = past.procedures.map((p) => p.stylist.id).join(',');
    const journey = async () =>
      Object.keys(
        ((await (await call(`/api/book-online/new/availability/appointment/1/${date}/${services}/${stylists}/null/`)).json()) as DaySlots)
          .data,
      );
    expect((await journey()).some((t) => sameTime(t, start))).toBe(true);
    expect((await rebookCall(token, { appointment_id: past.id, client_id: clientId, start_time: start })).status).toBe(201);
    expect((await journey()).some((t) => sameTime(t, start))).toBe(false);
    expect((await availabilityOf(token, past.id, date, date)).days[date.replaceAll('-', '')]).not.toContain(start);
    const before = await jamiesAppointments();
    const again = await rebookCall(token, { appointment_id: past.id, client_id: clientId, start_time: start });
    expect(again.status).toBe(409);
    expect(await jamiesAppointments()).toBe(before);
  });

  it('two different rebookings of one time at once: the database lets exactly one through', async () => {
    const { token, clientId, past } = await jamieAtSalon1();
    const start = (await firstTimes(token, past.id))[0]!;
    const before = await jamiesAppointments();
    const body = { appointment_id: past.id, client_id: clientId, start_time: start };
    const answers = await Promise.all([rebookCall(token, body), rebookCall(token, body), rebookCall(token, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await jamiesAppointments()).toBe(before + 1);
  });

  it('the same Idempotency-Key twice, or twice at once, makes one appointment', async () => {
    const { token, clientId, past } = await jamieAtSalon1();
    const body = async () => ({ appointment_id: past.id, client_id: clientId, start_time: (await firstTimes(token, past.id))[0] });
    const key = crypto.randomUUID();
    const once = await body();
    const first = await rebookCall(token, once, key);
    const second = await rebookCall(token, once, key);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(((await second.json()) as RebookAnswer).id).toBe(((await first.json()) as RebookAnswer).id);

    const together = crypto.randomUUID();
    const twice = await body();
    const answers = await Promise.all([rebookCall(token, twice, together), rebookCall(token, twice, together)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as RebookAnswer).id));
    expect(ids[0]).toBe(ids[1]);
    expect(await countOf('SELECT COUNT(*) AS n FROM appointments WHERE idempotency_key = ?', `rebook:${together}`)).toBe(1);
  });

  it('a time availability does not offer is refused, and nothing is written', async () => {
    const { token, clientId, past } = await jamieAtSalon1();
    const start = Date.parse((await firstTimes(token, past.id))[0]!);
    const before = await jamiesAppointments();
    const at = (ms: number) => rebookCall(token, { appointment_id: past.id, client_id: clientId, start_time: new Date(ms).toISOString() });
    const offGrid = await at(start + 5 * 60_000);
    expect(offGrid.status).toBe(409);
    expect((await detailOf(offGrid)).code).toBe('NOT_OFFERED');
    // 03:00 in London: outside working hours
    expect((await at(Date.parse(`${londonDay(2)}T03:00:00Z`))).status).toBe(409);
    const inThePast = await at(Date.now() - 86_400_000);
    expect(inThePast.status).toBe(400);
    expect((await detailOf(inThePast)).field).toBe('start_time');
    const bad = await rebookCall(token, { appointment_id: past.id, client_id: clientId, start_time: 'next tuesday' });
    expect(bad.status).toBe(400);
    const noKey = await call('/api/rebooking/rebook/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Rebooking ${token}` },
      body: JSON.stringify({ appointment_id: past.id, client_id: clientId, start_time: new Date(start).toISOString() }),
    });
    expect(noKey.status).toBe(400);
    expect((await detailOf(noKey)).field).toBe('Idempotency-Key');
    expect(await jamiesAppointments()).toBe(before);
  });
});

describe('rebooking: at most 96 times a day', () => {
  it('caps a day of many times at 96', async () => {
    const { token, past } = await jamieAtSalon1();
    await env.DB.batch([
      env.DB.prepare('UPDATE salons SET slot_interval = 5 WHERE id = 1'),
      env.DB.prepare("UPDATE stylist_hours SET start_min = 0, end_min = 1440, breaks = '[]' WHERE stylist_id = 1"),
    ]);
    const { days } = await availabilityOf(token, past.id, londonDay(1), londonDay(7));
    const longest = Math.max(...Object.values(days).map((t) => t.length));
    expect(longest).toBe(REBOOKING_SLOT_CAP);
  });
});

function londonDateOf(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.parse(iso));
}
