import { env } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DayAvailability, DaySlots } from '../../shared/availability';
import type { DeskAppointment } from '../../shared/console/diary';
import { addDays, localDateOf, salonDays } from '../../worker/availability/calendar';
import { bookedRestyle, bookRestyle, json, newClient, restyleTimes, tuesday, type Client } from './client-bookings-helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, emptyDiaries, patchSalon } from './helpers';
import { dbOf, moveIntoPast } from './salon-db';

/**
 * A salon's opening hours bound every time offered online and every move (issue 56): the
 * engine's times, a booking's and a client's move's checks, and the desk's booking and move
 * unless it books any time, when the answer says the appointment is outside the hours.
 */

const TZ = 'Europe/London';
const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
type Week = Partial<Record<(typeof DAY_NAMES)[number], { open: string; close: string }[]>>;
/** All seven days: those not given closed. */
const week = (days: Week) => Object.fromEntries(DAY_NAMES.map((d) => [d, days[d] ?? []]));
const TUE_TO_SAT = { open: '10:00', close: '18:00' };
/** Salon 2 as its owner set it in the console: open Tuesday to Saturday but Wednesday, 10:00-18:00. */
const CLOSED_WEDNESDAYS = week({ tuesday: [TUE_TO_SAT], thursday: [TUE_TO_SAT], friday: [TUE_TO_SAT], saturday: [TUE_TO_SAT] });

const getJson = async <T>(path: string) => {
  const res = await call(path);
  expect(res.status, `${path} → ${res.status}`).toBe(200);
  return (await res.json()) as T;
};
/** Ben (stylist 2, Mon-Thu 10:00-19:00, lunch 14:00-14:45) doing a Full Head Tint (service 4: 45 min + 30 processing). */
const bensTints = async (date: string) =>
  Object.keys((await getJson<DaySlots>(`/api/book-online/new/availability/appointment/1/${date}/4/2/null/`)).data);
/** Chloe (stylist 3, Sunday 10:00-16:00) doing a Ladies Cut (service 1, 60 min). */
const chloesCuts = async (date: string) =>
  Object.keys((await getJson<DaySlots>(`/api/book-online/new/availability/appointment/1/${date}/1/3/null/`)).data);
const localTime = (iso: string) => iso.slice(11, 16);
const wednesdayAfter = (tue: string) => addDays(tue, 1);

const tokens = { groupOwner: '' };
let jamie: Client;
beforeAll(async () => {
  tokens.groupOwner = (await staffLogin(STAFF.groupOwner)).access_token;
  jamie = await newClient();
});
beforeEach(() =>
  emptyDiaries(
    env.DB.prepare('UPDATE salons SET check_ncob_availability_until = 365, skip_today = 0 WHERE id = 1'),
    env.DB.prepare('DELETE FROM sent_messages'),
  ),
);
afterEach(async () => {
  for (const salon of [1, 2]) expect((await patchSalon(salon, { opening_hours: null })).status).toBe(200);
});

const desk = (path: string, body: unknown) =>
  consoleCall(`/api/console/salons/2/${path}`, tokens.groupOwner, { method: 'POST', body: JSON.stringify(body) });
const deskBooking = (start: string, anyTime?: boolean) =>
  desk('appointments', {
    client: { name: 'Wendy Wednesday', phone: '+447700900456' },
    start_time: start,
    procedures: [{ service_id: 10, stylist_id: 5 }],
    ...(anyTime ? { any_time: true } : {}),
  });

describe('times offered online', () => {
  it('a day the salon is closed offers no time, in the day and in the weekly view, and a booking there is refused as a taken time', async () => {
    const tue = tuesday();
    const wed = wednesdayAfter(tue);
    const wednesdayTimes = await restyleTimes(wed);
    expect(wednesdayTimes.length).toBeGreaterThan(10); // Sam works Wednesdays
    expect((await patchSalon(2, { opening_hours: CLOSED_WEDNESDAYS })).status).toBe(200);

    expect(await restyleTimes(wed)).toEqual([]);
    const weekly = await getJson<DayAvailability>(`/api/book-online/availability/weekly/2/10/5/${tue}/null/`);
    expect(weekly.availability[wed]).toBe(false);
    expect(weekly.availability[tue]).toBe(true);

    // the same answer as a time someone else took
    const refused = await bookRestyle(jamie, wednesdayTimes[0]!);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      detail: 'That time is no longer available. Please choose another time.',
      field: 'start_time',
    });
    const tuesdayTimes = await restyleTimes(tue);
    expect((await bookRestyle(jamie, tuesdayTimes[0]!)).status).toBe(201);
  });

  it("every service, processing included, fits inside one of the day's openings", async () => {
    let monday = addDays(localDateOf(Date.now(), TZ), 2);
    while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
    expect((await bensTints(monday))[0]).toMatch(/T10:00:00/);
    expect((await patchSalon(1, { opening_hours: week({ monday: [{ open: '11:00', close: '16:00' }] }) })).status).toBe(200);
    const times = (await bensTints(monday)).map(localTime);
    expect(times[0]).toBe('11:00');
    // 75 minutes from 14:45 end at 16:00, the close; a later start would end after it
    expect(times.at(-1)).toBe('14:45');
  });

  it("binds the salon's wall clock on the day the clocks change", async () => {
    // the next last Sunday of March or October in London (a 23- or 25-hour day)
    let day = addDays(localDateOf(Date.now(), TZ), 2);
    const isChange = (d: string) => {
      const [start] = salonDays(d, 1, TZ);
      return start!.endUtc - start!.startUtc !== 24 * 3_600_000;
    };
    while (!isChange(day)) day = addDays(day, 1);
    expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(0);
    expect((await patchSalon(1, { opening_hours: week({ sunday: [{ open: '12:00', close: '15:00' }] }) })).status).toBe(200);
    const times = await chloesCuts(day);
    // a 60-minute cut from 12:00 to 14:00, every quarter of an hour
    expect(times.map(localTime)).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45', '14:00']);
    // the offset of the day's afternoon, not its midnight's
    expect(Date.parse(times[0]!)).toBe(salonDays(day, 1, TZ)[0]!.endUtc - 12 * 3_600_000);
  });
});

