import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeskAppointment, DeskBookingPreview, DeskSeriesBooked, DiaryDay, SeriesCancelled } from '../../shared/console/diary';
import { MSG_OCCURRENCE_TAKEN } from '../../shared/console/diary';
import { salonTimeToIso } from '../../shared/console/salon-time';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { emptyDiaries } from './helpers';

/**
 * The desk's booking of several services (each with its stylist, with the processing time
 * between as the client's journey books them), repeat series with their clashes listed before
 * saving and skipped when asked, a series cancelled or moved as one, and walk-ins
 * (docs/console/desk.md "Several services, repeats and walk-ins").
 */
let owner = '';
let manager3 = '';
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
  manager3 = (await staffLogin(STAFF.manager3)).access_token;
});
beforeEach(() => emptyDiaries(env.DB.prepare('DELETE FROM sent_messages')));

const post = (path: string, body: unknown, token = owner) =>
  consoleCall(`/api/console/salons/${path}`, token, { method: 'POST', body: JSON.stringify(body) });
const json = async <T>(res: Response) => (await res.json()) as T;

/** The next Wednesday (Ben and Chloe both work) at least `days` days from now, in London. */
function wednesday(days = 3): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), days);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}
const at = (date: string, time: string) => salonTimeToIso(`${date}T${time}`, 'Europe/London');
const count = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments WHERE status <> 'cancelled'").first<{ n: number }>())!.n;

const TONER_WITH_BEN = { service_id: 6, stylist_id: 2 }; // 30 min, then 15 min processing
const CUT_WITH_CHLOE = { service_id: 1, stylist_id: 3 }; // 60 min
const client = (n: number) => ({ name: `Series Client ${n}`, phone: `+4477009${String(50000 + n).slice(-5)}` });

