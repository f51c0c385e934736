import { describe, expect, it } from 'vitest';
import { monthRangeLabel } from '../../client/lib/salon-time';

describe('the time screen month label', () => {
  it('names one month in full', () => {
    expect(monthRangeLabel('2026-12-01', '2026-12-07')).toBe('December 2026');
  });
  it('shortens two months of one year, naming the year once', () => {
    expect(monthRangeLabel('2026-11-28', '2026-12-02')).toBe('Nov – Dec 2026');
  });
  it('names both years across a year end', () => {
    expect(monthRangeLabel('2026-12-29', '2027-01-02')).toBe('Dec 2026 – Jan 2027');
  });
});
