import type { OpeningHoursSetting, SettingName, Weekday } from '../../../shared/console/settings';

const money = (minor: number) => (minor / 100).toFixed(2);

/** Monday first, as the Booking page lists the days. */
const DAYS: [Weekday, string][] = [
  ['monday', 'Mon'],
  ['tuesday', 'Tue'],
  ['wednesday', 'Wed'],
  ['thursday', 'Thu'],
  ['friday', 'Fri'],
  ['saturday', 'Sat'],
  ['sunday', 'Sun'],
];
const HTML_SETTINGS = new Set(['ncob_welcome_message', 'salon_ncob_text', 'online_booking_off_message']);

/** The opening hours as a week: "Mon 09:00–17:30; …; Sun closed". */
function hoursOf(h: NonNullable<OpeningHoursSetting>): string {
  return DAYS.map(([day, short]) => {
    const openings = h[day] ?? [];
    return `${short} ${openings.length ? openings.map((o) => `${o.open}–${o.close}`).join(', ') : 'closed'}`;
  }).join('; ');
}

/** The words of a salon's HTML text, without its tags (History shows what it says, not its markup). */
function textOf(html: string): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text || 'empty';
}

/** A setting's value in words, for the stale-save notice and History. */
export function describeValue(field: SettingName | string, value: unknown): string {
  if (value === null || value === undefined) {
    if (field === 'opening_hours') return 'from the stylists’ hours';
    return field === 'brand_colour' ? 'the theme’s own colours' : 'none';
  }
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (value === '') return 'empty';
  if (field === 'deposit' && typeof value === 'object') {
    const d = value as { type: string; amount?: number; percent?: number };
    return d.type === 'fixed' ? `${money(d.amount ?? 0)} fixed` : d.type === 'percentage' ? `${d.percent}% of the price` : 'no deposit';
  }
  if (field === 'no_show_fee' && typeof value === 'number') return money(value);
  if (field === 'voucher_amounts' && Array.isArray(value)) return value.length ? value.map((v) => money(Number(v))).join(', ') : 'none';
  if (field === 'voucher_custom' && typeof value === 'object') {
    const r = value as { min: number; max: number };
    return `${money(r.min)} to ${money(r.max)}`;
  }
  if (field === 'reminders' && typeof value === 'object') {
    const r = value as { day_before: boolean; two_hours_before: boolean; channel: 'text' | 'email' | 'both' };
    const when = [r.day_before && '24 hours before', r.two_hours_before && '2 hours before'].filter(Boolean).join(' and ');
    return when ? `${when}, by ${r.channel === 'both' ? 'text and email' : r.channel}` : 'off';
  }
  if (field === 'opening_hours' && typeof value === 'object') return hoursOf(value as NonNullable<OpeningHoursSetting>);
  if (field === 'theme_mode' && typeof value === 'string') return value.charAt(0).toUpperCase() + value.slice(1);
  if (Array.isArray(value)) return value.map((v) => describeValue('', v)).join(', ');
  if (typeof value === 'object') {
    // a setting this file does not know yet: its parts in words, never its JSON
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k.replace(/_/g, ' ')} ${describeValue('', v)}`)
      .join(', ');
  }
  const text = HTML_SETTINGS.has(field) ? textOf(String(value)) : String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
