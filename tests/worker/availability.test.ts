import { dbOf, dbOfStylist } from './salon-db';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DayAvailability, DaySlots, PatchSlots, ServiceStylists, StylistsAtTime } from '../../shared/availability';
import type { Service } from '../../shared/types';
import { addDays, localDateOf, salonDays } from '../../worker/availability/calendar';
import { call, emptyDiaries, patchSalon } from './helpers';

const today = () => localDateOf(Date.now(), 'Europe/London');
/** The next date (after tomorrow) that falls on `weekday` (0 = Sunday) in London. */
function next(weekday: number): string {
  let d = addDays(today(), 2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}
const json = async <T>(path: string) => {
  const res = await call(path);
  expect(res.status, `${path} → ${res.status}`).toBe(200);
  return (await res.json()) as T;
};

async function book(stylistId: number, startIso: string, minutes: number, salonId = 1) {
  const start = Date.parse(startIso);
  const db = await dbOf(salonId);
  const { meta } = await db
    .prepare('INSERT INTO appointments (salon_id, start_at, end_at, created_at) VALUES (?, ?, ?, 0)')
    .bind(salonId, start, start + minutes * 60_000)
    .run();
  await db
    .prepare(
      'INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at) VALUES (?, ?, NULL, ?, ?, ?)',
    )
    .bind(meta.last_row_id, salonId, stylistId, start, start + minutes * 60_000)
    .run();
}

/** Whole local days off from `from` (approved time off, as migration 0038 made of the old days off). */
async function daysOff(stylistId: number, from: string, count: number) {
  const db = await dbOfStylist(stylistId);
  const { salon_id, timezone } = (await db
    .prepare('SELECT st.salon_id, s.timezone FROM stylists st JOIN salons s ON s.id = st.salon_id WHERE st.id = ?')
    .bind(stylistId)
    .first<{ salon_id: number; timezone: string }>())!;
  const [first] = salonDays(from, 1, timezone);
  const [last] = salonDays(addDays(from, count - 1), 1, timezone);
  await db
    .prepare(
      `INSERT INTO time_off (id, salon_id, stylist_id, start_at, end_at, reason, status, requested_by, created_at, updated_at)
       VALUES ((SELECT ifnull(max(id), 0) + 1 FROM time_off), ?, ?, ?, ?, 'holiday', 'approved', 'test', 0, 0)`,
    )
    .bind(salon_id, stylistId, first!.startUtc, last!.endUtc)
    .run();
}

// Storage is shared by the tests of a file: each test starts from the demo data.
beforeEach(async () => {
  // Availability reads the salon from D1 itself (it is not a cached public call), so the
  // settings are reset directly, each in its salon's database; tests that change them go through the admin API.
  const [one, two] = [await dbOf(1), await dbOf(2)];
  await two.batch([two.prepare('UPDATE salons SET check_ncob_availability_until = 90, skip_today = 0 WHERE id = 2')]);
  await emptyDiaries(one.prepare('UPDATE salons SET check_ncob_availability_until = 180, skip_today = 0 WHERE id = 1'));
});

describe('weekly availability', () => {
  it('answers day → bookable from the week start to 181 days ahead, with the first available day', async () => {
    const a = await json<DayAvailability>(`/api/book-online/availability/weekly/1/2/0/${today()}/null/`);
    expect(a.message).toBeNull();
    expect(a.first_available_date).not.toBeNull();
    expect(a.max_days).toBe(180);
    expect(Object.keys(a.availability)).toHaveLength(181);
    expect(a.availability[addDays(today(), 2)]).toBe(true);
  });

  it("follows the chosen stylist's working days (Ben works Monday to Thursday)", async () => {
    const a = await json<DayAvailability>(`/api/book-online/availability/weekly/1/4/2/${today()}/null/`);
    expect(a.availability[next(1)]).toBe(true);
    expect(a.availability[next(5)]).toBe(false);
    expect(a.availability[next(6)]).toBe(false);
    expect(a.availability[next(0)]).toBe(false);
  });

  it("answers 'Exceeds Maximum days' when the first free day is beyond the salon's horizon", async () => {
    await patchSalon(1, { check_ncob_availability_until: 7 });
    await daysOff(2, today(), 20);
    const a = await json<DayAvailability>(`/api/book-online/availability/weekly/1/4/2/${today()}/null/`);
    expect(a.message).toBe('Exceeds Maximum days');
    expect(a.slot_message).toBe('No slots');
    expect(a.availability).toEqual({ 'Exceeds Maximum days': false });
    expect(a.first_available_date! > a.last_bookable_date).toBe(true);
  });

  it('answers the fully booked message when nothing is free for 6 months', async () => {
    await daysOff(5, today(), 182);
    const a = await json<DayAvailability>(`/api/book-online/availability/weekly/2/10/0/${today()}/null/`);
    expect(a.message).toBe('The salon is fully booked for the next 6 months, please call the salon.');
    expect(a.first_available_date).toBeNull();
  });

  it('starts tomorrow when the salon skips today', async () => {
    await patchSalon(2, { skip_today: true });
    const a = await json<DayAvailability>(`/api/book-online/availability/weekly/2/10/0/${today()}/null/`);
    expect(a.earliest_date).toBe(addDays(today(), 1));
    expect(a.availability[today()]).toBeUndefined();
  });
});

describe('slots of a day', () => {
  it('answers local times with their offset, and an appointment takes its times away', async () => {
    const monday = next(1);
    const before = await json<DaySlots>(`/api/book-online/new/availability/appointment/1/${monday}/4/2/null/`);
    const keys = Object.keys(before.data);
    expect(keys[0]).toMatch(new RegExp(`^${monday}T10:00:00[+-]\\d\\d:00$`));
    expect(before.data[keys[0]!]).toEqual({ count: 1, has_more: false });
    await book(2, keys[0]!, 60);
    const after = await json<DaySlots>(`/api/book-online/new/availability/appointment/1/${monday}/4/2/null/`);
    expect(Object.keys(after.data)[0]).toMatch(new RegExp(`^${monday}T11:00`));
  });

  it('answers the no-availability message on a day nobody works', async () => {
    const s = await json<DaySlots>(`/api/book-online/new/availability/appointment/1/${next(0)}/4/2/null/`);
    expect(s.data).toEqual({});
    expect(s.message).toBe(
      "Sorry, it looks like there's no availability for your chosen date. Please select another date to check availability.",
    );
  });

  it('after a patch test: keep scrolling before 2 days, and nothing under 48 hours', async () => {
    const monday = next(1);
    const patch = encodeURIComponent(`${monday}T12:00:00+00:00`);
    const tuesday = await json<DaySlots>(`/api/book-online/new/availability/appointment/1/${addDays(monday, 1)}/4/0/${patch}/`);
    expect(tuesday.message).toBe('Please keep scrolling to a future date to find availability for your appointment.');
    const wednesday = await json<DaySlots>(`/api/book-online/new/availability/appointment/1/${addDays(monday, 2)}/4/0/${patch}/`);
    const first = Object.keys(wednesday.data)[0]!;
    expect(Date.parse(first) - Date.parse(decodeURIComponent(patch))).toBeGreaterThanOrEqual(48 * 3600_000);
  });

  it('the waitlist variant ignores appointments', async () => {
    const monday = next(1);
    await book(2, `${monday}T08:00:00Z`, 12 * 60);
    const normal = await json<DaySlots>(`/api/book-online/new/availability/appointment/1/${monday}/4/2/null/`);
    expect(normal.data).toEqual({});
    const waitlist = await json<DaySlots>(`/api/book-online/new/waitlist/availability/appointment/1/${monday}/4/null/`);
    expect(Object.keys(waitlist.data).length).toBeGreaterThan(0);
  });

  it("a chosen stylist's waitlist offers only the hours that stylist works (Amelia from 9:00, not 8:30)", async () => {
    const friday = next(5);
    const [anyone, amelia] = await Promise.all(
      ['', '?stylists=1'].map((q) => json<DaySlots>(`/api/book-online/new/waitlist/availability/appointment/1/${friday}/3/null/${q}`)),
    );
    const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit', hour12: true });
    const firstLocal = (d: DaySlots) => london.format(new Date(Object.keys(d.data).sort()[0]!));
    expect(firstLocal(anyone!)).toBe('8:30 am');
    expect(firstLocal(amelia!)).toBe('9:00 am');
    const week = await json<DayAvailability>(`/api/book-online/waitlist/availability/weekly/1/3/${friday}/?stylists=1`);
    expect(week.first_available_date).not.toBeNull();
    const wrong = await call(`/api/book-online/new/waitlist/availability/appointment/1/${friday}/3/null/?stylists=1,2`);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { detail: string }).detail).toBe("stylists must name one stylist per service (0 for 'I don't mind')");
  });
});

