import { describe, expect, it } from 'vitest';
import { formatDurationRange, formatMoney, formatPriceRange, toMajor, toMinor } from '../../shared/money';

describe('money in the salon currency, 2 decimals', () => {
  it('formats minor units', () => {
    expect(formatMoney(4500, 'GBP', 'GB')).toBe('£45.00');
    expect(formatMoney(3550, 'USD', 'US')).toBe('$35.50');
    expect(formatMoney(0, 'EUR', 'IE')).toBe('€0.00');
  });

  it('converts between the API major units and minor units without float drift', () => {
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMajor(1999)).toBe(19.99);
  });

  it('shows a price, a range, or from for variable pricing', () => {
    expect(formatPriceRange(4500, 4500, false, 'GBP')).toBe('£45.00');
    expect(formatPriceRange(4000, 6500, false, 'GBP')).toBe('£40.00 - £65.00');
    expect(formatPriceRange(12000, 15000, true, 'GBP')).toBe('from £120.00');
  });

  it('shows durations and duration ranges', () => {
    expect(formatDurationRange(45, 45)).toBe('45 min');
    expect(formatDurationRange(60, 60)).toBe('1 hr');
    expect(formatDurationRange(30, 45)).toBe('30 - 45 min');
    expect(formatDurationRange(60, 75)).toBe('1 hr - 1 hr 15 min');
    expect(formatDurationRange(90, 90)).toBe('1 hr 30 min');
  });
});
