// Writes shared/phone-metadata.json: libphonenumber-js's "min" metadata cut to the countries a
// salon may sign up in (shared/countries.ts), so the Worker checks a salon's phone number for its
// country without carrying every country's rules (the whole metadata is 31 KB gzip of the Worker's
// bundle; these six are about 3). Run after upgrading libphonenumber-js: `node scripts/phone-metadata.mjs`
// (tests/unit/phone-metadata.test.ts fails while the file is older than the library's).
import { readFileSync, writeFileSync } from 'node:fs';

export const PHONE_COUNTRIES = ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'];

export function phoneMetadata() {
  const all = JSON.parse(readFileSync(new URL('../node_modules/libphonenumber-js/metadata.min.json', import.meta.url), 'utf8'));
  const codes = {};
  for (const [code, countries] of Object.entries(all.country_calling_codes)) {
    const kept = countries.filter((c) => PHONE_COUNTRIES.includes(c));
    if (kept.length) codes[code] = kept;
  }
  return {
    version: all.version,
    country_calling_codes: codes,
    countries: Object.fromEntries(PHONE_COUNTRIES.map((c) => [c, all.countries[c]])),
    nonGeographic: {},
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../shared/phone-metadata.json', import.meta.url), `${JSON.stringify(phoneMetadata())}\n`);
}