describe('patch tests', () => {
  it('finds patch test days and 5-minute times with the stylist who does them', async () => {
    const w = await json<DayAvailability>(`/api/book-online/availability/weekly/patch/1/${today()}/null/`);
    expect(w.first_available_date).not.toBeNull();
    const s = await json<PatchSlots>(`/api/book-online/availability/patch/1/${next(1)}/`);
    const testers = new Set(Object.values(s.data));
    expect([...testers].every((id) => id === 1 || id === 2)).toBe(true);
    expect(Object.keys(s.data).length).toBeGreaterThan(10);
  });

  it('refuses a patch search for services that need none', async () => {
    const res = await call(`/api/book-online/availability/weekly/patch/1/${today()}/2/`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe('None of these services needs a patch test');
  });
});

describe('stylists, recommendations and the waitlist option', () => {
  it('lists who performs each service, with their price, duration and processing', async () => {
    const list = await json<ServiceStylists[]>('/api/book-online/services/stylists/1/4,8/');
    expect(list.map((s) => s.service_name)).toEqual(['Full Head Tint', 'Blow Dry']);
    expect(list[0]!.stylists).toEqual([
      {
        stylist_id: 1,
        stylist_name: 'Amelia Hart',
        stylist_role: 'Creative Director',
        stylist_photo: '/media/9766016e6818a70f1a9226fe3b9add2a.webp',
        service_id: 4,
        price: 85,
        duration: 45,
        processing: 30,
      },
      {
        stylist_id: 2,
        stylist_name: 'Ben Okafor',
        stylist_role: 'Colourist',
        stylist_photo: '/media/eb561b7be2a581928232eabf3d9b896e.webp',
        service_id: 4,
        price: 75,
        duration: 45,
        processing: 30,
      },
    ]);
  });

  it('recommends finishing services after one with processing time', async () => {
    const list = await json<Service[]>('/api/book-online/services/recommended/1/4/');
    expect(list.map((s) => s.name).sort()).toEqual(['Blow Dry', 'Olaplex Treatment']);
    expect(await json<Service[]>('/api/book-online/services/recommended/1/4,8/')).toEqual([]);
  });

  it('shows the waitlist option when the salon has one', async () => {
    expect(await json('/api/book-online/show/waitlist/option/1/4/')).toEqual({ show_waitlist: true });
    expect(await json('/api/book-online/show/waitlist/option/2/10/')).toEqual({ show_waitlist: false });
  });
});

describe('bad availability requests get a clear 4xx', () => {
  const t = () => today();
  it.each([
    [() => `/api/book-online/availability/weekly/1/999/0/${t()}/null/`, 404, 'Service 999 is not offered by this salon'],
    [() => `/api/book-online/availability/weekly/1/10/0/${t()}/null/`, 404, 'Service 10 is not offered by this salon'],
    [() => `/api/book-online/availability/weekly/1/2/2/${t()}/null/`, 400, 'Ben Okafor does not perform Gents Cut'],
    [() => `/api/book-online/availability/weekly/1/2/5/${t()}/null/`, 404, 'Stylist 5 does not work at this salon'],
    [
      () => `/api/book-online/availability/weekly/1/2,4/0/${t()}/null/`,
      400,
      "stylists must name one stylist per service (0 for 'I don't mind')",
    ],
    [() => `/api/book-online/availability/weekly/1/2,2/0,0/${t()}/null/`, 400, 'services must not repeat a service'],
    [() => `/api/book-online/availability/weekly/1/2/0/2026-02-30/null/`, 400, 'weekStartDate must be a date such as 2026-03-03'],
    [
      () => `/api/book-online/availability/weekly/1/2/0/${addDays(t(), 400)}/null/`,
      400,
      'weekStartDate is beyond the days this salon takes bookings for',
    ],
    [() => `/api/book-online/availability/weekly/1/2/0/2001-01-01/null/`, 400, 'weekStartDate is in the past'],
    [
      () => `/api/book-online/availability/weekly/1/2/0/${t()}/tomorrow/`,
      400,
      'extra must be the patch test time as an ISO date-time, or null',
    ],
    [() => `/api/book-online/availability/weekly/999/2/0/${t()}/null/`, 404, 'Salon not found'],
    [
      () => `/api/book-online/new/availability/appointment/1/${t()}/a,b/0/null/`,
      400,
      'services must be 1 to 10 service ids separated by commas',
    ],
    [() => `/api/book-online/new/availability/appointment/1/${t()}/2/0/null/?isWaitList=maybe`, 400, 'isWaitList must be true or false'],
    [() => `/api/book-online/services/stylists/1/10/`, 404, 'Service 10 is not offered by this salon'],
  ])('%#', async (path, status, detail) => {
    const res = await call(path());
    expect(res.status).toBe(status);
    expect(((await res.json()) as { detail: string }).detail).toBe(detail);
  });
});

describe('staff at a chosen time', () => {
  it("lists who can take each service then, in sequence, and whom 'I don't mind' gets", async () => {
    const monday = next(1);
    const slots = await json<DaySlots>(`/api/book-online/new/availability/appointment/1/${monday}/4,8/0,0/null/`);
    const first = Object.keys(slots.data)[0]!;
    const at = await json<StylistsAtTime>(`/api/book-online/services/stylists-at/1/4,8/0,0/?start_time=${encodeURIComponent(first)}`);
    expect(at.start_time).toBe(first);
    const [tint, blowDry] = at.services;
    expect(tint!.service_id).toBe(4);
    expect(tint!.available.map((s) => s.stylist_name)).toContain(tint!.assigned.stylist_name);
    // The blow dry starts after the tint's 45 minutes plus 30 of processing.
    expect(Date.parse(blowDry!.start_time) - Date.parse(first)).toBe(75 * 60_000);
    expect(blowDry!.assigned).toMatchObject({ service_id: 8, price: expect.any(Number), duration: 45 });
  });

  it('answers 409 when the time is no longer free', async () => {
    const monday = next(1);
    await book(2, `${monday}T00:00:00Z`, 24 * 60);
    const res = await call(`/api/book-online/services/stylists-at/1/4/2/?start_time=${encodeURIComponent(`${monday}T10:00:00+00:00`)}`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe('That time is no longer available. Please choose another time.');
  });

  it('refuses a start time that is not an ISO date-time', async () => {
    const res = await call('/api/book-online/services/stylists-at/1/4/0/?start_time=10am');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'start_time must be an ISO date-time with offset, such as 2026-11-24T10:00:00Z',
    );
  });
});
