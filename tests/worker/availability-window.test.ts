import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DayAvailability, DaySlots } from '../../shared/availability';
import { addDays, localDateOf, salonDays } from '../../worker/availability/calendar';
import { call, emptyDiaries, patchSalon } from './helpers';

// Availability reads only the days a call answers (and the day before, for a procedure that
// began the evening before), and only the stylists it asks about: these tests hold it to the
// same answers as reading everything (docs/booking/availability.md).

const TZ = 'Europe/London';
const today = () => localDateOf(Date.now(), TZ);
/** The first date on or after `from` that falls on `weekday` (0 = Sunday). */
function onOrAfter(from: string, weekday: number): string {
  let d = from;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}
const midnight = (date: string) => salonDays(date, 1, TZ)[0]!.startUtc;
const json = async <T>(path: string) => {
  const res = await call(path);
  expect(res.status, `${path} → ${res.status}`).toBe(200);
  return (await res.json()) as T;
};
/** Ben (stylist 2, Mon-Thu 10:00-19:00) doing a Colour (service 4, 45 min + 30 processing) on a day. */
const bensSlots = (date: string) => json<DaySlots>(`/api/book-online/new/availability/appointment/1/${date}/4/2/null/`);
const bensWeeks = (from: string) => json<DayAvailability>(`/api/book-online/availability/weekly/1/4/2/${from}/null/`);

async function book(stylistId: number, start: number, minutes: number) {
  const { meta } = await env.DB.prepare('INSERT INTO appointments (salon_id, start_at, end_at, created_at) VALUES (1, ?, ?, 0)')
    .bind(start, start + minutes * 60_000)
    .run();
  await env.DB.prepare(
    'INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at) VALUES (?, 1, NULL, ?, ?, ?)',
  )
    .bind(meta.last_row_id, stylistId, start, start + minutes * 60_000)
    .run();
}

beforeEach(() =>
  emptyDiaries(
    env.DB.prepare('UPDATE stylist_hours SET start_min = 600 WHERE stylist_id = 2'),
    env.DB.prepare('UPDATE salons SET check_ncob_availability_until = 180, skip_today = 0 WHERE id = 1'),
  ),
);

describe('what one call reads', () => {
  it("a change of a stylist's hours shows on the next call, and a procedure that began the evening before still takes the morning", async () => {
    const monday = onOrAfter(addDays(today(), 2), 1);
    expect(Object.keys((await bensSlots(monday)).data)[0]).toBe(`${monday}T10:00:00${offsetOf(monday)}`);
    // Ben now starts at midnight on his working days (as a salon would change his hours).
    await env.DB.prepare('UPDATE stylist_hours SET start_min = 0 WHERE stylist_id = 2').run();
    const fromMidnight = Object.keys((await bensSlots(monday)).data);
    expect(Date.parse(fromMidnight[0]!)).toBe(midnight(monday));
    // Sunday 23:00 to Monday 01:30: the late one takes Monday's first hour and a half.
    await book(2, midnight(monday) - 60 * 60_000, 150);
    const after = Object.keys((await bensSlots(monday)).data);
    expect(Date.parse(after[0]!)).toBe(midnight(monday) + 90 * 60_000);
    expect(after.some((iso) => Date.parse(iso) < midnight(monday) + 90 * 60_000)).toBe(false);
  });

  it("a day far ahead: its bookings take its times in the day's slots and in a weekly view from a later week", async () => {
    const monday = onOrAfter(addDays(today(), 150), 1);
    // years of history and other stylists' days take nothing from Ben's day
    for (const back of [7, 364, 728, 1092]) await book(2, midnight(addDays(monday, -back)) + 10 * 3600_000, 9 * 60);
    await book(1, midnight(monday) + 10 * 3600_000, 9 * 60);
    expect(Object.keys((await bensSlots(monday)).data).length).toBeGreaterThan(10);
    const week = await bensWeeks(addDays(monday, -3));
    expect(week.availability[monday]).toBe(true);

    await book(2, midnight(monday) + 10 * 3600_000, 9 * 60); // Ben's whole Monday
    const slots = await bensSlots(monday);
    expect(slots.data).toEqual({});
    expect(slots.message).toBe(
      "Sorry, it looks like there's no availability for your chosen date. Please select another date to check availability.",
    );
    const later = await bensWeeks(addDays(monday, -3));
    expect(later.availability[monday]).toBe(false);
    expect(later.availability[addDays(monday, 1)]).toBe(true);
    expect(Object.keys(later.availability)[0]).toBe(addDays(monday, -3));
  });

  it('a salon that takes bookings a year ahead: a weekly view beyond the first 181 days sees its bookings', async () => {
    await patchSalon(1, { check_ncob_availability_until: 365 });
    const monday = onOrAfter(addDays(today(), 300), 1);
    const from = addDays(monday, -7);
    expect((await bensWeeks(from)).availability[monday]).toBe(true);
    await book(2, midnight(monday) + 10 * 3600_000, 9 * 60);
    const a = await bensWeeks(from);
    expect(a.availability[monday]).toBe(false);
    expect(a.availability[addDays(monday, 1)]).toBe(true);
    // the answer runs to the salon's last bookable day, not 181 days on
    expect(Object.keys(a.availability).at(-1)).toBe(addDays(today(), 365));
  });
});

/** '+01:00' in summer, '+00:00' in winter. */
function offsetOf(date: string): string {
  const minutes = Math.round((Date.parse(`${date}T00:00:00Z`) - midnight(date)) / 60_000);
  return `+${String(minutes / 60).padStart(2, '0')}:00`;
}
