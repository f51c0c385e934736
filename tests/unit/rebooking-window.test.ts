import { describe, expect, it } from 'vitest';
import { canGoEarlier, dayKey, earlierStart, isLimited, laterStart, windowDays, windowStart } from '../../client/features/rebooking/window';

// docs/booking/accounts-and-money.md §4 Older rebooking, §9: a window of 3 days starting tomorrow (or a
// given day), one day earlier but never before today, one day later; fewer than 12 times is limited.

const today = '2026-03-30';

describe('the window start', () => {
  it('is tomorrow by default, across a month end', () => {
    expect(windowStart(null, today)).toBe('2026-03-31');
    expect(windowStart(null, '2026-03-31')).toBe('2026-04-01');
    expect(windowStart(null, '2026-12-31')).toBe('2027-01-01');
  });
  it('is a given day from today on', () => {
    expect(windowStart('2026-03-30', today)).toBe('2026-03-30');
    expect(windowStart('2026-05-02', today)).toBe('2026-05-02');
  });
  it('ignores a given day before today or not a date, and starts tomorrow', () => {
    expect(windowStart('2026-03-29', today)).toBe('2026-03-31');
    expect(windowStart('2026-02-30', today)).toBe('2026-03-31');
    expect(windowStart('soon', today)).toBe('2026-03-31');
    expect(windowStart('', today)).toBe('2026-03-31');
  });
});

describe('the window', () => {
  it('shows 3 days in order', () => {
    expect(windowDays('2026-03-30')).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
  });
  it('moves one day earlier, never before today, and EARLIER is off at today', () => {
    expect(canGoEarlier('2026-03-31', today)).toBe(true);
    expect(earlierStart('2026-03-31', today)).toBe(today);
    expect(canGoEarlier(today, today)).toBe(false);
    expect(earlierStart(today, today)).toBe(today);
    expect(earlierStart('2026-03-01', today)).toBe(today);
  });
  it('moves one day later', () => {
    expect(laterStart('2026-03-31')).toBe('2026-04-01');
  });
  it('keys a day as the availability answer does', () => {
    expect(dayKey('2026-04-01')).toBe('20260401');
  });
  it('calls fewer than 12 times (none included) limited', () => {
    const times = (n: number) => Array.from({ length: n }, (_, i) => `2026-04-01T${String(8 + i).padStart(2, '0')}:00:00Z`);
    expect(isLimited(times(0))).toBe(true);
    expect(isLimited(times(11))).toBe(true);
    expect(isLimited(times(12))).toBe(false);
  });
});
