import { toMajor } from '../../shared/money';
import type { Group, SalonDetails } from '../../shared/types';
import type { VoucherOffer } from '../../shared/vouchers';
import { hoursFromStylists, mapLinkOf, type SalonImage, type WeekHours, type WorkingDay } from '../../shared/salon-identity';
import { mediaUrl } from './media';

/** Settings stored as SQLite integers (0/1) that the API answers as booleans. */
const FLAGS = [
  'online_booking',
  'needs_card',
  'no_show_protection',
  'has_waitlist',
  'skip_today',
  'book_ncob_with_same',
  'redirect_after_ncob_booking',
  'can_take_voucher_payments',
  'allow_self_cancellation',
  'refund_deposit_outside_window',
  'vouchers_on_sale',
] as const;
type Flag = (typeof FLAGS)[number];
const isFlag = (column: string): column is Flag => (FLAGS as readonly string[]).includes(column);

/** Columns stored exactly as the API answers them (same name, same type). */
type Same =
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'address_line_1'
  | 'address_line_2'
  | 'city'
  | 'postcode'
  | 'timezone'
  | 'currency'
  | 'image'
  | 'theme_mode'
  | 'brand_colour'
  | 'online_booking_off_message'
  | 'ncob_mode'
  | 'ncob_deposit_settings'
  | 'ncob_welcome_message'
  | 'ncob_patch_test_copy'
  | 'salon_ncob_text'
  | 'check_ncob_availability_until'
  | 'salon_website_link'
  | 'stripe_voucher_link'
  | 'cancellation_window_hours'
  | 'max_upcoming_online_bookings';

/**
 * A row of the salons table (with the count of its active stylists), typed from the public
 * SalonDetails so the two cannot drift: shared columns take its types, flags are integers, and
 * the rest are the columns the API never shows as they are.
 */
export type SalonRow = Pick<SalonDetails, Same> & { [K in Flag]: number } & {
  country_code: string;
  group_id: number | null;
  max_anonymous_holds: number;
  /** the version a console save names in If-Match (migration 0017): every change makes a new one */
  settings_version: number;
  fb_pixel_id: string;
  custom_domain: string | null;
  short_slug: string | null;
  admin_key_hash: string;
  stylists_count: number;
  /** a JSON array of minor units, ascending */
  voucher_amounts: string;
  voucher_custom_min: number | null;
  voucher_custom_max: number | null;
  voucher_validity_months: number;
  /** how long a waitlist offer waits, minutes (migration 0041) */
  waitlist_offer_minutes: number;
  /** JSON {key, width, height} of the uploaded logo and cover (migration 0015), or null */
  logo: string | null;
  cover: string | null;
  /** JSON WeekHours set by the salon, or null (derived from stylist_hours) */
  opening_hours: string | null;
  /** the fee charged for a no-show when no_show_protection is on, minor units (migration 0018) */
  no_show_fee: number;
  /** reminders (migration 0020): 24 hours and 2 hours before (0/1), and how they are sent */
  reminder_24h: number;
  reminder_2h: number;
  reminder_channel: 'text' | 'email' | 'both';
  /** JSON [[weekday, start, end, [[break start, break end], ...]], ...] of the active stylists */
  stylist_hours: string;
};

/** The voucher settings of a salon row, in minor units (the admin API checks them before they are stored). */
export interface VoucherSettings {
  on_sale: boolean;
  amounts: number[];
  custom: { min: number; max: number } | null;
  validity_months: number;
}

export function voucherSettingsOf(row: SalonRow): VoucherSettings {
  const amounts = JSON.parse(row.voucher_amounts) as number[];
  const { voucher_custom_min: min, voucher_custom_max: max } = row;
  return {
    on_sale: !!row.vouchers_on_sale,
    amounts,
    custom: min !== null && max !== null ? { min, max } : null,
    validity_months: row.voucher_validity_months,
  };
}

/** What a salon sells, as the client sees it (major units); null when it does not sell vouchers. */
export function voucherOfferOf(row: SalonRow): VoucherOffer | null {
  const v = voucherSettingsOf(row);
  if (!v.on_sale || (v.amounts.length === 0 && !v.custom)) return null;
  return {
    amounts: v.amounts.map(toMajor),
    custom: v.custom ? { min: toMajor(v.custom.min), max: toMajor(v.custom.max) } : null,
    validity_months: v.validity_months,
  };
}

/** Applies validated settings (column names come from the admin API's strict schema). */
/**
 * An admin API change of settings; with `expectedVersion` (its If-Match), only if the salon is
 * still at that version. False when that version was gone (another change saved meanwhile).
 */
