import { describe, expect, it } from 'vitest';
import { HOUR, localIso, salonDays } from '../../worker/availability/calendar';
import {
  dayAvailability,
  daySlots,
  type AvailabilityRequest,
  type StylistCalendar,
  type WorkingHours,
} from '../../worker/availability/engine';

const allWeek = (h: WorkingHours): WorkingHours[] => [h, h, h, h, h, h, h];
const nineToFive: WorkingHours = { start: 9 * 60, end: 17 * 60, breaks: [] };

function stylist(
  id: number,
  hours: (WorkingHours | undefined)[] = allWeek(nineToFive),
  busy: [number, number][] = [],
  away: [number, number][] = [],
): StylistCalendar {
  return { id, hours, busy, away };
}

function request(
  stylists: StylistCalendar[],
  steps: [number, [number, number, number][]][],
  extra: Partial<AvailabilityRequest> = {},
): AvailabilityRequest {
  return {
    steps: steps.map(([serviceId, opts]) => ({
      serviceId,
      options: new Map(opts.map(([id, duration, processing]) => [id, { duration, processing }])),
    })),
    stylists: new Map(stylists.map((s) => [s.id, s])),
    sameStylist: false,
    intervalMin: 15,
    notBefore: 0,
    ignoreBusy: false,
    ...extra,
  };
}

function slotsOf(date: string, tz: string, req: AvailabilityRequest) {
  const day = salonDays(date, 1, tz)[0]!;
  return daySlots(day, req).map((s) => ({ iso: localIso(day, s.utc), utc: new Date(s.utc).toISOString(), count: s.count }));
}

const oneHourWithAnyone = (ids: number[]) =>
  [[1, ids.map((id) => [id, 60, 0] as [number, number, number])]] as [number, [number, number, number][]][];

describe('slots of a day', () => {
  it('offers every 15 minutes inside working hours where the service fits', () => {
    const s = slotsOf('2026-06-10', 'Europe/London', request([stylist(1)], oneHourWithAnyone([1])));
    expect(s[0]).toMatchObject({ iso: '2026-06-10T09:00:00+01:00', utc: '2026-06-10T08:00:00.000Z' });
    expect(s.at(-1)!.iso).toBe('2026-06-10T16:00:00+01:00');
    expect(s).toHaveLength(29);
  });

  it('keeps breaks, days off and existing appointments free of bookings', () => {
    const lunch: WorkingHours = { ...nineToFive, breaks: [[12 * 60, 13 * 60]] };
    const busy: [number, number][] = [[Date.parse('2026-06-10T09:00:00Z'), Date.parse('2026-06-10T10:00:00Z')]]; // 10:00-11:00 BST
    const req = request(
      [stylist(1, allWeek(lunch), busy, [[Date.parse('2026-06-10T23:00:00Z'), Date.parse('2026-06-11T23:00:00Z')]])],
      oneHourWithAnyone([1]),
    );
    const times = slotsOf('2026-06-10', 'Europe/London', req).map((s) => s.iso.slice(11, 16));
    expect(times).not.toContain('09:15'); // would run into the 10:00 appointment
    expect(times).toContain('09:00');
    expect(times).not.toContain('10:30');
    expect(times).toContain('11:00');
    expect(times).not.toContain('11:15'); // would run into lunch
    expect(times).toContain('13:00');
    expect(slotsOf('2026-06-11', 'Europe/London', req)).toEqual([]);
  });

  it("counts the stylists who can take a time with 'I don't mind'", () => {
    const busy: [number, number][] = [[Date.parse('2026-06-10T08:00:00Z'), Date.parse('2026-06-10T09:00:00Z')]];
    const s = slotsOf('2026-06-10', 'Europe/London', request([stylist(1, undefined, busy), stylist(2)], oneHourWithAnyone([1, 2])));
    expect(s.find((x) => x.iso.includes('T09:00'))!.count).toBe(1);
    expect(s.find((x) => x.iso.includes('T10:00'))!.count).toBe(2);
  });

  it('sequences services: the next starts after duration plus processing', () => {
    // colour 45 min + 30 processing with stylist 1, then a 45 min blow dry with stylist 2 who starts at 14:00
    const late: WorkingHours = { start: 14 * 60, end: 17 * 60, breaks: [] };
    const req = request(
      [stylist(1), stylist(2, allWeek(late))],
      [
        [4, [[1, 45, 30]]],
        [8, [[2, 45, 0]]],
      ],
    );
    const times = slotsOf('2026-06-10', 'Europe/London', req).map((s) => s.iso.slice(11, 16));
    expect(times[0]).toBe('12:45'); // 12:45 + 75 min = 14:00
    expect(times.at(-1)).toBe('15:00'); // 15:00 + 75 = 16:15, ends 17:00
  });

  it('narrows later services to the first stylist when book_ncob_with_same is set', () => {
    // stylist 2 is busy all afternoon; with sameStylist the second service must also be stylist 1 or 2's own
    const busy2: [number, number][] = [[Date.parse('2026-06-10T11:00:00Z'), Date.parse('2026-06-10T16:00:00Z')]];
    const steps: [number, [number, number, number][]][] = [
      [
        1,
        [
          [1, 60, 0],
          [2, 60, 0],
        ],
      ],
      [
        2,
        [
          [1, 60, 0],
          [2, 60, 0],
        ],
      ],
    ];
    const free = slotsOf('2026-06-10', 'Europe/London', request([stylist(1), stylist(2, undefined, busy2)], steps));
    const same = slotsOf('2026-06-10', 'Europe/London', request([stylist(1), stylist(2, undefined, busy2)], steps, { sameStylist: true }));
    const at11 = (list: typeof free) => list.find((s) => s.iso.includes('T11:00'))?.count;
    expect(at11(free)).toBe(2); // stylist 2 at 11-12 then stylist 1 at 12-13
    expect(at11(same)).toBe(1); // only stylist 1 can do both
  });

  it('never offers a time before notBefore', () => {
    const notBefore = Date.parse('2026-06-10T12:05:00Z');
    const s = slotsOf('2026-06-10', 'Europe/London', request([stylist(1)], oneHourWithAnyone([1]), { notBefore }));
    expect(s[0]!.iso).toBe('2026-06-10T13:15:00+01:00');
  });

  it('offers working hours without appointments for a waitlist', () => {
    const busy: [number, number][] = [[Date.parse('2026-06-10T08:00:00Z'), Date.parse('2026-06-10T16:00:00Z')]];
    expect(slotsOf('2026-06-10', 'Europe/London', request([stylist(1, undefined, busy)], oneHourWithAnyone([1])))).toEqual([]);
    expect(
      slotsOf('2026-06-10', 'Europe/London', request([stylist(1, undefined, busy)], oneHourWithAnyone([1]), { ignoreBusy: true })),
    ).toHaveLength(29);
  });
});

