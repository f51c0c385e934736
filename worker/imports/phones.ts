import { phoneOfPlan } from '../../shared/countries';

/**
 * A phone as staff typed it ("07700 900123", "+44 7700 900123", "(07700) 900123") in E.164 by the
 * salon's country, with whether it is a mobile (a landline is kept, never texted). Read by the
 * countries' phone plans (shared/countries.ts phoneOfPlan), as the new salon's phone is:
 * libphonenumber-js with its metadata would add about 12 KB gzip to the Worker.
 */
export type PhoneOf = (raw: string) => { e164: string; mobile: boolean } | null;

export function phoneReader(country: string): PhoneOf {
  return (raw) => {
    const found = phoneOfPlan(raw, country);
    return found && { e164: found.e164, mobile: found.mobile };
  };
}
