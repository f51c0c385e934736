import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { E164 } from '../../shared/account-rules';

/**
 * The number in E.164 (+447700900123) when it is a possible number for the country (the right
 * length for its country code), else null. Possible rather than "valid": the stricter check
 * refuses the numbers regulators reserve for tests and fiction (Ofcom's 07700 900xxx, which the
 * demo account uses), and new ranges before the library learns of them.
 */
export function toE164(raw: string, country: string): string | null {
  const n = parsePhoneNumberFromString(raw, country as CountryCode);
  return n?.isPossible() ? n.number : null;
}

/**
 * The number a phone input holds, in E.164, when the session calls take it: a possible number for
 * the country, typed with at least 4 digits (docs/booking/accounts-and-money.md §5), that the shared E.164
 * rule accepts; else null.
 */
export function phoneOf(raw: string, country: string): string | null {
  const e164 = toE164(raw, country);
  return e164 && raw.replace(/\D/g, '').length >= 4 && E164.test(e164) ? e164 : null;
}

/** What a form keeps of a phone input. */
export interface PhoneValue {
  number: string;
  country: string;
}

/** An E.164 number (+447700900123) as the input shows it: its country and national number. */
export function fromE164(e164: string, fallbackCountry: string): { value: string; country: string } {
  const n = parsePhoneNumberFromString(e164);
  return n ? { value: n.formatNational(), country: n.country ?? fallbackCountry } : { value: e164, country: fallbackCountry };
}

/** Phone inputs accept only digits, plus, parentheses and spaces (docs/booking/accounts-and-money.md §5). */
export const phoneChars = (s: string) => s.replace(/[^\d+() ]/g, '');

/**
 * A search as staff type it (a name, or a phone as they say it: '07700 900123', '+44 7700 900123'):
 * a phone read in the salon's country becomes its national number without the trunk prefix
 * ('7700900123'), which is part of the number as kept (+447700900123) however it was typed, and
 * part of it for a number typed only in part; a name is searched as typed.
 */
export function phoneSearchOf(typed: string, country: string): string {
  const q = typed.trim();
  if (!/^[\d\s+().-]+$/.test(q)) return q;
  return parsePhoneNumberFromString(q, country as CountryCode)?.nationalNumber ?? q;
}
