import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../scripts/lib.mjs';
import { HOUR, MINUTE, salonDays, type SalonDay } from '../../worker/availability/calendar';
import { daySlots, hasSlot, type AvailabilityRequest, type StylistCalendar, type WorkingHours } from '../../worker/availability/engine';

// The weekly view asks hasSlot (stylists tried one at a time, first fit wins) where it used to
// ask for the day's first slot of all stylists; both must agree on every day.

const rand = seededRandom(7);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

function randomStylist(id: number, day: SalonDay): StylistCalendar {
  const start = pick([0, 480, 540, 600]);
  const end = start + pick([240, 480, 600]);
  const lunch = rand() < 0.5;
  const hours: WorkingHours = { start, end, breakStart: lunch ? start + 180 : null, breakEnd: lunch ? start + 210 : null };
  const busy: [number, number][] = [];
  // Busy times from the evening before (reaching past midnight) to the end of the day.
  let at = day.startUtc - 2 * HOUR + Math.floor(rand() * 8) * 15 * MINUTE;
  while (at < day.endUtc) {
    const length = pick([15, 30, 45, 60, 90, 150]) * MINUTE;
    if (rand() < 0.45) busy.push([at, at + length]);
    at += length + Math.floor(rand() * 4) * 15 * MINUTE;
  }
  return { id, hours: [hours, hours, hours, hours, hours, hours, hours], daysOff: new Set(), busy };
}

function randomRequest(day: SalonDay): AvailabilityRequest {
  const ids = Array.from({ length: 1 + Math.floor(rand() * 5) }, (_, i) => i + 1);
  const stylists = new Map(ids.map((id) => [id, randomStylist(id, day)]));
  const steps = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => {
    const chosen = rand() < 0.3 ? [pick(ids)] : ids.filter(() => rand() < 0.8);
    return {
      serviceId: i + 1,
      options: new Map(chosen.map((id) => [id, { duration: pick([15, 30, 45, 60, 120]), processing: pick([0, 0, 15, 30]) }])),
    };
  });
  return {
    steps,
    stylists,
    sameStylist: rand() < 0.5,
    intervalMin: pick([5, 10, 15, 20, 30, 60]),
    notBefore: rand() < 0.5 ? 0 : day.startUtc + Math.floor(rand() * 20 * 60) * MINUTE,
    ignoreBusy: rand() < 0.1,
  };
}

describe('whether a day has a bookable time', () => {
  it('agrees with the day’s slots for 3,000 random salons, bookings and days (DST days included)', () => {
    const days = [
      ...salonDays('2026-03-28', 3, 'Europe/London'),
      ...salonDays('2026-10-24', 3, 'Europe/London'),
      ...salonDays('2026-06-10', 2, 'America/New_York'),
      ...salonDays('2026-06-10', 1, 'Asia/Kathmandu'),
    ];
    let open = 0;
    for (let i = 0; i < 3000; i++) {
      const day = pick(days);
      const req = randomRequest(day);
      const expected = daySlots(day, req).length > 0;
      expect(hasSlot(day, req), `case ${i} on ${day.date}`).toBe(expected);
      if (expected) open++;
    }
    // both answers occur often enough for the comparison to mean something
    expect(open).toBeGreaterThan(600);
    expect(open).toBeLessThan(2400);
  });

  it('finds no time when the only stylist is busy all day, and one when a gap fits', () => {
    const day = salonDays('2026-06-10', 1, 'Europe/London')[0]!;
    const nineToFive: WorkingHours = { start: 540, end: 1020, breakStart: null, breakEnd: null };
    /** local wall-clock hour h of the day (no DST change on it) */
    const at = (h: number) => day.startUtc + h * HOUR;
    const cal = (busy: [number, number][]): StylistCalendar => ({ id: 1, hours: Array(7).fill(nineToFive), daysOff: new Set(), busy });
    const req = (c: StylistCalendar): AvailabilityRequest => ({
      steps: [{ serviceId: 1, options: new Map([[1, { duration: 60, processing: 0 }]]) }],
      stylists: new Map([[1, c]]),
      sameStylist: false,
      intervalMin: 15,
      notBefore: 0,
      ignoreBusy: false,
    });
    const openWith = (...busy: [number, number][]) => hasSlot(day, req(cal(busy)));
    expect(openWith()).toBe(true);
    expect(openWith([at(9), at(17)])).toBe(false);
    expect(openWith([at(9), at(12)], [at(13), at(17)])).toBe(true);
    expect(openWith([at(9), at(12)], [at(12) + 45 * MINUTE, at(17)])).toBe(false);
  });
});