describe('across DST changes', () => {
  const labels = (list: { iso: string }[]) => list.map((s) => s.iso.slice(11, 16));

  it.each([
    ['Europe/London', '2026-03-29', '2026-03-22', '+01:00', '08:00'],
    ['Europe/London', '2026-10-25', '2026-10-18', '+00:00', '09:00'],
    ['America/New_York', '2026-03-08', '2026-03-01', '-04:00', '13:00'],
    ['America/New_York', '2026-11-01', '2026-10-25', '-05:00', '14:00'],
  ])('%s on %s: the same times as a week before, none lost or doubled', (tz, changeDay, weekBefore, offset, firstUtc) => {
    const req = request([stylist(1)], oneHourWithAnyone([1]));
    const change = slotsOf(changeDay, tz, req);
    expect(labels(change)).toEqual(labels(slotsOf(weekBefore, tz, req)));
    expect(new Set(change.map((s) => s.utc)).size).toBe(change.length);
    expect(change[0]!.iso).toBe(`${changeDay}T09:00:00${offset}`);
    expect(change[0]!.utc).toBe(`${changeDay}T${firstUtc}:00.000Z`);
  });

  it('a night shift over the change: every real instant once, in order', () => {
    const night: WorkingHours = { start: 0, end: 4 * 60, breaks: [] };
    const req = request([stylist(1, allWeek(night))], [[1, [[1, 15, 0]]]]);
    const back = slotsOf('2026-11-01', 'America/New_York', req);
    const forward = slotsOf('2026-03-08', 'America/New_York', req);
    expect(back).toHaveLength(5 * 4 - 0); // 00:00-04:00 local is 5 real hours on fall-back day
    expect(forward).toHaveLength(3 * 4); // and 3 on spring-forward day
    for (const list of [back, forward]) {
      const utcs = list.map((s) => Date.parse(s.utc));
      expect(utcs.every((u, i) => i === 0 || u - utcs[i - 1]! === 15 * 60_000)).toBe(true);
      expect(new Set(list.map((s) => s.iso)).size).toBe(list.length);
    }
    expect(labels(forward)).not.toContain('02:00');
  });

  it('measures the 48-hour patch lead in real hours across the spring change', () => {
    const patch = Date.parse('2026-03-27T10:00:00Z'); // Friday 10:00 GMT
    const req = request([stylist(1)], oneHourWithAnyone([1]), { notBefore: patch + 48 * HOUR });
    const sunday = slotsOf('2026-03-29', 'Europe/London', req);
    expect(sunday[0]!.iso).toBe('2026-03-29T11:00:00+01:00'); // 10:00 BST would be only 47 hours later
  });
});

describe('days over the horizon', () => {
  it('finds the first available day and stops at the last bookable date', () => {
    const days = salonDays('2026-06-08', 30, 'Europe/London');
    const offMonTue = stylist(1, [undefined, undefined, undefined, nineToFive, nineToFive, nineToFive, undefined]);
    const { availability, firstAvailable } = dayAvailability(days, request([offMonTue], oneHourWithAnyone([1])), '2026-06-14');
    expect(firstAvailable).toBe('2026-06-10');
    expect(availability).toEqual({
      '2026-06-08': false,
      '2026-06-09': false,
      '2026-06-10': true,
      '2026-06-11': true,
      '2026-06-12': true,
      '2026-06-13': false,
      '2026-06-14': false,
    });
  });

  it('still finds a first day beyond the last bookable date', () => {
    const days = salonDays('2026-06-08', 30, 'Europe/London');
    const away = stylist(
      1,
      undefined,
      [],
      [[Date.parse('2026-06-07T23:00:00Z'), Date.parse('2026-06-27T23:00:00Z')]], // 8 to 27 June, London summer time
    );
    const { availability, firstAvailable } = dayAvailability(days, request([away], oneHourWithAnyone([1])), '2026-06-14');
    expect(firstAvailable).toBe('2026-06-28');
    expect(Object.values(availability).every((v) => !v)).toBe(true);
  });
});
