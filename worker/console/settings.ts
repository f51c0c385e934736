import type { ConsoleSettings, DepositSetting, OpeningHoursSetting, SettingsPatch } from '../../shared/console/settings';
import { SETTING_NAMES } from '../../shared/console/settings';
import type { RemindersSetting } from '../../shared/console/reminders';
import type { ThemeMode } from '../../shared/constants';
import { WEEKDAY_NAMES, type WeekHours } from '../../shared/salon-identity';
import type { SalonRow } from '../db/salons';
import type { SettingChange } from '../db/settings-history';

/**
 * The console's settings and the salons table: one mapping each way, so the console, the admin
 * API and the booking pages keep one meaning per column (docs/admin-api.md).
 */

/** ncob_deposit_settings as stored ('null', a percentage, or a fixed amount in major units: shared/booking-request.ts depositFor). */
export function depositOf(stored: string): DepositSetting {
  try {
    const s = JSON.parse(stored) as { type?: string; value?: number; amount?: number } | null;
    if (s?.type === 'percentage' && typeof s.value === 'number' && s.value > 0)
      return { type: 'percentage', percent: Math.min(100, Math.round(s.value)) };
    if (s?.type === 'fixed' && typeof s.amount === 'number' && s.amount > 0) return { type: 'fixed', amount: Math.round(s.amount * 100) };
  } catch {
    /* unreadable: no deposit, as the booking flow reads it */
  }
  return { type: 'none' };
}

export function storedDeposit(d: DepositSetting): string {
  if (d.type === 'percentage') return JSON.stringify({ type: 'percentage', value: d.percent });
  if (d.type === 'fixed') return JSON.stringify({ type: 'fixed', amount: d.amount / 100 });
  return 'null';
}

function hoursOf(stored: string | null): OpeningHoursSetting {
  if (!stored) return null;
  const week = JSON.parse(stored) as WeekHours;
  return Object.fromEntries(WEEKDAY_NAMES.map((d, i) => [d, week[i] ?? []])) as NonNullable<OpeningHoursSetting>;
}

/** A salon's settings as the console shows them. */
export function settingsOf(row: SalonRow): ConsoleSettings {
  const { voucher_custom_min: min, voucher_custom_max: max } = row;
  return {
    theme_mode: row.theme_mode as ThemeMode,
    brand_colour: row.brand_colour,
    online_booking: !!row.online_booking,
    online_booking_off_message: row.online_booking_off_message,
    max_upcoming_online_bookings: row.max_upcoming_online_bookings,
    max_anonymous_holds: row.max_anonymous_holds,
    ncob_welcome_message: row.ncob_welcome_message,
    salon_ncob_text: row.salon_ncob_text,
    needs_card: !!row.needs_card,
    deposit: depositOf(row.ncob_deposit_settings),
    no_show_protection: !!row.no_show_protection,
    no_show_fee: row.no_show_fee,
    allow_self_cancellation: !!row.allow_self_cancellation,
    cancellation_window_hours: row.cancellation_window_hours,
    refund_deposit_outside_window: !!row.refund_deposit_outside_window,
    has_waitlist: !!row.has_waitlist,
    waitlist_offer_minutes: row.waitlist_offer_minutes,
    vouchers_on_sale: !!row.vouchers_on_sale,
    voucher_amounts: JSON.parse(row.voucher_amounts) as number[],
    voucher_custom: min !== null && max !== null ? { min, max } : null,
    voucher_validity_months: row.voucher_validity_months,
    reminders: { day_before: !!row.reminder_24h, two_hours_before: !!row.reminder_2h, channel: row.reminder_channel },
    name: row.name,
    phone: row.phone,
    email: row.email,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    city: row.city,
    postcode: row.postcode,
    country_code: row.country_code,
    opening_hours: hoursOf(row.opening_hours),
    fb_pixel_id: row.fb_pixel_id,
  };
}

/** The columns a change of settings writes (flags stay booleans: db/salons.ts stores them as 0/1). */
export function columnsOf(change: SettingsPatch): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(change) as [keyof SettingsPatch, unknown][]) {
    if (name === 'deposit') columns.ncob_deposit_settings = storedDeposit(value as DepositSetting);
    else if (name === 'voucher_amounts') columns.voucher_amounts = JSON.stringify([...(value as number[])].sort((a, b) => a - b));
    else if (name === 'voucher_custom') {
      const range = value as { min: number; max: number } | null;
      columns.voucher_custom_min = range?.min ?? null;
      columns.voucher_custom_max = range?.max ?? null;
    } else if (name === 'reminders') {
      const r = value as RemindersSetting;
      columns.reminder_24h = r.day_before ? 1 : 0;
      columns.reminder_2h = r.two_hours_before ? 1 : 0;
      columns.reminder_channel = r.channel;
    } else if (name === 'opening_hours') {
      const week = value as OpeningHoursSetting;
      columns.opening_hours = week === null ? null : JSON.stringify(WEEKDAY_NAMES.map((d) => week[d]));
    } else columns[name] = value;
  }
  return columns;
}

/** The settings that differ between two sets, with their old and new values. */
export function changesBetween(before: ConsoleSettings, after: ConsoleSettings): SettingChange[] {
  return SETTING_NAMES.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])).map((field) => ({
    field,
    old: before[field],
    new: after[field],
  }));
}

/** Which settings that take a card are on (payments/card-settings.ts). */
export const cardSettingsOf = (s: Pick<ConsoleSettings, 'needs_card' | 'deposit' | 'no_show_protection' | 'vouchers_on_sale'>) => ({
  needs_card: s.needs_card,
  deposit: s.deposit.type !== 'none',
  no_show_protection: s.no_show_protection,
  vouchers_on_sale: s.vouchers_on_sale,
});

/** The same, of a salon row (the admin API's settings are its columns). */
export const cardSettingsOfRow = (row: SalonRow) =>
  cardSettingsOf({
    needs_card: !!row.needs_card,
    deposit: depositOf(row.ncob_deposit_settings),
    no_show_protection: !!row.no_show_protection,
    vouchers_on_sale: !!row.vouchers_on_sale,
  });
