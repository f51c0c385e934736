import { describe, expect, it } from 'vitest';
import { newSalonSchema, salonPhoneOf } from '../../shared/console/new-salon';
import { COUNTRIES } from '../../shared/countries';

// Issue 49: a new salon's address and phone are checked for its country.
describe("a new salon's country rules", () => {
  it.each([
    ['GB', '020 7946 0321'],
    ['GB', '+44 20 7946 0321'],
    ['GB', '0044 20 7946 0321'],
    ['IE', '01 555 0123'],
    ['US', '718-555-0134'],
    ['US', '1 (718) 555-0134'],
    ['CA', '(416) 555-0199'],
    ['AU', '02 5550 1234'],
    ['NZ', '09 555 0123'],
  ])('a %s number (%s) is kept as typed', (country, typed) => {
    expect(salonPhoneOf(` ${typed} `, country)).toBe(typed);
  });

  it("refuses another country's number and numbers that are not a country's", () => {
    expect(salonPhoneOf('+1 718 555 0134', 'GB')).toBeNull();
    expect(salonPhoneOf('+64 9 555 0123', 'AU')).toBeNull();
    expect(salonPhoneOf('12345', 'GB')).toBeNull();
    expect(salonPhoneOf('020 7946 0321 ext 2', 'GB')).toBeNull();
    expect(salonPhoneOf('0 5550 1234', 'AU')).toBeNull();
  });

  it("each country's postcode example passes its own rule", () => {
    for (const c of COUNTRIES) expect(c.postcode.test(c.postcodeExample), c.code).toBe(true);
    const gb = COUNTRIES.find((c) => c.code === 'GB')!;
    expect(gb.postcode.test('11201')).toBe(false);
  });

  it('a country with one time zone sets it; with several the set-up must choose', () => {
    const base = {
      name: 'A',
      address_line_1: '1 A St',
      city: 'X',
      hours: [{ weekday: 1, open: '09:00', close: '17:00' }],
      starter_menu: 'none',
    };
    expect(newSalonSchema.safeParse({ ...base, country: 'NZ', postcode: '1010', phone: '09 555 0123' }).success).toBe(true);
    const us = newSalonSchema.safeParse({ ...base, country: 'US', postcode: '11201', phone: '718-555-0134' });
    expect(us.error?.issues.map((i) => i.path.join('.'))).toEqual(['timezone']);
    const two = newSalonSchema.safeParse({
      ...base,
      country: 'NZ',
      postcode: '1010',
      phone: '09 555 0123',
      hours: [
        { weekday: 1, open: '09:00', close: '12:00' },
        { weekday: 1, open: '13:00', close: '17:00' },
      ],
    });
    expect(two.error?.issues.map((i) => i.message)).toEqual(['One opening a day at most']);
  });
});
