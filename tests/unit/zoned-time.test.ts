import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { localIso, salonDays } from '../../worker/availability/calendar';
import { fromZonedWall, longDayOf, shortDayOf, shortWhenOf, zonedTime } from '../../shared/zoned-time';

// Every half hour across both of London's and Sydney's clock changes, midnight and month ends:
// the Worker's texts read them as date-fns' `format` did before.
const ZONES = ['Europe/London', 'Australia/Sydney', 'America/New_York', 'Asia/Kolkata', 'UTC'];
const instants: number[] = [];
for (const from of [
  '2026-03-28T00:00:00Z',
  '2026-10-24T00:00:00Z',
  '2026-04-04T00:00:00Z',
  '2026-12-31T12:00:00Z',
  '2026-09-30T20:00:00Z',
]) {
  for (let i = 0; i < 4 * 48; i++) instants.push(Date.parse(from) + i * 30 * 60_000 + (i % 3) * 7_000);
}

describe('zonedTime: an instant on the salon’s wall clock', () => {
  it.each(ZONES)('reads as date-fns-tz does in %s', (zone) => {
    for (const t of instants) {
      const z = zonedTime(t, zone);
      expect(z.date).toBe(formatInTimeZone(t, zone, 'yyyy-MM-dd'));
      expect(z.time).toBe(formatInTimeZone(t, zone, 'HH:mm'));
      expect(z.hour).toBe(Number(formatInTimeZone(t, zone, 'H')));
      expect(shortDayOf(z)).toBe(formatInTimeZone(t, zone, 'EEE d MMM'));
      expect(longDayOf(z)).toBe(formatInTimeZone(t, zone, 'EEEE d MMMM'));
      expect(shortWhenOf(t, zone)).toBe(formatInTimeZone(t, zone, "EEE d MMM 'at' HH:mm"));
    }
  });

  it('writes the local time with its offset on a clock change’s day', () => {
    const [spring] = salonDays('2026-03-29', 1, 'Europe/London');
    expect(spring!.uniform).toBe(false);
    expect(localIso(spring!, Date.parse('2026-03-29T00:30:00Z'))).toBe('2026-03-29T00:30:00+00:00');
    expect(localIso(spring!, Date.parse('2026-03-29T01:30:00Z'))).toBe('2026-03-29T02:30:00+01:00');
    const [autumn] = salonDays('2026-10-04', 1, 'Australia/Sydney');
    expect(localIso(autumn!, Date.parse('2026-10-03T15:00:00Z'))).toBe('2026-10-04T01:00:00+10:00');
    expect(localIso(autumn!, Date.parse('2026-10-03T16:00:00Z'))).toBe('2026-10-04T03:00:00+11:00');
  });

  it('refuses an unknown timezone as Intl does', () => {
    expect(() => zonedTime(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('fromZonedWall: a wall-clock time on the salon’s calendar as an instant', () => {
  // every quarter hour of the days the clocks change (the skipped hour and the repeated one), and ordinary days
  const days = ['2026-03-29', '2026-10-25', '2026-04-05', '2026-10-04', '2026-03-08', '2026-11-01', '2026-12-31', '2027-01-01'];
  const pad = (n: number) => String(n).padStart(2, '0');
  it.each([...ZONES, 'Australia/Lord_Howe', 'America/St_Johns'])('resolves as date-fns-tz’s fromZonedTime does in %s', (zone) => {
    for (const day of days)
      for (let q = 0; q < 96; q++) {
        const local = `${day}T${pad(Math.floor(q / 4))}:${pad((q % 4) * 15)}:00`;
        expect(fromZonedWall(local, zone), `${local} ${zone}`).toBe(fromZonedTime(local, zone).getTime());
      }
  });

  it('is NaN for a text that is not a wall-clock time, and refuses an unknown timezone', () => {
    expect(fromZonedWall('2026-12-29 10:30', 'Europe/London')).toBeNaN();
    expect(fromZonedWall('2026-13-45T99:99', 'Europe/London')).toBeNaN();
    expect(fromZonedWall('2026-02-30T10:00:00', 'Europe/London')).toBeNaN();
    expect(fromZonedWall('2026-12-29T10:30', 'Europe/London')).toBe(Date.parse('2026-12-29T10:30:00Z'));
    expect(() => fromZonedWall('2026-12-29T10:30:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});
