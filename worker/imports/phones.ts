import { parsePhoneNumberFromString, type CountryCode, type MetadataJson } from 'libphonenumber-js/core';
import metadata from './phone-metadata.json';

/**
 * A phone as staff typed it ("07700 900123", "+44 7700 900123", "(07700) 900123") in E.164 by the
 * salon's country, with whether it is a mobile (a landline is kept, never texted). libphonenumber's
 * rules with the metadata of the countries a salon can be in only (shared/countries.ts), made by
 * `node scripts/phone-metadata.mjs`: its whole metadata would add about 14 KB gzip to the Worker.
 */
export type PhoneOf = (raw: string) => { e164: string; mobile: boolean } | null;

export function phoneReader(country: string): PhoneOf {
  return (raw) => {
    const p = parsePhoneNumberFromString(
      raw,
      { defaultCountry: country as CountryCode, extract: false },
      metadata as unknown as MetadataJson,
    );
    // possible for the country's plan (its lengths), as the product's phone fields check; a number
    // in no known range (a drama number, a new range) is taken and, its type unknown, texted
    if (!p?.isPossible()) return null;
    const type = p.isValid() ? p.getType() : undefined;
    return { e164: p.number, mobile: type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' };
  };
}