export async function updateSalonSettings(
  db: D1Database,
  id: number,
  changes: Record<string, unknown>,
  expectedVersion?: number,
): Promise<boolean> {
  const columns = Object.keys(changes).filter((k) => /^[a-z_0-9]+$/.test(k));
  if (columns.length === 0) return true;
  const values = columns.map((k) => (isFlag(k) ? (changes[k] ? 1 : 0) : changes[k]));
  const set = `${columns.map((k) => `${k} = ?`).join(', ')}, settings_version = settings_version + 1`;
  const res =
    expectedVersion === undefined
      ? await db
          .prepare(`UPDATE salons SET ${set} WHERE id = ?`)
          .bind(...values, id)
          .run()
      : await db
          .prepare(`UPDATE salons SET ${set} WHERE id = ? AND settings_version = ?`)
          .bind(...values, id, expectedVersion)
          .run();
  return res.meta.changes > 0;
}

/**
 * A console save: the validated columns, only if the salon is still at `expectedVersion`; the
 * change is named `changeId` so that its history rows go in the same batch (db/settings-history.ts).
 */
export function saveSettingsStatement(
  db: D1Database,
  id: number,
  expectedVersion: number,
  changes: Record<string, unknown>,
  changeId: string,
) {
  const columns = Object.keys(changes).filter((k) => /^[a-z_0-9]+$/.test(k));
  const values = columns.map((k) => (isFlag(k) ? (changes[k] ? 1 : 0) : changes[k]));
  const set = [...columns.map((k) => `${k} = ?`), 'settings_version = settings_version + 1', 'settings_change = ?'].join(', ');
  return db.prepare(`UPDATE salons SET ${set} WHERE id = ? AND settings_version = ?`).bind(...values, changeId, id, expectedVersion);
}

const SALON_SELECT = `SELECT s.*, (SELECT COUNT(*) FROM stylists st WHERE st.salon_id = s.id AND st.active = 1) AS stylists_count,
  (SELECT json_group_array(json_array(h.weekday, h.start_min, h.end_min, json(h.breaks)))
     FROM stylist_hours h JOIN stylists st ON st.id = h.stylist_id AND st.active = 1 WHERE st.salon_id = s.id) AS stylist_hours
  FROM salons s`;

/** The opening hours a salon set, or those its stylists' working hours give. */
function openingHoursOf(row: SalonRow): { hours: WeekHours; source: 'salon' | 'stylists' } {
  if (row.opening_hours) return { hours: JSON.parse(row.opening_hours) as WeekHours, source: 'salon' };
  const days = (JSON.parse(row.stylist_hours || '[]') as [number, number, number, [number, number][] | null][]).map(
    ([weekday, start, end, breaks]): WorkingDay => ({ weekday, start, end, breaks: breaks ?? [] }),
  );
  return { hours: hoursFromStylists(days), source: 'stylists' };
}

export function salonById(db: D1Database, id: number): Promise<SalonRow | null> {
  return db.prepare(`${SALON_SELECT} WHERE s.id = ?`).bind(id).first<SalonRow>();
}

/** A salon's short booking URL: its slug under /s/, or its booking path when it has none. */
export function shortUrlOf(row: { id: number; short_slug: string | null }): string {
  return row.short_slug ? `/s/${row.short_slug}` : `/salon/${row.id}`;
}

/** The public view of a salon; never includes the admin key hash or routing internals. */
export function toSalonDetails(row: SalonRow): SalonDetails {
  const logo = imageOf(row.logo);
  const hours = openingHoursOf(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    addressLine2: row.address_line_2,
    city: row.city,
    postcode: row.postcode,
    timezone: row.timezone,
    currency: row.currency,
    country: { code: row.country_code },
    image: logo?.url ?? row.image,
    group: row.group_id,
    online_booking: !!row.online_booking,
    online_booking_off_message: row.online_booking_off_message,
    needs_card: !!row.needs_card,
    no_show_protection: !!row.no_show_protection,
    has_waitlist: !!row.has_waitlist,
    skip_today: !!row.skip_today,
    book_ncob_with_same: !!row.book_ncob_with_same,
    ncob_mode: row.ncob_mode,
    ncob_deposit_settings: row.ncob_deposit_settings,
    ncob_stylists_count: row.stylists_count,
    ncob_welcome_message: row.ncob_welcome_message,
    ncob_patch_test_copy: row.ncob_patch_test_copy,
    salon_ncob_text: row.salon_ncob_text,
    check_ncob_availability_until: row.check_ncob_availability_until,
    fb_details: { fb_pixel_id: row.fb_pixel_id },
    redirect_after_ncob_booking: !!row.redirect_after_ncob_booking,
    salon_website_link: row.salon_website_link,
    stripe_voucher_link: row.stripe_voucher_link,
    can_take_voucher_payments: !!row.can_take_voucher_payments,
    theme_mode: row.theme_mode,
    brand_colour: row.brand_colour,
    ncob_tiny_url: shortUrlOf(row),
    allow_self_cancellation: !!row.allow_self_cancellation,
    cancellation_window_hours: row.cancellation_window_hours,
    max_upcoming_online_bookings: row.max_upcoming_online_bookings,
    refund_deposit_outside_window: !!row.refund_deposit_outside_window,
    vouchers: voucherOfferOf(row),
    logo,
    cover: imageOf(row.cover),
    map_link: mapLinkOf({
      name: row.name,
      lines: [row.address_line_1, row.address_line_2],
      city: row.city,
      postcode: row.postcode,
      country: row.country_code,
    }),
    opening_hours: hours.hours,
    opening_hours_source: hours.source,
  };
}

