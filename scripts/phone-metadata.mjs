// Writes worker/imports/phone-metadata.json: libphonenumber-js's "max" metadata (which tells a
// mobile from a landline) cut to the countries a salon can sign up in (shared/countries.ts), for
// the imports' phone rules (worker/imports/phones.ts). Run it again when libphonenumber-js or the
// countries change.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const full = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.max.json'), 'utf8'));
const source = readFileSync(new URL('../shared/countries.ts', import.meta.url), 'utf8');
const kept = [...source.matchAll(/^\s{4}code: '([A-Z]{2})'/gm)].map((m) => m[1]);
const countries = Object.fromEntries(kept.map((c) => [c, full.countries[c]]));
const codes = {};
for (const [code, list] of Object.entries(full.country_calling_codes)) {
  const mine = list.filter((c) => kept.includes(c));
  if (mine.length) codes[code] = mine;
}
writeFileSync(
  new URL('../worker/imports/phone-metadata.json', import.meta.url),
  JSON.stringify({ version: full.version, country_calling_codes: codes, countries }) + '\n',
);
console.log(`phone metadata for ${kept.join(', ')}`);
