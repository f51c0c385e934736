import type { SettingName } from '../../../shared/console/settings';

const money = (minor: number) => (minor / 100).toFixed(2);

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
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
