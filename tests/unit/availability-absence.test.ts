import { describe, expect, it } from 'vitest';
import { salonDays } from '../../worker/availability/calendar';
import {
  daySlots,
  freeRuns,
  mergeIntervals,
  type AvailabilityRequest,
  type StylistCalendar,
  type WorkingHours,
} from '../../worker/availability/engine';

/** Time off and blocks in the engine (issue 48; docs/console/time-off.md): busy even for the waitlist. */

const allDay: WorkingHours = { start: 0, end: 24 * 60, breaks: [] };
const nineToFive: WorkingHours = { start: 9 * 60, end: 17 * 60, breaks: [] };
const at = (iso: string) => Date.parse(iso);

function request(cal: StylistCalendar, extra: Partial<AvailabilityRequest> = {}): AvailabilityRequest {
  return {
    steps: [{ serviceId: 1, options: new Map([[cal.id, { duration: 60, processing: 0 }]]) }],
    stylists: new Map([[cal.id, cal]]),
    sameStylist: false,
    intervalMin: 15,
    notBefore: 0,
    ignoreBusy: false,
    ...extra,
  };
}

const stylist = (hours: WorkingHours, away: [number, number][], busy: [number, number][] = []): StylistCalendar => ({
  id: 1,
  hours: Array(7).fill(hours),
  busy,
  away: mergeIntervals(away),
});

const slots = (date: string, req: AvailabilityRequest, tz = 'Europe/London') =>
  daySlots(salonDays(date, 1, tz)[0]!, req).map((s) => new Date(s.utc).toISOString());

describe('absence in the engine', () => {
  it('a block takes its hour and the hour before it (a one-hour service) off the day, nothing else', () => {
    const req = request(stylist(nineToFive, [[at('2026-06-10T10:00:00Z'), at('2026-06-10T11:00:00Z')]])); // 11:00-12:00 BST
    const times = slots('2026-06-10', req);
    expect(times).toContain('2026-06-10T09:00:00.000Z'); // 10:00 BST ends as the block starts
    expect(times).not.toContain('2026-06-10T09:15:00.000Z');
    expect(times).not.toContain('2026-06-10T10:45:00.000Z');
    expect(times).toContain('2026-06-10T11:00:00.000Z');
  });

  it('time off across the clock going back (London, last Sunday of October: a 25-hour day) takes exactly its instants', () => {
    // 01:00 BST to 01:30 GMT: an hour and a half of real time, while the wall clock's 01:00-02:00 passes twice
    const away: [number, number][] = [[at('2026-10-25T00:00:00Z'), at('2026-10-25T01:30:00Z')]];
    const times = slots('2026-10-25', request(stylist(allDay, away)));
    expect(times[0]).toBe('2026-10-24T23:00:00.000Z'); // 00:00 BST, the day's first minute
    expect(times).not.toContain('2026-10-24T23:15:00.000Z');
    expect(times).not.toContain('2026-10-25T01:15:00.000Z');
    expect(times).toContain('2026-10-25T01:30:00.000Z');
    expect(times.at(-1)).toBe('2026-10-25T23:00:00.000Z'); // 23:00 GMT, the last hour of 25
  });

  it('time off across the clock going forward (last Sunday of March) and across midnight', () => {
    // Saturday 22:00 GMT to Sunday 03:00 BST (02:00 UTC): the evening, midnight and the lost hour
    const away: [number, number][] = [[at('2027-03-27T22:00:00Z'), at('2027-03-28T02:00:00Z')]];
    const req = request(stylist(allDay, away));
    const saturday = slots('2027-03-27', req);
    expect(saturday.at(-1)).toBe('2027-03-27T21:00:00.000Z');
    const sunday = slots('2027-03-28', req);
    expect(sunday[0]).toBe('2027-03-28T02:00:00.000Z'); // 03:00 BST
    expect(sunday.at(-1)).toBe('2027-03-28T22:00:00.000Z'); // 23:00 BST
  });

  it('counts for the waitlist, which ignores appointments', () => {
    const busy: [number, number][] = [[at('2026-06-10T08:00:00Z'), at('2026-06-10T16:00:00Z')]];
    const away: [number, number][] = [[at('2026-06-10T13:00:00Z'), at('2026-06-10T16:00:00Z')]];
    const cal = stylist(nineToFive, away, busy);
    expect(slots('2026-06-10', request(cal))).toEqual([]);
    const waitlist = slots('2026-06-10', request(cal, { ignoreBusy: true }));
    expect(waitlist[0]).toBe('2026-06-10T08:00:00.000Z');
    expect(waitlist.at(-1)).toBe('2026-06-10T12:00:00.000Z');
  });

  it('a day wholly away has no free time at all, and the next day is whole again', () => {
    const cal = stylist(nineToFive, [[at('2026-06-09T23:00:00Z'), at('2026-06-10T23:00:00Z')]]);
    const [wed, thu] = salonDays('2026-06-10', 2, 'Europe/London');
    expect(freeRuns(wed!, cal, true)).toBeNull();
    expect(slots('2026-06-11', request(cal))).toHaveLength(29);
    expect(freeRuns(thu!, cal, false)).not.toBeNull();
  });

  it('merges absence that overlaps or touches into disjoint intervals by start', () => {
    expect(
      mergeIntervals([
        [50, 60],
        [10, 20],
        [20, 30],
        [15, 25],
        [40, 45],
      ]),
    ).toEqual([
      [10, 30],
      [40, 45],
      [50, 60],
    ]);
  });
});
