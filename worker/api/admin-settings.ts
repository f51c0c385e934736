import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { brandFit } from '../../themes/brand';
import { WEEKDAY_NAMES } from '../../shared/salon-identity';
import { hasAtMost2Decimals, toMinor } from '../../shared/money';
import type { AppEnv } from '../env';
import { setShortName } from '../names/short-name';
import { setSalonDomain } from '../domains/lifecycle';
import { currentDomainView } from '../domains/view';
import { customDomainSchema } from '../../shared/console/domains';
import { shortNameSchema } from '../../shared/console/short-name';
import { AppError } from '../errors';
import { refuseCardSettings } from '../payments/card-settings';
import { canTakePayments } from '../payments/connect';
import { salonById, toSalonDetails, updateSalonSettings, voucherSettingsOf, type SalonRow } from '../db/salons';
import { idParam, validate } from '../validate';
import { cardSettingsOfRow, changesBetween, depositOf, settingsOf, storedDeposit } from '../console/settings';
import { depositSetting, settingFields, type DepositSetting } from '../../shared/console/settings';
import { historyStatements } from '../db/settings-history';
import { adminRoute, changedScopes, SCOPES } from './policy';
import { expectedVersion } from './console/settings';
import { errorBody } from '../error-answer';
import { nameIndex } from './salon-database';

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
/** A voucher value in major units, as the salon's price list writes it. */
const voucherMoney = z
  .number('must be an amount such as 25 or 25.50')
  .min(1, 'must be at least 1')
  .max(10000, 'must be at most 10000')
  .refine(hasAtMost2Decimals, 'must have at most 2 decimals')
  .transform(toMinor);
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

const DEPOSIT_SHAPES = `null, {"type":"percentage","value":20} or {"type":"fixed","amount":15.5} (in the salon's currency)`;
/**
 * The deposit as the salon data stores it (null, a percentage, or a fixed amount in major units),
 * as an object or its JSON text, checked by the console's own schema (shared/console/settings.ts
 * depositSetting: a percentage 1-100, an amount up to 10,000) and stored in one spelling.
 */
const depositSettings = z.unknown().transform((raw, ctx): string | typeof z.NEVER => {
  const typed = depositFromAdmin(raw);
  const checked = typeof typed === 'string' ? undefined : depositSetting.safeParse(typed);
  if (checked?.success) return storedDeposit(checked.data);
  ctx.addIssue({
    code: 'custom',
    message: typeof typed === 'string' ? typed : (checked?.error.issues[0]?.message ?? `must be ${DEPOSIT_SHAPES}`),
  });
  return z.NEVER;
});

/** The admin API's deposit as the console's typed setting (amounts in minor units), or what is wrong with it. */
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

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** One day's openings, in order and apart: [] is a closed day. */
const dayOpenings = z
  .array(
    z
      .strictObject({
        open: z.string().regex(TIME, 'must be a time such as 09:00'),
        close: z.string().regex(TIME, 'must be a time such as 17:30'),
      })
      .refine((o) => o.open < o.close, 'must close after it opens'),
    'must be a list of {open, close}, [] when closed',
  )
  .max(4, 'must be at most 4 openings a day')
  .refine((d) => d.every((o, i) => i === 0 || d[i - 1]!.close < o.open), 'must list openings in order, without overlaps');
/**
 * The opening hours, by weekday name (all seven; [] when closed), stored Sunday first as the
 * public data answers them; null: derived from the stylists' working hours.
 */