describe('moves', () => {
  it("a client's move to a time outside the hours is refused as a taken time, and the booking stays", async () => {
    const tue = tuesday();
    const wed = wednesdayAfter(tue);
    const [wednesdayTime] = await restyleTimes(wed);
    const id = await bookedRestyle(jamie, (await restyleTimes(tue))[0]!);
    expect((await patchSalon(2, { opening_hours: CLOSED_WEDNESDAYS })).status).toBe(200);
    const moved = await call(
      `/api/ncob/client/appointment/2/${id}/${jamie.username}/move/`,
      json({ start_time: wednesdayTime }, jamie.auth, 'PUT'),
    );
    expect(moved.status).toBe(409);
    expect(await moved.json()).toMatchObject({ code: 'SLOT_TAKEN' });
  });

  it('the desk books and moves outside the hours only with any_time, and the answer says so', async () => {
    const tue = tuesday();
    const wed = wednesdayAfter(tue);
    const [wednesdayTime] = await restyleTimes(wed);
    const [thursdayTime] = await restyleTimes(addDays(tue, 2));
    expect((await patchSalon(2, { opening_hours: CLOSED_WEDNESDAYS })).status).toBe(200);

    const refused = await deskBooking(wednesdayTime!);
    expect(refused.status).toBe(409);
    const why = (await refused.json()) as { detail: string; code: string; field: string };
    expect(why).toMatchObject({ code: 'OUTSIDE_OPENING_HOURS', field: 'start_time' });
    expect(why.detail).toContain('outside the salon’s opening hours (Wednesday: closed)');
    expect(why.detail).toContain('Any time the stylist is free');

    const booked = await deskBooking(wednesdayTime!, true);
    expect(booked.status).toBe(201);
    const a = (await booked.json()) as DeskAppointment;
    expect(a.outside_opening_hours).toBe(true);

    const inside = await desk(`appointments/${a.id}/move`, { start_time: thursdayTime });
    expect(inside.status).toBe(200);
    expect(((await inside.json()) as DeskAppointment).outside_opening_hours).toBe(false);
    const back = await desk(`appointments/${a.id}/move`, { start_time: wednesdayTime });
    expect(back.status).toBe(409);
    expect(await back.json()).toMatchObject({ code: 'OUTSIDE_OPENING_HOURS' });
    const anyTime = await desk(`appointments/${a.id}/move`, { start_time: wednesdayTime, any_time: true });
    expect(anyTime.status).toBe(200);
    expect(((await anyTime.json()) as DeskAppointment).outside_opening_hours).toBe(true);
  });
});

describe('arrived', () => {
  it("is refused before the appointment's day, and accepted on it", async () => {
    const [time] = await restyleTimes(tuesday());
    const booked = await deskBooking(time!);
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as DeskAppointment;
    const early = await desk(`appointments/${id}/arrived`, {});
    expect(early.status).toBe(409);
    const why = (await early.json()) as { detail: string; code: string };
    expect(why.code).toBe('NOT_ITS_DAY');
    expect(why.detail).toMatch(/^This appointment is on \w{3} \d{1,2} \w{3}: mark the client arrived on the day$/);
    expect(await (await dbOf(2)).prepare('SELECT arrived_at FROM appointments WHERE id = ?').bind(id).first('arrived_at')).toBeNull();

    await moveIntoPast(await dbOf(2), id, time!, 0.25);
    const onTheDay = await desk(`appointments/${id}/arrived`, {});
    expect(onTheDay.status).toBe(200);
    expect(((await onTheDay.json()) as DeskAppointment).arrived).toBe(true);
  });
});
