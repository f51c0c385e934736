import * as z from '../zod';
import { COUNTRY_CODES, countryOf, phoneOfPlan } from '../countries';
import { typedName } from '../typed-name';

/**
 * POST /api/console/salons (issue 49): a signed-in person's new salon, from the guided set-up.
 * The country sets the currency and the time zone (a choice where it has several); the address's
 * postcode and the phone number are checked for that country; the hours are the salon's opening
 * hours, one opening a day at most, and the first stylist's working hours.
 */
export const STARTER_MENUS = ['hair', 'barber', 'nails', 'beauty', 'none'] as const;
export type StarterMenu = (typeof STARTER_MENUS)[number];

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const time = (what: string) =>
  z.string(`Enter the ${what} time as HH:MM, such as 09:00`).regex(HHMM, `Enter the ${what} time as HH:MM, such as 09:00`);
const line = (empty: string, max: number, tooLong: string) => typedName({ max, empty, tooLong });

const opening = z
  .object({
    weekday: z
      .int('Give the weekday as 0 (Sunday) to 6 (Saturday)')
      .min(0, 'Give the weekday as 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Give the weekday as 0 (Sunday) to 6 (Saturday)'),
    open: time('opening'),
    close: time('closing'),
  })
  .refine((h) => minutesOf(h.open) < minutesOf(h.close), 'A day closes after it opens');

/**
 * `raw` as the salon's phone, trimmed, when it can be a number of `country` (national, or with the
 * country's +code or 00code; a number of another country is refused), else null. Checked by the
 * country's plan (shared/countries.ts phoneOfPlan: its calling code, trunk prefix and the national
 * number's length and first digit), not by libphonenumber's ranges: its data would add about 14 KB gzip to
 * the Worker for a number that is only shown to clients (docs/console/sign-up.md "Setting up a salon").
 */
export function salonPhoneOf(raw: string, country: string): string | null {
  const found = phoneOfPlan(raw, country);
  return found && found.plan.callingCode === countryOf(country)?.phone.callingCode ? raw.trim() : null;
}

export const newSalonSchema = z
  .strictObject(
    {
      name: line("Enter the salon's name", 100, "A salon's name can be at most 100 characters"),
      country: z.enum(
        COUNTRY_CODES,
        'Choose a country the salon is in: the United Kingdom, Ireland, the United States, Canada, Australia or New Zealand',
      ),
      timezone: z.string().max(64).optional(),
      address_line_1: line('Enter the first line of the address', 120, 'An address line can be at most 120 characters'),
      address_line_2: z.string().trim().max(120, 'An address line can be at most 120 characters').optional(),
      city: line('Enter the town or city', 80, 'A town or city can be at most 80 characters'),
      postcode: z.string('Enter the postcode').trim().max(12, 'Enter the postcode as the post office writes it'),
      phone: z.string("Enter the salon's phone number").trim().max(32, 'A phone number can be at most 32 characters'),
      hours: z
        .array(opening, 'Give the opening hours')
        .min(1, 'Open on at least one day')
        .max(7, 'One opening a day at most')
        .refine((hs) => new Set(hs.map((h) => h.weekday)).size === hs.length, 'One opening a day at most'),
      starter_menu: z.enum(STARTER_MENUS, 'Choose a starter menu: hair, barber, nails, beauty or none'),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) },
  )
  .superRefine((s, ctx) => {
    const country = countryOf(s.country);
    if (!country) return;
    const zones = country.timezones.map((t) => t.id);
    if (s.timezone === undefined ? zones.length > 1 : !zones.includes(s.timezone)) {
      ctx.addIssue({
        code: 'custom',
        path: ['timezone'],
        message: `Choose the salon's time zone: ${country.timezones.map((t) => t.label).join(', ')}`,
      });
    }
    if (!country.postcode.test(s.postcode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postcode'],
        message: `Enter the ${country.postcodeName} as the post office writes it, such as ${country.postcodeExample}`,
      });
    }
    if (!salonPhoneOf(s.phone, s.country)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: `Enter a phone number in ${country.name}, with its area code` });
    }
  });
export type NewSalon = z.output<typeof newSalonSchema>;

/** What the call answers: the new salon, the caller its owner. */
export interface CreatedSalon {
  id: number;
  name: string;
  country: string;
  currency: string;
  timezone: string;
  /** where its booking page is live */
  booking_page: string;
  services: number;
}
