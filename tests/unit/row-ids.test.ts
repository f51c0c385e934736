import { describe, expect, it } from 'vitest';
import { ID_DIGITS, rowIdOf, SALON_CODE } from '../../shared/ids';
import { URLHASH } from '../../shared/rebooking';

// A salon in a second database makes ids from 2^40 (13 digits): every path, link and token that
// names a row takes them, up to 2^53 - 1 (worker/db/ids.ts).
describe('row ids in paths and links', () => {
  it('reads the ids of every database, up to 2^53 - 1', () => {
    expect(rowIdOf('1')).toBe(1);
    expect(rowIdOf(String(2 ** 40))).toBe(2 ** 40);
    expect(rowIdOf(String(999 * 2 ** 40 - 1))).toBe(999 * 2 ** 40 - 1);
    expect(rowIdOf(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what is not an id: zero, a sign, a leading zero, letters, 17 digits, past 2^53 - 1', () => {
    for (const text of ['', '0', '-1', '+1', '01', '1.5', '1e3', ' 1', 'abc', '12345678901234567', '9007199254740993', null, undefined])
      expect(rowIdOf(text)).toBeNull();
  });

  it('a code or link names its salon with the same digits', () => {
    expect(SALON_CODE.test(`${2 ** 40}.${'a'.repeat(16)}`)).toBe(true);
    expect(URLHASH.test(`${2 ** 40}.${'a'.repeat(32)}`)).toBe(true);
    expect(URLHASH.test(`0.${'a'.repeat(32)}`)).toBe(false);
    expect(new RegExp(`^${ID_DIGITS}$`).test('1'.repeat(17))).toBe(false);
  });
});
