import { describe, expect, it } from 'vitest';
import { localIso, salonDays } from '../../worker/availability/calendar';
import { daySlots, type AvailabilityRequest, type StylistCalendar, type WorkingHours } from '../../worker/availability/engine';
import { strandedBy, withinHours } from '../../worker/availability/stranded';

// Several breaks a day and extra working days (issue 48, docs/console/stylists.md), on the days
// the clocks change: the engine's times are wall-clock times of the salon, each real instant once.

/** Tuesday to Saturday 09:00-17:00 with two breaks: 11:00-11:30 and 14:00-15:00 (weekday 0 Sunday). */
const twoBreaks: WorkingHours = {
  start: 9 * 60,
  end: 17 * 60,
  breaks: [
    [11 * 60, 11 * 60 + 30],
    [14 * 60, 15 * 60],
  ],
};
const week = [undefined, undefined, twoBreaks, twoBreaks, twoBreaks, twoBreaks, twoBreaks];

function calendar(extra: [string, WorkingHours][] = []): StylistCalendar {
  return { id: 1, hours: week, extraDays: new Map(extra), busy: [], away: [] };
}

function request(cal: StylistCalendar, minutes = 30): AvailabilityRequest {
  return {
    steps: [{ serviceId: 1, options: new Map([[1, { duration: minutes, processing: 0 }]]) }],
    stylists: new Map([[1, cal]]),
    sameStylist: false,
    intervalMin: 15,
    notBefore: 0,
    ignoreBusy: false,
  };
}

const times = (date: string, tz: string, req: AvailabilityRequest) => {
  const day = salonDays(date, 1, tz)[0]!;
  return daySlots(day, req).map((s) => localIso(day, s.utc));
};
const clock = (list: string[]) => list.map((iso) => iso.slice(11, 16));

describe('several breaks a day', () => {
  it('keeps each break free: a 30-minute service fits before each, never across', () => {
    const t = clock(times('2026-06-09', 'Europe/London', request(calendar())));
    expect(t[0]).toBe('09:00');
    expect(t).toContain('10:30');
    expect(t).not.toContain('10:45');
    expect(t.filter((x) => x >= '11:00' && x < '11:30')).toEqual([]);
    expect(t).toContain('13:30');
    expect(t.filter((x) => x > '13:30' && x < '15:00')).toEqual([]);
    expect(t.at(-1)).toBe('16:30');
    // 09:00-10:30, 11:30-13:30, 15:00-16:30 every 15 minutes
    expect(t).toHaveLength(7 + 9 + 7);
  });

  it('on the days the clocks change the breaks stay at their wall-clock times', () => {
    // Europe/London: Tuesday 2026-03-31 is after the spring change; the change days themselves are Sundays
    for (const [date, tz, offset] of [
      ['2026-03-31', 'Europe/London', '+01:00'],
      ['2026-10-27', 'Europe/London', '+00:00'],
    ] as const) {
      const list = times(date, tz, request(calendar()));
      expect(list[0]).toBe(`${date}T09:00:00${offset}`);
      expect(clock(list)).not.toContain('11:00');
      expect(clock(list)).not.toContain('14:00');
    }
  });
});

describe('extra working days', () => {
  it('an extra day on a day not worked weekly (a Sunday with a clock change) is offered at its wall-clock hours, breaks kept', () => {
    const sunday: WorkingHours = { start: 10 * 60, end: 14 * 60, breaks: [[12 * 60, 12 * 60 + 30]] };
    // 2026-03-29: the clocks go forward at 01:00 in London; 2026-10-25: back at 02:00
    for (const [date, offset] of [
      ['2026-03-29', '+01:00'],
      ['2026-10-25', '+00:00'],
    ] as const) {
      expect(times(date, 'Europe/London', request(calendar()))).toEqual([]);
      const list = times(date, 'Europe/London', request(calendar([[date, sunday]])));
      expect(list[0]).toBe(`${date}T10:00:00${offset}`);
      expect(clock(list)).toEqual([
        '10:00',
        '10:15',
        '10:30',
        '10:45',
        '11:00',
        '11:15',
        '11:30',
        '12:30',
        '12:45',
        '13:00',
        '13:15',
        '13:30',
      ]);
    }
  });

  it('replaces a worked weekday’s hours on its date only; a day wholly off still wins', () => {
    const short: WorkingHours = { start: 12 * 60, end: 13 * 60, breaks: [] };
    const cal = calendar([['2026-06-09', short]]);
    expect(clock(times('2026-06-09', 'Europe/London', request(cal)))).toEqual(['12:00', '12:15', '12:30']);
    expect(clock(times('2026-06-16', 'Europe/London', request(cal)))[0]).toBe('09:00');
    const off = { ...cal, away: [[Date.parse('2026-06-08T23:00:00Z'), Date.parse('2026-06-09T23:00:00Z')] as const] };
    expect(times('2026-06-09', 'Europe/London', request(off))).toEqual([]);
  });
});

describe('appointments a change of hours would strand', () => {
  const before = { hours: [{ weekday: 2, start: '09:00', end: '17:00', breaks: [] }], extra_days: [] };
  const at = (iso: string, minutes: number) => ({ start_at: Date.parse(iso), end_at: Date.parse(iso) + minutes * 60_000 });

  it('counts one inside the old hours and outside the new (a shortened day, a new break), not one already outside', () => {
    const late = at('2026-06-09T15:00:00Z', 30); // 16:00 BST
    const lunch = at('2026-06-09T11:00:00Z', 30); // 12:00 BST
    const early = at('2026-06-09T06:00:00Z', 30); // 07:00 BST, booked over the hours on purpose
    const after = { hours: [{ weekday: 2, start: '09:00', end: '15:00', breaks: [{ start: '12:00', end: '12:30' }] }], extra_days: [] };
    expect(strandedBy([late, lunch, early], before, after, 'Europe/London')).toEqual([late, lunch]);
    expect(strandedBy([late, lunch, early], before, before, 'Europe/London')).toEqual([]);
  });

  it('reads the local day across a clock change: an extra day’s hours hold on its date', () => {
    const sunday = at('2026-10-25T10:00:00Z', 60); // 10:00 GMT, after the change
    const week = { hours: [], extra_days: [{ date: '2026-10-25', start: '09:00', end: '12:00', breaks: [] }] };
    expect(withinHours(sunday, week, 'Europe/London')).toBe(true);
    expect(withinHours(sunday, { ...week, extra_days: [{ ...week.extra_days[0]!, end: '10:30' }] }, 'Europe/London')).toBe(false);
  });
});
