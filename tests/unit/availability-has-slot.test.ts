import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../scripts/lib.mjs';
import { HOUR, MINUTE, salonDays, type SalonDay } from '../../worker/availability/calendar';
import {
  assignmentsAt,
  daySlots,
  hasSlot,
  type AvailabilityRequest,
  type StylistCalendar,
  type WorkingHours,
} from '../../worker/availability/engine';
import { withinOpeningHours } from '../../shared/opening-hours';
import type { WeekHours } from '../../shared/salon-identity';

// The weekly view asks hasSlot (stylists tried one at a time, first fit wins) where it used to
// ask for the day's first slot of all stylists; both must agree on every day.

const rand = seededRandom(7);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

function randomStylist(id: number, day: SalonDay): StylistCalendar {
  const start = pick([0, 480, 540, 600]);
  const end = start + pick([240, 480, 600]);
  const lunch = rand() < 0.5;
  const hours: WorkingHours = { start, end, breaks: lunch ? [[start + 180, start + 210]] : [] };
  const busy: [number, number][] = [];
  // Busy times from the evening before (reaching past midnight) to the end of the day.
  let at = day.startUtc - 2 * HOUR + Math.floor(rand() * 8) * 15 * MINUTE;
  while (at < day.endUtc) {
    const length = pick([15, 30, 45, 60, 90, 150]) * MINUTE;
    if (rand() < 0.45) busy.push([at, at + length]);
    at += length + Math.floor(rand() * 4) * 15 * MINUTE;
  }
  return { id, hours: [hours, hours, hours, hours, hours, hours, hours], busy, away: [] };
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

  it('with opening hours: every offered time keeps each service, processing included, inside one opening (600 random days, DST days included)', () => {
    const days = [
      ...salonDays('2026-03-28', 3, 'Europe/London'),
      ...salonDays('2026-10-24', 3, 'Europe/London'),
      ...salonDays('2026-06-10', 2, 'America/New_York'),
    ];
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    let offered = 0;
    let narrowed = 0;
    for (let i = 0; i < 600; i++) {
      const day = pick(days);
      const req = randomRequest(day);
      // one to three openings a day, on 5-minute marks or not, some closed days
      const openings: [number, number][] = [];
      let at = pick([0, 420, 510, 540, 557]);
      for (let k = pick([0, 1, 1, 2, 3]); k > 0 && at < 1380; k--) {
        const close = Math.min(1440, at + pick([120, 240, 333, 480]));
        openings.push([at, close]);
        at = close + pick([30, 60, 97]);
      }
      const week: WeekHours = Array.from({ length: 7 }, () => openings.map(([o, c]) => ({ open: hhmm(o), close: hhmm(c) })));
      const bounded = { ...req, openings: Array.from({ length: 7 }, () => openings) };
      const slots = daySlots(day, bounded);
      const all = new Set(daySlots(day, req).map((x) => x.utc));
      expect(hasSlot(day, bounded), `case ${i}`).toBe(slots.length > 0);
      for (const slot of slots) {
        expect(all.has(slot.utc), `case ${i}: an offered time the stylists cannot take`).toBe(true);
        const first = assignmentsAt(day, bounded, slot.utc, 1).first!;
        // the services follow one another, so the booking fits one opening when each service does
        const last = first.at(-1)!;
        const t = req.steps.at(-1)!.options.get(last.stylistId)!;
        const end = last.start + (t.duration + t.processing) * MINUTE;
        expect(withinOpeningHours(week, day.timezone, slot.utc, end), `case ${i} at ${new Date(slot.utc).toISOString()}`).toBe(true);
      }
      offered += slots.length;
      narrowed += all.size - slots.length;
    }
    // both occur often enough for the check to mean something (2,285 offered, 5,060 left out)
    expect(offered).toBeGreaterThan(1500);
    expect(narrowed).toBeGreaterThan(3000);
  });

  it('finds no time when the only stylist is busy all day, and one when a gap fits', () => {
    const day = salonDays('2026-06-10', 1, 'Europe/London')[0]!;
    const nineToFive: WorkingHours = { start: 540, end: 1020, breaks: [] };
    /** local wall-clock hour h of the day (no DST change on it) */
    const at = (h: number) => day.startUtc + h * HOUR;
    const cal = (busy: [number, number][]): StylistCalendar => ({ id: 1, hours: Array(7).fill(nineToFive), busy, away: [] });
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
