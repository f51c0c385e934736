import { describe, expect, it } from 'vitest';
import { addMonths } from '../../shared/dates';
import { hasAtMost2Decimals } from '../../shared/money';
import { expiryDateOf, newVoucherCode } from '../../worker/payments/voucher-rules';

describe('voucher rules', () => {
  it('adds months to a date, keeping to the last day of a shorter month', () => {
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('dates the expiry from the paid day in the salon timezone', () => {
    // 23:30 UTC on 31 Dec 2026 is already 1 Jan 2027 in Auckland, still 31 Dec in London.
    const paidAt = Date.UTC(2026, 11, 31, 23, 30);
    expect(expiryDateOf(paidAt, 'Europe/London', 12)).toBe('2027-12-31');
    expect(expiryDateOf(paidAt, 'Pacific/Auckland', 12)).toBe('2028-01-01');
  });

  it('accepts amounts with at most 2 decimals', () => {
    expect([25, 25.5, 25.05, 0.1 + 0.2, 499.99].every(hasAtMost2Decimals)).toBe(true);
    expect([25.005, 1 / 3, Number.NaN, Number.POSITIVE_INFINITY].some(hasAtMost2Decimals)).toBe(false);
  });

  it('makes 10-character codes of an unambiguous alphabet, all different', () => {
    const codes = Array.from({ length: 2000 }, newVoucherCode);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
