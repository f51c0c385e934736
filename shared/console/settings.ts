import { brandColourSetting } from '../brand-colour';
import { THEME_MODES } from '../constants';
import { WEEKDAY_NAMES } from '../salon-identity';
import { remindersSetting } from './reminders';
import * as z from '../zod';
import { typedName } from '../typed-name';

/**
 * The booking page's settings as the console edits them (GET/PATCH
 * /api/console/salons/{id}/settings), with messages in a salon owner's words. The names are the
 * salon admin API's (docs/admin-api.md) and keep their meanings, except:
 * - `deposit`: typed ({type:'none'}, a fixed amount in minor units of the salon's currency, or a
 *   percentage 1–100 of the booking's price) instead of the admin API's JSON text;
 * - money (`deposit.amount`, `voucher_amounts`, `voucher_custom`) in minor units (pence, cents);
 * - `voucher_custom` one {min, max} (or null) instead of two fields;
 * - `online_booking_off_message`: new, what clients see while online booking is off.
 * Logo, cover and stylist photos stay uploads of their own (the admin media calls). The admin API's
 * schema is built from these (shared/admin-settings.ts): one rule and one message per setting.
 */
const own = (problem: string) => ({ error: () => problem });
const text = (max: number, what: string) =>
  z.string(own(`${what} must be text`)).max(max, `${what} can be at most ${max.toLocaleString('en-GB')} characters`);
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number(own(`Enter ${what} as a number`))
    .int(`Enter ${what} as a whole number`)
    .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} must be at least ${min}`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} can be at most ${max}`);
const onOff = (what: string) => z.boolean(own(`Choose whether ${what}`));
/** An amount of money in minor units (pence, cents): 1 to 10 000 in major units. */
const minorAmount = (what: string) =>
  z
    .number(own(`Enter ${what} as an amount`))
    .int(`Enter ${what} in whole pence or cents`)
    .min(100, `${what[0]!.toUpperCase()}${what.slice(1)} must be at least 1.00`)
    .max(1_000_000, `${what[0]!.toUpperCase()}${what.slice(1)} can be at most 10,000.00`);

export const depositSetting = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('none') }),
    z.strictObject({
      type: z.literal('fixed'),
      amount: z
        .number(own('Enter the deposit as an amount'))
        .int('Enter the deposit in whole pence or cents')
        .min(1, 'A fixed deposit must be more than 0')
        .max(1_000_000, 'A fixed deposit can be at most 10,000.00'),
    }),
    z.strictObject({
      type: z.literal('percentage'),
      percent: z
        .number(own('Enter the deposit as a percentage'))
        .int('Enter the deposit as a whole percentage')
        .min(1, 'A deposit percentage must be between 1 and 100')
        .max(100, 'A deposit percentage must be between 1 and 100'),
    }),
  ],
  own('Choose no deposit, a fixed amount or a percentage of the price'),
);
export type DepositSetting = z.output<typeof depositSetting>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const opening = z
  .strictObject({
    open: z.string().regex(TIME, 'Enter opening times such as 09:00'),
    close: z.string().regex(TIME, 'Enter closing times such as 17:30'),
  })
  .refine((o) => o.open < o.close, 'Each opening must close after it opens');
const dayOpenings = z
  .array(opening, own('List the openings of each day, or none when closed'))
  .max(4, 'A day can have at most 4 openings')
  .refine((d) => d.every((o, i) => i === 0 || d[i - 1]!.close < o.open), 'List a day’s openings in order, without overlaps');
export type Weekday = (typeof WEEKDAY_NAMES)[number];
/** The salon's opening hours by weekday ([] when closed); null: shown from the stylists' working hours. */
export const openingHoursSetting = z
  .strictObject(Object.fromEntries(WEEKDAY_NAMES.map((d) => [d, dayOpenings])) as Record<Weekday, typeof dayOpenings>, {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `Unknown day: ${i.keys.join(', ')} (use ${WEEKDAY_NAMES.join(', ')})`
        : 'Give the openings of all seven days, or none at all',
  })
  .nullable();
export type OpeningHoursSetting = z.output<typeof openingHoursSetting>;

/** A voucher's amounts, each in minor units, and the custom range's ends (the admin API takes them in major units: shared/admin-settings.ts). */
export const voucherAmount = minorAmount('a voucher amount');
export const voucherCustomMin = minorAmount('the smallest custom amount');
export const voucherCustomMax = minorAmount('the largest custom amount');
/** The list of a voucher's amounts, whatever each amount's unit. */
export const voucherAmountsOf = <T extends z.ZodType<number, unknown>>(amount: T) =>
  z
    .array(amount, own('List the voucher amounts, such as 25.00 and 50.00'))
    .max(10, 'Offer at most 10 voucher amounts')
    .refine((a) => new Set(a).size === a.length, 'Each voucher amount can be offered once');
/** The rules between the voucher settings, in the console's words (the admin API says the same). */
export const VOUCHER_RULES = {
  range: 'The largest custom amount must be at least the smallest',
  onSale: 'To sell gift vouchers, offer at least one amount or a custom range',
};

