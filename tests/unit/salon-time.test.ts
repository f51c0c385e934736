import { describe, expect, it } from 'vitest';
import { salonTimeToIso } from '../../shared/console/salon-time';

// A time typed at the desk (moving an appointment, a booking at any free time) is the salon's.
describe('salonTimeToIso', () => {
  it("reads the time in the salon's timezone, with that day's offset", () => {
    expect(salonTimeToIso('2026-12-29T10:30', 'Europe/London')).toBe('2026-12-29T10:30:00.000Z');
    expect(salonTimeToIso('2026-07-01T10:30', 'Europe/London')).toBe('2026-07-01T09:30:00.000Z');
    expect(salonTimeToIso('2026-12-29T10:30', 'America/New_York')).toBe('2026-12-29T15:30:00.000Z');
  });

  it('is right on either side of a clock change', () => {
    // London goes to summer time at 01:00 GMT on 28 March 2027
    expect(salonTimeToIso('2027-03-28T00:30', 'Europe/London')).toBe('2027-03-28T00:30:00.000Z');
    expect(salonTimeToIso('2027-03-28T03:00', 'Europe/London')).toBe('2027-03-28T02:00:00.000Z');
    // and back at 01:00 GMT on 31 October 2027
    expect(salonTimeToIso('2027-10-31T09:00', 'Europe/London')).toBe('2027-10-31T09:00:00.000Z');
  });

  it('answers nothing for what is not a date and time', () => {
    for (const text of ['', '2026-12-29', '10:30', '2026-12-29T10:30:00Z', '2026-13-45T99:99'])
      expect(salonTimeToIso(text, 'Europe/London')).toBe('');
  });
});
