import * as z from './zod';
import { hasAtMost2Decimals, toMinor } from './money';
import { customDomainSchema } from './console/domains';
import { shortNameSchema } from './console/short-name';
import {
  depositSetting,
  settingFields,
  voucherAmount,
  voucherAmountsOf,
  voucherCustomMax,
  voucherCustomMin,
  type DepositSetting,
  type SettingName,
} from './console/settings';

/**
 * The salon admin API's settings (PATCH /admin/salons/{id}, docs/admin-api.md), built from the
 * console's schema (shared/console/settings.ts): one rule and one message per setting, whoever
 * sends it. The admin API's field names are a public contract; where it has a setting in another
 * shape, the value is mapped to the console's and checked by the console's own rule.
 */

/**
 * How the admin API takes each of the console's settings: `same` (the same name and shape, the
 * console's schema as it is), `mapped` (another shape, mapped below to the console's rule), or
 * `console` (the console's only). A new console setting does not compile until it is placed here.
 */
export const ADMIN_SHAPE: Record<SettingName, 'same' | 'mapped' | 'console'> = {
  theme_mode: 'same',
  brand_colour: 'same',
  online_booking: 'same',
  online_booking_off_message: 'same',
  max_upcoming_online_bookings: 'same',
  max_anonymous_holds: 'same',
  ncob_welcome_message: 'same',
  salon_ncob_text: 'same',
  needs_card: 'same',
  // null, {type: percentage, value} or {type: fixed, amount} in major units, or its JSON text
  deposit: 'mapped',
  no_show_protection: 'same',
  no_show_fee: 'console',
  allow_self_cancellation: 'same',
  cancellation_window_hours: 'same',
  refund_deposit_outside_window: 'same',
  has_waitlist: 'same',
  waitlist_offer_minutes: 'same',
  vouchers_on_sale: 'same',
  // in major units
  voucher_amounts: 'mapped',
  // voucher_custom_min and voucher_custom_max, in major units
  voucher_custom: 'mapped',
  voucher_validity_months: 'same',
  reminders: 'console',
  name: 'same',
  phone: 'same',
  email: 'same',
  address_line_1: 'same',
  address_line_2: 'same',
  city: 'same',
  postcode: 'same',
  country_code: 'same',
  // the same weekday names; stored Sunday first as the public data answers them
  opening_hours: 'same',
  fb_pixel_id: 'same',
};

/** The console's settings the admin API takes as they are. */
const sameFields = Object.fromEntries(Object.entries(settingFields).filter(([n]) => ADMIN_SHAPE[n as SettingName] === 'same')) as Omit<
  typeof settingFields,
  'deposit' | 'no_show_fee' | 'voucher_amounts' | 'voucher_custom' | 'reminders'
>;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const isCurrency = (code: string) => {
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
};
const text = (max: number) => z.string('must be text').max(max, `must be at most ${max} characters`);
const yesNo = () => z.boolean('must be true or false');
const LINK_MESSAGE = 'must be an https URL such as https://example.com, or empty';
/**
 * A link the pages show or follow (website, logo, voucher page): a well-formed https URL with a
 * real host name and no credentials, quotes, angle brackets, backslashes or spaces, or empty.
 */
