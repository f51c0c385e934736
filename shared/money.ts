/** Money is integer minor units inside the product; the API speaks major units to 2 places. */

export function toMinor(major: number): number {
  return Math.round(major * 100);
}

export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

/** A major amount with at most 2 decimals (12.5 and 12.50 yes, 12.505 no). */
export function hasAtMost2Decimals(major: number): boolean {
  return Number.isFinite(major) && Math.abs(major * 100 - Math.round(major * 100)) < 1e-6;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units in the salon's currency with 2 decimals, e.g. £45.00 or $35.00. */
export function formatMoney(minor: number, currency: string, countryCode = 'GB'): string {
  const key = `${currency}|${countryCode}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(`en-${countryCode}`, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, fmt);
  }
  return fmt.format(minor / 100);
}

/**
 * A price or price range as the service list shows it: '£45.00', '£40.00 - £65.00', and a
 * 'from' prefix for variable pricing ('from £120.00').
 */
export function formatPriceRange(minMinor: number, maxMinor: number, variable: boolean, currency: string, countryCode?: string): string {
  const min = formatMoney(minMinor, currency, countryCode);
  if (variable) return `from ${min}`;
  if (maxMinor > minMinor) return `${min} - ${formatMoney(maxMinor, currency, countryCode)}`;
  return min;
}

/** A duration range in minutes: '45 min', '1 hr 15 min', '30 - 45 min'. */
export function formatDurationRange(minMinutes: number, maxMinutes: number): string {
  if (maxMinutes > minMinutes) {
    if (maxMinutes < 60) return `${minMinutes} - ${maxMinutes} min`;
    return `${formatDuration(minMinutes)} - ${formatDuration(maxMinutes)}`;
  }
  return formatDuration(minMinutes);
}

function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}