describe('several services in one desk booking', () => {
  it('books two services with two stylists, the second after the first one’s processing time', async () => {
    const date = wednesday();
    const res = await post('1/appointments', {
      client: client(1),
      start_time: at(date, '11:00'),
      procedures: [TONER_WITH_BEN, CUT_WITH_CHLOE],
      any_time: true,
    });
    expect(res.status).toBe(201);
    const booked = await json<DeskAppointment>(res);
    expect(booked.services).toEqual([
      { name: 'Toner Refresh', stylist_id: 2, start: at(date, '11:00'), end: at(date, '11:30'), category: { id: 2, name: 'Colour' } },
      {
        name: 'Ladies Cut & Blow Dry',
        stylist_id: 3,
        start: at(date, '11:45'),
        end: at(date, '12:45'),
        category: { id: 1, name: 'Cut & Style' },
      },
    ]);
    expect(booked.end).toBe(at(date, '12:45'));
    expect(booked.price).toBe(3500 + 5200);
    // Ben is taken while he works, and free while the toner processes
    const ben = (time: string, n: number) =>
      post('1/appointments', {
        client: client(n),
        start_time: at(date, time),
        procedures: [{ service_id: 7, stylist_id: 2 }],
        any_time: true,
      });
    expect((await ben('11:10', 2)).status).toBe(409);
    // Chloe's cut is hers: another cut with her at 12:00 is refused
    const chloe = await post('1/appointments', {
      client: client(3),
      start_time: at(date, '12:00'),
      procedures: [CUT_WITH_CHLOE],
      any_time: true,
    });
    expect(chloe.status).toBe(409);
    expect((await ben('11:30', 4)).status).toBe(201);
  });

  it('names the service of several that its stylist does not do', async () => {
    const res = await post('1/appointments', {
      client: client(5),
      start_time: at(wednesday(), '11:00'),
      procedures: [TONER_WITH_BEN, { service_id: 1, stylist_id: 2 }],
      any_time: true,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await count()).toBe(0);
  });

  it('gives one of several simultaneous two-stylist bookings of the same time, and writes nothing for the others', async () => {
    for (let round = 0; round < 5; round++) {
      const date = addDays(wednesday(), 7 * round);
      const answers = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          post('1/appointments', {
            client: client(10 + round * 4 + i),
            start_time: at(date, '14:00'),
            procedures: [TONER_WITH_BEN, CUT_WITH_CHLOE],
            any_time: true,
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    }
    expect(await count()).toBe(5);
    const procedures = await env.DB.prepare('SELECT COUNT(*) AS n FROM appointment_procedures').first<{ n: number }>();
    expect(procedures!.n).toBe(10);
  });
});

describe('repeat bookings', () => {
  /** Chloe's cut at 10:00 every week for four weeks, from `date`. */
  const series = (date: string, extra: object = {}, n = 40) => ({
    client: client(n),
    start_time: at(date, '10:00'),
    procedures: [CUT_WITH_CHLOE],
    any_time: true,
    repeat: { every_weeks: 1, count: 4, ...extra },
  });

  it('lists the clashes before saving, refuses them unless asked to skip, and books the rest as one series', async () => {
    const date = wednesday();
    const third = addDays(date, 14);
    const taken = await post('1/appointments', {
      client: client(30),
      start_time: at(third, '10:30'),
      procedures: [CUT_WITH_CHLOE],
      any_time: true,
    });
    expect(taken.status).toBe(201);

    const preview = await post('1/appointments?dry_run=1', series(date));
    expect(preview.status).toBe(200);
    expect((await json<DeskBookingPreview>(preview)).occurrences).toEqual([
      { start: at(date, '10:00'), clash: null },
      { start: at(addDays(date, 7), '10:00'), clash: null },
      { start: at(third, '10:00'), clash: MSG_OCCURRENCE_TAKEN },
      { start: at(addDays(date, 21), '10:00'), clash: null },
    ]);
    expect(await count()).toBe(1);

    const refused = await post('1/appointments', series(date));
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ code: 'SERIES_CLASHES', field: 'repeat' });
    expect(await count()).toBe(1);

    const res = await post('1/appointments', series(date, { skip_clashes: true }));
    expect(res.status).toBe(201);
    const booked = await json<DeskSeriesBooked>(res);
    expect(booked.appointments.map((a) => a.start)).toEqual([
      at(date, '10:00'),
      at(addDays(date, 7), '10:00'),
      at(addDays(date, 21), '10:00'),
    ]);
    expect(booked.skipped).toEqual([{ start: at(third, '10:00'), clash: MSG_OCCURRENCE_TAKEN }]);
    expect(booked.appointments.every((a) => a.series_id === booked.series_id)).toBe(true);
    expect(await count()).toBe(4);
    // the diary shows it as one of a series
    const day = await json<DiaryDay>(await consoleCall(`/api/console/salons/1/diary/${date}`, owner));
    expect(day.appointments.find((a) => a.client?.name === 'Series Client 40')?.series_id).toBe(booked.series_id);
  });

  it('repeats until a date, the same wall-clock time across the clocks going back', async () => {
    // late October to November: British Summer Time ends in between
    let date = `${new Date().getUTCFullYear() + 1}-10-14`;
    while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 3) date = addDays(date, 1);
    const res = await post('1/appointments', series(date, { every_weeks: 2, count: undefined, until: addDays(date, 28) }, 41));
    expect(res.status).toBe(201);
    const booked = await json<DeskSeriesBooked>(res);
    expect(booked.appointments.map((a) => a.start)).toEqual([0, 14, 28].map((d) => at(addDays(date, d), '10:00')));
    expect(new Set(booked.appointments.map((a) => a.start.slice(11, 16))).size).toBe(2); // 09:00Z then 10:00Z
  });

  it('names the field of a repeat that cannot be', async () => {
    const date = wednesday();
    const both = await post('1/appointments', series(date, { until: addDays(date, 30) }));
    expect(both.status).toBe(400);
    expect(await json(both)).toMatchObject({ field: 'repeat.count' });
    const tooMany = await post('1/appointments', series(date, { count: undefined, until: addDays(date, 7 * 40) }));
    expect(tooMany.status).toBe(400);
    expect(await json(tooMany)).toMatchObject({ field: 'repeat.until' });
    const every = await post('1/appointments', series(date, { every_weeks: 0 }));
    expect(await json(every)).toMatchObject({ field: 'repeat.every_weeks' });
    expect(await count()).toBe(0);
  });

  it('books one of two overlapping series sent at once, whole, and nothing of the other', async () => {
    const date = wednesday();
    const [a, b] = await Promise.all([
      post('1/appointments', series(date, {}, 42)),
      post('1/appointments', series(addDays(date, 14), {}, 43)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await count()).toBe(4);
    const series_ = await env.DB.prepare('SELECT COUNT(DISTINCT series_id) AS n FROM appointments').first<{ n: number }>();
    expect(series_!.n).toBe(1);
  });

  it('cancels a series from one of its appointments on, then the rest; another salon’s staff get 404', async () => {
    const date = wednesday();
    const booked = await json<DeskSeriesBooked>(await post('1/appointments', series(date)));
    const ids = booked.appointments.map((a) => a.id);
    expect((await post(`3/series/${booked.series_id}/cancel`, { by: 'salon' }, manager3)).status).toBe(404);
    const other = await post(`1/series/${booked.series_id + 999}/cancel`, { by: 'salon' });
    expect(other.status).toBe(404);

    const from = await post(`1/series/${booked.series_id}/cancel`, { by: 'salon', from: ids[2] });
    expect(from.status).toBe(200);
    expect(await json<SeriesCancelled>(from)).toEqual({ series_id: booked.series_id, cancelled: ids.slice(2) });
    expect(await count()).toBe(2);
    const rest = await json<SeriesCancelled>(await post(`1/series/${booked.series_id}/cancel`, { by: 'client' }));
    expect(rest.cancelled).toEqual(ids.slice(0, 2));
    expect(await count()).toBe(0);
    const shown = await json<DeskAppointment>(await consoleCall(`/api/console/salons/1/appointments/${ids[0]}`, owner));
    expect(shown.status).toBe('cancelled');
  });

  it('moves one appointment of a series, or it and the following ones by the same', async () => {
    const date = wednesday();
    const booked = await json<DeskSeriesBooked>(await post('1/appointments', series(date)));
    const ids = booked.appointments.map((a) => a.id);
    const startOf = async (id: number) =>
      (await json<DeskAppointment>(await consoleCall(`/api/console/salons/1/appointments/${id}`, owner))).start;

    const one = await post(`1/appointments/${ids[0]}/move`, { start_time: at(date, '11:00'), any_time: true, scope: 'one' });
    expect(one.status).toBe(200);
    expect(await startOf(ids[1]!)).toBe(at(addDays(date, 7), '10:00'));

    const following = await post(`1/appointments/${ids[1]}/move`, {
      start_time: at(addDays(date, 7), '12:00'),
      any_time: true,
      scope: 'following',
    });
    expect(following.status).toBe(200);
    expect(await Promise.all(ids.map(startOf))).toEqual([
      at(date, '11:00'),
      at(addDays(date, 7), '12:00'),
      at(addDays(date, 14), '12:00'),
      at(addDays(date, 21), '12:00'),
    ]);

    // a time taken in one of the following leaves all of them where they were
    expect(
      (
        await post('1/appointments', {
          client: client(44),
          start_time: at(addDays(date, 21), '14:00'),
          procedures: [CUT_WITH_CHLOE],
          any_time: true,
        })
      ).status,
    ).toBe(201);
    const clash = await post(`1/appointments/${ids[1]}/move`, {
      start_time: at(addDays(date, 7), '14:00'),
      any_time: true,
      scope: 'following',
    });
    expect(clash.status).toBe(409);
    expect(await Promise.all(ids.slice(1).map(startOf))).toEqual([7, 14, 21].map((d) => at(addDays(date, d), '12:00')));
  });
});

describe('walk-ins', () => {
  it('books "now" with a stylist and a name only, at the current 5-minute slot', async () => {
    const slot = (ms: number) => new Date(Math.floor(ms / 300_000) * 300_000).toISOString();
    const before = slot(Date.now());
    const res = await post('1/appointments', {
      client: { name: 'Walk In' },
      start_time: 'now',
      procedures: [{ service_id: 3, stylist_id: 1 }],
    });
    const after = slot(Date.now());
    expect(res.status).toBe(201);
    const booked = await json<DeskAppointment>(res);
    expect([before, after]).toContain(booked.start);
    expect(booked.client).toEqual({ name: 'Walk In', phone: null });
    expect(booked.origin).toBe('salon');
  });

  it('still wants a name for a walk-in, and a mobile for any other new client', async () => {
    const noName = await post('1/appointments', {
      client: { name: '' },
      start_time: 'now',
      procedures: [{ service_id: 3, stylist_id: 1 }],
    });
    expect(noName.status).toBe(400);
    expect(await json(noName)).toMatchObject({ errors: { 'client.name': 'Enter their name' } });
    const noPhone = await post('1/appointments', {
      client: { name: 'Pat' },
      start_time: at(wednesday(), '10:00'),
      procedures: [{ service_id: 3, stylist_id: 1 }],
    });
    expect(noPhone.status).toBe(400);
    expect(await json(noPhone)).toMatchObject({ errors: { 'client.phone': 'Enter their mobile number' } });
    expect(await count()).toBe(0);
  });
});