/** A stored image (JSON {key, width, height}) as the public data shows it. */
export function imageOf(stored: string | null): SalonImage | null {
  if (!stored) return null;
  const { key, width, height } = JSON.parse(stored) as { key: string; width: number; height: number };
  return { url: mediaUrl(key), width, height };
}

/** A group with the locations its picker shows, in the group owner's order (migration 0021). */
/**
 * A group and its visible locations, in the picker's order. `db` holds the group's row (the first
 * database); `locationsIn` every database that holds some of its locations (db/spanning.ts).
 */
export async function groupById(db: D1Database, id: number, locationsIn: D1Database[] = [db]): Promise<Group | null> {
  const locations = (l: D1Database) =>
    l.prepare(`${SALON_SELECT} WHERE s.group_id = ? AND s.picker_hidden = 0`).bind(id).all<Record<string, unknown>>();
  const [group, ...found] = await Promise.all([
    db.prepare('SELECT id, name, picker_heading, picker_text FROM salon_groups WHERE id = ?').bind(id).all(),
    ...locationsIn.map(locations),
  ]);
  const g = group?.results[0] as { id: number; name: string; picker_heading: string; picker_text: string } | undefined;
  if (!g) return null;
  const salons = { results: found.flatMap((f) => f.results).sort(pickerOrder) };
  return {
    id: g.id,
    name: g.name,
    heading: g.picker_heading,
    text: g.picker_text,
    salons: ((salons?.results ?? []) as unknown as (SalonRow & { latitude: number | null; longitude: number | null })[]).map((row) => {
      const d = toSalonDetails(row);
      return {
        id: d.id,
        name: d.name,
        ncob_tiny_url: d.ncob_tiny_url,
        address: [[d.address_line_1, d.address_line_2].filter(Boolean).join(', '), [d.city, d.postcode].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', '),
        map_link: d.map_link,
        timezone: d.timezone,
        opening_hours: d.opening_hours,
        latitude: row.latitude,
        longitude: row.longitude,
      };
    }),
  };
}

type Placed = { picker_position?: unknown; name?: unknown; id?: unknown };
/** The picker's order: placed locations first by place, then by name and id. */
function pickerOrder(a: Placed, b: Placed): number {
  const pa = a.picker_position as number | null;
  const pb = b.picker_position as number | null;
  if ((pa === null) !== (pb === null)) return pa === null ? 1 : -1;
  if (pa !== null && pb !== null && pa !== pb) return pa - pb;
  const [na, nb] = [String(a.name), String(b.name)];
  return na < nb ? -1 : na > nb ? 1 : Number(a.id) - Number(b.id);
}

/** Which salon a custom domain or short URL slug belongs to. */
export async function salonIdBy(db: D1Database, by: 'custom_domain' | 'short_slug', value: string) {
  const row = await db.prepare(`SELECT id FROM salons WHERE ${by} = ?`).bind(value).first<{ id: number }>();
  return row?.id ?? null;
}

/** The salon's deposit settings (JSON), or null for an unknown salon. */
export async function depositSettingsOf(db: D1Database, salonId: number): Promise<string | null> {
  const row = await db
    .prepare('SELECT ncob_deposit_settings FROM salons WHERE id = ?')
    .bind(salonId)
    .first<{ ncob_deposit_settings: string }>();
  return row?.ncob_deposit_settings ?? null;
}

export async function salonExists(db: D1Database, salonId: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS ok FROM salons WHERE id = ?').bind(salonId).first()) !== null;
}