const link = z.union([
  z.literal(''),
  z
    .url({ protocol: /^https$/, hostname: z.regexes.domain, message: LINK_MESSAGE })
    .max(2048, LINK_MESSAGE)
    .refine((u) => /^https:\/\/[^\s"'<>\\`@]+$/.test(u), LINK_MESSAGE),
]);

/** The settings only the admin API has (the console does not edit them), with its `{field} must …` messages. */
const adminOnlyFields = {
  timezone: z.string().refine(isTimeZone, 'must be an IANA timezone such as Europe/London'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a 3-letter ISO currency code')
    .refine(isCurrency, 'is not a known currency'),
  image: link,
  skip_today: yesNo(),
  book_ncob_with_same: yesNo(),
  ncob_mode: text(40),
  ncob_patch_test_copy: text(4000),
  check_ncob_availability_until: z
    .number('must be a number of days')
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days'),
  redirect_after_ncob_booking: yesNo(),
  salon_website_link: link,
  stripe_voucher_link: link,
  can_take_voucher_payments: yesNo(),
  // the console's own rules (docs/domains.md §5): a subdomain, not a reserved word
  custom_domain: customDomainSchema.shape.hostname.nullable(),
  short_slug: shortNameSchema.shape.short_name.nullable(),
};

/** An amount in major units (25, 25.50), checked by the console's rule for it in minor units. */
const inMajorUnits = (minor: z.ZodType<number, unknown>) =>
  z
    .unknown()
    .refine((v) => typeof v !== 'number' || hasAtMost2Decimals(v), 'must have at most 2 decimals')
    .transform((v) => (typeof v === 'number' ? toMinor(v) : v))
    .pipe(minor);

const DEPOSIT_SHAPES = `null, {"type":"percentage","value":20} or {"type":"fixed","amount":15.5} (in the salon's currency)`;

/** The admin API's deposit as the console's typed setting (amounts in minor units), or what is wrong with its shape. */
function depositFromAdmin(raw: unknown): DepositSetting | string {
  let v: unknown = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      v = undefined;
    }
  }
  if (v === null) return { type: 'none' };
  const o = (typeof v === 'object' && !Array.isArray(v) ? v : {}) as Record<string, unknown>;
  const keys = Object.keys(o).sort().join();
  if (o.type === 'percentage' && keys === 'type,value' && typeof o.value === 'number') return { type: 'percentage', percent: o.value };
  if (o.type === 'fixed' && keys === 'amount,type' && typeof o.amount === 'number') {
    return hasAtMost2Decimals(o.amount) ? { type: 'fixed', amount: toMinor(o.amount) } : 'must have an amount with at most 2 decimals';
  }
  return `must be ${DEPOSIT_SHAPES}`;
}

/**
 * The deposit as the admin API writes it (null, a percentage, or a fixed amount in major units),
 * as an object or its JSON text, checked by the console's depositSetting (a percentage 1-100, an
 * amount up to 10,000): the console's typed deposit.
 */
const adminDeposit = z.unknown().transform((raw, ctx): DepositSetting | typeof z.NEVER => {
  const typed = depositFromAdmin(raw);
  if (typeof typed === 'string') {
    ctx.addIssue({ code: 'custom', message: typed });
    return z.NEVER;
  }
  const checked = depositSetting.safeParse(typed);
  if (checked.success) return checked.data;
  ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? `must be ${DEPOSIT_SHAPES}` });
  return z.NEVER;
});

/** The console's settings the admin API has in another shape, mapped to the console's rules. */
const mappedFields = {
  deposit: adminDeposit,
  // its older name (docs/admin-api.md)
  ncob_deposit_settings: adminDeposit,
  voucher_amounts: voucherAmountsOf(inMajorUnits(voucherAmount)),
  voucher_custom_min: inMajorUnits(voucherCustomMin).nullable(),
  voucher_custom_max: inMajorUnits(voucherCustomMax).nullable(),
};

/**
 * A PATCH's body: any of the settings (at least one), anything else refused by name. It answers
 * the console's typed values under the console's names (deposit, voucher_amounts in minor units,
 * opening_hours by weekday) and the admin API's own settings as the columns that keep them
 * (voucher_custom_min and _max in minor units).
 */
export const adminSettingsPatchSchema = z
  .strictObject(
    { ...sameFields, ...mappedFields, ...adminOnlyFields },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : undefined) },
  )
  .partial()
  .refine((o) => Object.keys(o).length > 0, 'Nothing to change: send at least one setting')
  .refine((o) => o.deposit === undefined || o.ncob_deposit_settings === undefined, {
    path: ['deposit'],
    message: 'Send the deposit once, as deposit',
  })
  // one setting, under the console's name
  .transform(({ deposit, ncob_deposit_settings, ...o }) => {
    const d = deposit ?? ncob_deposit_settings;
    return d === undefined ? o : { ...o, deposit: d };
  });
export type AdminSettingsPatch = z.output<typeof adminSettingsPatchSchema>;

/** The console's settings the admin API takes and answers under the same name and shape. */
export const ADMIN_SAME_SETTINGS = Object.keys(sameFields) as (keyof typeof sameFields)[];