/** Every setting with its rule; the console's form and the Worker parse with these same schemas. */
export const settingFields = {
  // Appearance
  theme_mode: z.enum(THEME_MODES, own('Choose a theme: neutral, dark or slick')),
  /** `#rrggbb` or null (the theme's own colours); each theme adjusts it to stay readable (themes/brand.ts) */
  brand_colour: brandColourSetting,
  // Online booking
  online_booking: onOff('clients can book online'),
  online_booking_off_message: text(500, 'The message shown while online booking is off'),
  max_upcoming_online_bookings: wholeNumber('upcoming bookings per client', 1, 100),
  max_anonymous_holds: wholeNumber('times held for clients not logged in', 0, 100),
  // Texts
  ncob_welcome_message: text(2000, 'The welcome message'),
  /** HTML; the booking page sanitises it (only text formatting and links survive) */
  salon_ncob_text: text(20000, 'The cancellation policy'),
  // Deposits and cards
  needs_card: onOff('clients must save a card to book'),
  deposit: depositSetting,
  /** a missed appointment's fee, charged to the client's saved card when marked a no-show (issue 29) */
  no_show_protection: onOff('a no-show fee is charged'),
  no_show_fee: z
    .number(own('Enter the no-show fee as an amount'))
    .int('Enter the no-show fee in whole pence or cents')
    .min(0, 'The no-show fee cannot be below 0')
    .max(1_000_000, 'The no-show fee can be at most 10,000.00'),
  // Cancellations and refunds
  allow_self_cancellation: onOff('clients can cancel online'),
  cancellation_window_hours: wholeNumber('hours before the appointment', 0, 720),
  refund_deposit_outside_window: onOff('deposits are refunded when clients cancel in time'),
  // Waitlist
  has_waitlist: onOff('clients can join a waitlist'),
  /** how long a freed time offered to the waitlist waits for its client before the next is offered (docs/waitlist-offers.md) */
  waitlist_offer_minutes: wholeNumber('the minutes an offer waits', 5, 240),
  // Gift vouchers
  vouchers_on_sale: onOff('gift vouchers are on sale'),
  voucher_amounts: voucherAmountsOf(voucherAmount),
  voucher_custom: z
    .strictObject({ min: voucherCustomMin, max: voucherCustomMax })
    .refine((r) => r.min <= r.max, { message: VOUCHER_RULES.range, path: ['max'] })
    .nullable(),
  voucher_validity_months: wholeNumber('the months a voucher is valid', 1, 60),
  // Reminders (issue 30): when clients are reminded of an appointment, and how
  reminders: remindersSetting,
  // Address and hours
  name: typedName({ max: 120, empty: 'Enter the salon’s name', tooLong: 'The salon name can be at most 120 characters' }),
  phone: text(40, 'The phone number'),
  email: z.union([z.literal(''), z.email('Enter an email address, such as hello@example.com')], own('Enter an email address')),
  address_line_1: text(200, 'The address'),
  address_line_2: text(200, 'The address'),
  city: text(100, 'The town or city'),
  postcode: text(20, 'The postcode'),
  country_code: z.string(own('Choose a country')).regex(/^[A-Z]{2}$/, 'Choose a country (a 2-letter code such as GB)'),
  opening_hours: openingHoursSetting,
  // Tracking
  fb_pixel_id: z.string(own('Enter the Facebook pixel id')).regex(/^\d{0,20}$/, 'A Facebook pixel id is up to 20 digits, or empty'),
};
export type SettingName = keyof typeof settingFields;
export const SETTING_NAMES = Object.keys(settingFields) as SettingName[];

/** What each setting is called on the console's screens and in History. */
export const SETTING_LABELS: Record<SettingName, string> = {
  theme_mode: 'Theme',
  brand_colour: 'Brand colour',
  online_booking: 'Online booking',
  online_booking_off_message: 'Message while online booking is off',
  max_upcoming_online_bookings: 'Upcoming bookings per client',
  max_anonymous_holds: 'Times held for clients not logged in',
  ncob_welcome_message: 'Welcome message',
  salon_ncob_text: 'Cancellation policy',
  needs_card: 'Card needed to book',
  deposit: 'Deposit',
  no_show_protection: 'No-show fee charged',
  no_show_fee: 'No-show fee',
  allow_self_cancellation: 'Clients can cancel online',
  cancellation_window_hours: 'Cancellation window (hours)',
  refund_deposit_outside_window: 'Refund deposits when cancelled in time',
  has_waitlist: 'Waitlist',
  waitlist_offer_minutes: 'Minutes a waitlist offer waits',
  vouchers_on_sale: 'Gift vouchers on sale',
  voucher_amounts: 'Voucher amounts',
  voucher_custom: 'Custom voucher amounts',
  voucher_validity_months: 'Voucher validity (months)',
  reminders: 'Reminders',
  name: 'Salon name',
  phone: 'Phone',
  email: 'Email',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  city: 'Town or city',
  postcode: 'Postcode',
  country_code: 'Country',
  opening_hours: 'Opening hours',
  fb_pixel_id: 'Facebook pixel id',
};