const openingHours = z
  .strictObject(
    Object.fromEntries(WEEKDAY_NAMES.map((d) => [d, dayOpenings])) as Record<(typeof WEEKDAY_NAMES)[number], typeof dayOpenings>,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown weekday: ${issue.keys.join(', ')} (use ${WEEKDAY_NAMES.join(', ')})`
          : 'must be the openings of each weekday, e.g. {"monday": [{"open": "09:00", "close": "17:30"}], ...}, or null',
    },
  )
  .transform((week) => JSON.stringify(WEEKDAY_NAMES.map((d) => week[d])))
  .nullable();

/** The salon settings a salon may change; anything else in the body is refused by name. */
const salonSettingsSchema = z
  .strictObject(
    {
      name: settingFields.name,
      email: settingFields.email,
      phone: settingFields.phone,
      address_line_1: settingFields.address_line_1,
      address_line_2: settingFields.address_line_2,
      city: settingFields.city,
      postcode: settingFields.postcode,
      timezone: z.string().refine(isTimeZone, 'must be an IANA timezone such as Europe/London'),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'must be a 3-letter ISO currency code')
        .refine(isCurrency, 'is not a known currency'),
      country_code: settingFields.country_code,
      image: link,
      theme_mode: settingFields.theme_mode,
      brand_colour: settingFields.brand_colour,
      online_booking: settingFields.online_booking,
      online_booking_off_message: settingFields.online_booking_off_message,
      needs_card: settingFields.needs_card,
      no_show_protection: settingFields.no_show_protection,
      has_waitlist: settingFields.has_waitlist,
      skip_today: z.boolean('must be true or false'),
      book_ncob_with_same: z.boolean('must be true or false'),
      ncob_mode: text(40),
      // the deposit: `deposit` (docs/admin-api.md), or its older name
      deposit: depositSettings,
      ncob_deposit_settings: depositSettings,
      ncob_welcome_message: settingFields.ncob_welcome_message,
      ncob_patch_test_copy: text(4000),
      salon_ncob_text: settingFields.salon_ncob_text,
      check_ncob_availability_until: z
        .number('must be a number of days')
        .int('must be a whole number of days')
        .min(1, 'must be at least 1 day')
        .max(365, 'must be at most 365 days'),
      fb_pixel_id: settingFields.fb_pixel_id,
      redirect_after_ncob_booking: z.boolean('must be true or false'),
      salon_website_link: link,
      stripe_voucher_link: link,
      can_take_voucher_payments: z.boolean('must be true or false'),
      allow_self_cancellation: settingFields.allow_self_cancellation,
      cancellation_window_hours: settingFields.cancellation_window_hours,
      refund_deposit_outside_window: settingFields.refund_deposit_outside_window,
      max_upcoming_online_bookings: settingFields.max_upcoming_online_bookings,
      max_anonymous_holds: settingFields.max_anonymous_holds,
      vouchers_on_sale: settingFields.vouchers_on_sale,
      voucher_amounts: z
        .array(voucherMoney, 'must be a list of amounts such as [25, 50]')
        .max(10, 'must be at most 10 amounts')
        .refine((a) => new Set(a).size === a.length, 'must not repeat an amount')
        .transform((a) => JSON.stringify([...a].sort((x, y) => x - y))),
      voucher_custom_min: voucherMoney.nullable(),
      voucher_custom_max: voucherMoney.nullable(),
      voucher_validity_months: settingFields.voucher_validity_months,
      // the console's own rules (docs/domains.md §5): a subdomain, not a reserved word
      custom_domain: customDomainSchema.shape.hostname.nullable(),
      short_slug: shortNameSchema.shape.short_name.nullable(),
      opening_hours: openingHours,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : undefined) },
  )
  .partial()
  .refine((o) => Object.keys(o).length > 0, 'Nothing to change: send at least one setting')
  .refine((o) => o.deposit === undefined || o.ncob_deposit_settings === undefined, {
    path: ['deposit'],
    message: 'Send the deposit once, as deposit',
  })
  // one column keeps it, under the salon data's name
  .transform(({ deposit, ...o }) => (deposit === undefined ? o : { ...o, ncob_deposit_settings: deposit }));

/** The voucher settings as they would be after a change: a custom range whole and in order, and something on offer when on sale. */
function checkVoucherSettings(row: SalonRow): void {
  const { voucher_custom_min: min, voucher_custom_max: max } = row;
  if ((min === null) !== (max === null)) {
    const field = min === null ? 'voucher_custom_min' : 'voucher_custom_max';
    throw new AppError('BAD_REQUEST', 'voucher_custom_min and voucher_custom_max must both be set, or both null', field);
  }
  if (min !== null && max !== null && min > max) {
    throw new AppError('BAD_REQUEST', 'voucher_custom_max must be at least voucher_custom_min', 'voucher_custom_max');
  }
  const v = voucherSettingsOf(row);
  if (v.on_sale && v.amounts.length === 0 && !v.custom) {
    throw new AppError('BAD_REQUEST', 'vouchers_on_sale needs something on offer: voucher_amounts, or a custom range', 'vouchers_on_sale');
  }
}

/** The deposit in the one shape the admin API writes and reads (docs/admin-api.md): null, a percentage, or an amount in major units. */
const adminDeposit = (d: DepositSetting) =>
  d.type === 'percentage'
    ? { type: 'percentage' as const, value: d.percent }
    : d.type === 'fixed'
      ? { type: 'fixed' as const, amount: d.amount / 100 }
      : null;

/**
 * The settings as the admin API reads and writes them, with the deposit as `deposit` in the shape
 * it is written in, what the brand colour becomes in the salon's theme (adjusted, and why, when it
 * would not be readable there as it is), and the salon's domain as the console shows it
 * (`custom_domain` is the one served: only once live).
 */
const adminView = async (c: Context<AppEnv>, row: SalonRow) => ({
  ...toSalonDetails(row),
  custom_domain: row.custom_domain,
  domain: await currentDomainView(c.env.DB, row.id, c.get('config').cloudflare.cnameTarget),
  short_slug: row.short_slug,
  deposit: adminDeposit(depositOf(row.ncob_deposit_settings)),
  brand: row.brand_colour ? brandFit(row.theme_mode, row.brand_colour) : null,
});

/** The admin API's names, set as the console sets them (one way for every caller); refusals name the admin's fields. */
async function setNames(c: Context<AppEnv>, id: number, changes: { custom_domain?: string | null; short_slug?: string | null }) {
  const names = nameIndex(c);
  if (changes.short_slug !== undefined)
    await setShortName(names, c.env.DB, id, changes.short_slug, { field: 'short_slug', taken: 'That short URL is taken by another salon' });
  if (changes.custom_domain === undefined) return;
  const config = c.get('config');
  const deps = { db: c.env.DB, cloudflare: config.cloudflare, names, appHosts: config.appHosts };
  try {
    await setSalonDomain(deps, id, changes.custom_domain, names.now);
  } catch (e) {
    if (e instanceof AppError && e.field === 'hostname') throw new AppError(e.code, e.message, 'custom_domain');
    throw e;
  }
}

const salonParam = validate('param', z.object({ salonId: idParam('Salon id') }));

/** The settings' version as an ETag: what a PATCH names in If-Match (the console's save names the same). */
const etagOf = (row: SalonRow) => `"${row.settings_version}"`;

/** Said on a PATCH without If-Match: it still works, as it always did (docs/admin-api.md). */
export const WARNING_NO_IF_MATCH =
  '299 - "PATCH without If-Match: a change saved meanwhile (in the console, or by another key) may be overwritten; send If-Match with the ETag of GET /admin/salons/{id}"';
const MSG_STALE =
  'The settings changed since the version in If-Match: read them again (GET /admin/salons/{id}) and send your change with the new ETag';

/** 412 for a change from an old version: the settings as they are now, with their ETag. */
async function stale(c: Context<AppEnv>, row: SalonRow) {
  c.header('ETag', etagOf(row));
  return c.json({ ...errorBody(c, 'PRECONDITION_FAILED', MSG_STALE), current: await adminView(c, row) }, 412);
}

/**
 * GET /admin/salons/{id}: a salon reads its settings back with its admin key, their version as
 * the ETag; PATCH changes them, from the version in If-Match when it is sent (412 with `current`
 * when that version is gone), and without it as before, saying so in a Warning.
 */
export const adminSettings = new Hono<AppEnv>()
  .get('/admin/salons/:salonId', adminRoute, salonParam, async (c) => {
    const row = await salonById(c.env.DB, c.req.valid('param').salonId);
    if (!row) throw new AppError('NOT_FOUND', 'Salon not found');
    c.header('ETag', etagOf(row));
    return c.json(await adminView(c, row));
  })
  .patch(
    '/admin/salons/:salonId',
    adminRoute,
    salonParam,
    // Authenticate before reading the body.
    async (c, next) => {
      if (!(c.req.header('Content-Type') ?? '').includes('application/json')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the settings as JSON (Content-Type: application/json)');
      }
      // a malformed If-Match is refused before the body is read
      if (c.req.header('If-Match') !== undefined) expectedVersion(c);
      await next();
    },
    validate('json', salonSettingsSchema),
    async (c) => {
      const id = c.req.valid('param').salonId;
      const changes = c.req.valid('json');
      const current = await salonById(c.env.DB, id);
      if (!current) throw new AppError('NOT_FOUND', 'Salon not found');
      // If-Match (optional for the integrators that never sent it): nothing is written from an old version
      const from = c.req.header('If-Match') === undefined ? undefined : expectedVersion(c);
      if (from === undefined) c.header('Warning', WARNING_NO_IF_MATCH);
      else if (current.settings_version !== from) return stale(c, current);
      if (Object.keys(changes).some((k) => k.startsWith('voucher'))) checkVoucherSettings({ ...current, ...changes } as SalonRow);
      refuseCardSettings(
        cardSettingsOfRow(current),
        cardSettingsOfRow({ ...current, ...changes } as SalonRow),
        await canTakePayments(c.env.DB, id),
        { deposit: 'ncob_deposit_settings' },
      );
      // the names first, as the console sets them (the name index, the short name's redirects and renames,
      // the domain through Cloudflare): a refused one answers before the other settings are written
      const { custom_domain, short_slug, ...settings } = changes;
      await setNames(c, id, { custom_domain, short_slug });
      const saved = await updateSalonSettings(c.env.DB, id, settings, from);
      const updated = await salonById(c.env.DB, id);
      if (!updated) throw new AppError('NOT_FOUND', 'Salon not found');
      // another change was saved between the check above and this one: the database refused this one
      // (the names, set first, stay set: their lookups are refreshed)
      if (!saved) {
        if ('custom_domain' in changes || 'short_slug' in changes) changedScopes(c, [SCOPES.tenancy]);
        return stale(c, updated);
      }
      // The console's History shows admin-key changes too (as the console names the settings).
      const history = historyStatements(
        c.env.DB,
        { salonId: id, version: updated.settings_version, who: 'admin key' },
        changesBetween(settingsOf(current), settingsOf(updated)),
        Date.now(),
      );
      if (history.length) await c.env.DB.batch(history);
      // What the change touched: the salon's page and calls, its group's picker, and (a domain or
      // short URL) which salon a host or slug names.
      changedScopes(c, [
        SCOPES.salon(id),
        ...(updated.group_id ? [SCOPES.group(updated.group_id)] : []),
        ...('custom_domain' in changes || 'short_slug' in changes ? [SCOPES.tenancy] : []),
      ]);
      c.header('ETag', etagOf(updated));
      return c.json(await adminView(c, updated));
    },
  );