/**
 * The Booking page's sections, each at its own address (/console/salons/{id}/booking-page/{path})
 * and saved on its own: docs/console/booking-page.md. Photos are uploads of their own (no setting).
 */
export const SETTINGS_SECTIONS = [
  { path: 'appearance', title: 'Appearance' },
  { path: 'online-booking', title: 'Online booking' },
  { path: 'deposits', title: 'Deposits and cards' },
  { path: 'cancellations', title: 'Cancellations and refunds' },
  { path: 'waitlist', title: 'Waitlist' },
  { path: 'texts', title: 'Texts' },
  { path: 'photos', title: 'Photos' },
  { path: 'address-hours', title: 'Address and hours' },
  { path: 'vouchers', title: 'Gift vouchers' },
  { path: 'reminders', title: 'Reminders' },
  { path: 'tracking', title: 'Tracking' },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['path'];

/** The section each setting is edited in: a new setting does not compile until it has one. */
export const SECTION_OF: Record<SettingName, SettingsSection> = {
  theme_mode: 'appearance',
  brand_colour: 'appearance',
  online_booking: 'online-booking',
  online_booking_off_message: 'online-booking',
  max_upcoming_online_bookings: 'online-booking',
  max_anonymous_holds: 'online-booking',
  ncob_welcome_message: 'texts',
  salon_ncob_text: 'texts',
  needs_card: 'deposits',
  deposit: 'deposits',
  no_show_protection: 'deposits',
  no_show_fee: 'deposits',
  allow_self_cancellation: 'cancellations',
  cancellation_window_hours: 'cancellations',
  refund_deposit_outside_window: 'cancellations',
  has_waitlist: 'waitlist',
  waitlist_offer_minutes: 'waitlist',
  vouchers_on_sale: 'vouchers',
  voucher_amounts: 'vouchers',
  voucher_custom: 'vouchers',
  voucher_validity_months: 'vouchers',
  reminders: 'reminders',
  name: 'address-hours',
  phone: 'address-hours',
  email: 'address-hours',
  address_line_1: 'address-hours',
  address_line_2: 'address-hours',
  city: 'address-hours',
  postcode: 'address-hours',
  country_code: 'address-hours',
  opening_hours: 'address-hours',
  fb_pixel_id: 'tracking',
};

/** The settings a section edits, in the schema's order. */
export const settingsIn = (section: SettingsSection): SettingName[] => SETTING_NAMES.filter((n) => SECTION_OF[n] === section);

const unknownSetting = {
  error: (i: { code: string; keys?: string[] }) => (i.code === 'unrecognized_keys' ? `Unknown setting: ${i.keys?.join(', ')}` : undefined),
};

/** The rules between settings, on the whole set as it would be after a change. */
function crossRules(s: { vouchers_on_sale: boolean; voucher_amounts: number[]; voucher_custom: unknown }, ctx: z.RefinementCtx) {
  if (s.vouchers_on_sale && s.voucher_amounts.length === 0 && s.voucher_custom === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['vouchers_on_sale'],
      message: VOUCHER_RULES.onSale,
    });
  }
}

/** The whole settings (GET answers them; a PATCH is checked again as a whole after merging). */
export const settingsSchema = z.strictObject(settingFields, unknownSetting).superRefine(crossRules);
export type ConsoleSettings = z.output<typeof settingsSchema>;

/**
 * A section's part of the settings, with the same rules (and the rules between settings whose
 * settings are all in it): what the section's form checks before it saves.
 */
export function sectionSchema(section: SettingsSection) {
  const names = new Set<string>(settingsIn(section));
  const fields = Object.fromEntries(Object.entries(settingFields).filter(([n]) => names.has(n))) as Partial<typeof settingFields>;
  const crossed = ['vouchers_on_sale', 'voucher_amounts', 'voucher_custom'].every((n) => names.has(n));
  return z.object(fields).superRefine((s, ctx) => (crossed ? crossRules(s as Parameters<typeof crossRules>[0], ctx) : undefined));
}

/** A PATCH body: any settings, at least one, nothing unknown. */
export const settingsPatchSchema = z
  .strictObject(settingFields, unknownSetting)
  .partial()
  .refine((o) => Object.keys(o).length > 0, 'Nothing to save: change at least one setting');
export type SettingsPatch = z.output<typeof settingsPatchSchema>;

/** GET and PATCH answer the settings with the version a save must name in If-Match. */
export interface VersionedSettings {
  version: number;
  settings: ConsoleSettings;
  /** whether the salon can take card payments (docs/payments.md §4): its card settings can be switched on */
  can_take_payments?: boolean;
}

/** A save that started from an old version (412): what is there now, and which settings changed since. */
export interface StaleSettings {
  error: 'STALE_VERSION';
  message: string;
  current: VersionedSettings;
  changed: SettingName[];
}

/** A refused save (400): the first field at fault in `field`, one message per field in `errors`. */
export interface SettingsRefusal {
  detail: string;
  code: 'BAD_REQUEST';
  field?: string;
  errors?: Record<string, string>;
}
