// The production bundle: `wrangler deploy --dry-run --env production`, its size raw and gzip,
// and a check that no stand-in code or local key is in it; and the first-load JS of a booking
// page. `npm run bundle` prints the figures; `npm test` runs it and fails on a stand-in identifier
// or a size over either budget (a first load over 110 KB gzip fails the run, not only the bench).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run } from './lib.mjs';

// 250 until the first screen was rendered at the edge (issue 17): React's streaming renderer and the
// first screen's components add 70 KB gzip (dist/ssr). 350 until the console's second part (issue
// 29: the diary, the desk, vouchers, clients, requests and no-show fees: 341 → 353 KB gzip). 360
// until salons' own domains, short names and the group picker's calls and Cron Trigger (issue 31:
// → 361.6 KB gzip), and reminders and delivery status (issue 30: standardwebhooks for Resend's
// Svix signatures, 4.8 KB gzip, and the cron, links, webhooks and Today, 6 KB), and the attack's
// limits and checks (issue 33): 353.2 → 376.5 KB gzip for the three. 380 until the salon's brand
// colour (its contrast maths at the edge, 2.2 KB), D1 sessions with bookmarks (issue 32) and the
// theme font's preload (issue 35): 377.7 → 381.9 KB gzip.
// Then zod taken as a namespace (`import * as z`, shared/zod.ts): esbuild had kept its whole `z`
// object with the 63 locales we never use, and drops them now: 384.3 → 317.8 KB gzip (1,482 →
// 1,120 KB raw), and the budget back to 330 (2026-11-28).
// Over it again (334.8 KB gzip) after the round of the menu, staff and salon merges; then Pusher's
// HTTP API called with a signed fetch (worker/pusher.ts, docs/booking/realtime.md) instead of the `pusher`
// SDK, its tweetnacl and node-fetch shim: 334.8 → 318.6 KB gzip (1,177 → 1,128 KB raw), and 318.2
// with the group picker passed to the server render (2026-12-02). Then a salon's own sign-up and
// set-up and Stripe Connect (issue 49): → 325.1 KB gzip, the new salon's phone checked by its
// country's plan (shared/countries.ts) rather than libphonenumber's data, which was 14 KB more.
// zod's locales stayed out (only en.js is bundled); the next saving was the ics library and the
// yup it validates with (80 KB raw): the booking's calendar file is written by
// worker/bookings/calendar-file.ts itself: 325.4 → 300.6 KB gzip (1,150 → 1,070 KB raw), and the
// budget lowered by what that earned, 330 → 305 (2026-12-02).
// Over it again (317.9 KB gzip) after the round of merges (time off, set-up, texts); then the
// stripe SDK out of the Worker (255 KB raw of the bundle): Stripe's API spoken over fetch
// (worker/payments/stripe-api.ts, docs/payments.md §9) and webhook signatures checked with
// crypto.subtle: 317.9 → 284.0 KB gzip (1,131.7 → 885.2 KB raw), and the budget lowered to 288
// (2026-12-02).
// Cloudflare's limits are 3 MB (free) and 10 MB (paid) gzip.
// Then imports from other salon systems (issue 50: papaparse for CSV, fflate and saxen for the
// workbook, the rows' rules; the phones read by shared/countries.ts's plans, not libphonenumber):
// → 315.4 KB gzip (973.3 KB raw). The round's two savings (ics and yup, 24.6 KB; the stripe SDK,
// 33.9 KB) paid for replies by text, waitlist offers, the set-up's checklist and imports: the budget
// 318, under the 330 the round began with (2026-12-02).
// Then the Worker's texts read the salon's wall clock through Intl (shared/zoned-time.ts) rather than
// date-fns' `format` and its English locale, and Resend's Standard Webhooks signature is checked with
// crypto.subtle rather than the standardwebhooks package, its SHA-256 and base64 code: 315.4 → 304.2
// KB gzip (973.3 → 938.9 KB raw), room kept for the round's checkout, reports and Google's booking
// server (2026-12-02).
// Then Cognito's access tokens checked with WebCrypto (edge/access-tokens.ts, aws-jwt-verify's rules,
// 5.2 KB) and the Google service account's JWT signed with crypto.subtle instead of jose (3.5 KB).
// The round's savings (ics and yup 24.6, the stripe SDK 33.9, date-fns' format and standardwebhooks
// 11.2, aws-jwt-verify 5.2, jose 3.5: 78.4 KB gzip) did not cover all of its features: checkout and
// its Terminal reader (+10.2), reports (+5.6), Google's booking server, feeds and real-time updates
// (+12.7), repeat series and several services at the desk (+2.4), imports, texts and the diary (+2.7):
// 329.2 KB gzip after the merges. The budget goes back to the 330 the round began with, not past it.
// Then zod's JSON Schema code out (worker/zod-json-schema-stub.ts in its place through wrangler's
// [alias]: zod's classic schemas import it for toJSONSchema() and the `~standard.jsonSchema`
// methods, which the Worker never calls; 18.9 KB raw), 329.1 → 323.2 KB gzip, and react-router out
// of the first screen's server render (client/app/server-router.tsx, a static router that renders
// the same HTML: the server render 72.0 → 60.1 KB gzip alone), → 310.4 KB gzip (1,022.2 → 967.1 KB
// raw), 310.9 with the edge's per-request savings and main's latest merges, and the budget
// lowered to what that earned, 330 → 313 (2026-12-02).
// The 20 biggest inputs then (KB of the minified bundle, esbuild's metafile: `wrangler deploy
// --dry-run --env production --outdir x --metafile x/meta.json`): dist/ssr/entry-server.js 192.3
// (react-dom/server 99.6 of it), zod/v4/core/schemas.js 26.9, papaparse 19.3, zod/v4/classic/
// schemas.js 15.0, zod/v4/core/util.js 14.9, worker/payments/checkout.ts 13.6, worker/db/sales.ts
// 12.5, worker/db/reports.ts 11.7, worker/config.ts 10.9, worker/console/desk.ts 9.3,
// worker/api/console/time-off.ts 9.0, worker/db/imports.ts 7.9, worker/api/admin-settings.ts 7.8,
// saxen 7.6, shared/console/imports.ts 7.5, worker/db/stylists.ts 7.4, aws4fetch 7.4,
// worker/db/salon-clients.ts 7.2, zod/v4/core/regexes.js 6.7, worker/imports/run.ts 6.7.
// The next saving, measured: papaparse (19.3 KB raw) for the imports' CSV, whose rules are few.
// Then Web Push to staff (@block65/webcrypto-web-push, its notices and calls: +4.5), less a salon's
// wall-clock times read through Intl rather than date-fns-tz (-2.3): 313.4 KB gzip, and the budget
// 316, two whole KB over it (2026-12-02).
export const BUDGET_GZIP_KB = 316;
/** Strings only the stand-ins have: their local keys and ids, their tables and their pages. */
const STAND_IN_MARKERS = [
  'local_standin',
  'whsec_local',
  // the stand-ins' Resend webhook secret (base64 of local_standin_resend_webhook)
  'bG9jYWxfc3RhbmRpbl9yZXNlbmRfd2ViaG9vaw',
  'sk_test_local',
  'pk_test_local',
  'AC00000000000000000000000000000000',
  'Local0001',
  'local-app-client',
  'local-staff-client',
  'Staff0001',
  'LOCALSTANDIN',
  'staff_users',
  'local_pusher',
  'local_cloudflare_token',
  'cf_custom_hostnames',
  'idp_users',
  'idp_signing_keys',
  'stripe_payment_intents',
  'dev_outbox',
  'resend_emails',
  'Dev outbox',
  'Complete authentication',
  'AWSCognitoIdentityProviderService.InitiateAuth"',
  'standins/',
];

/** Bundles the product as `wrangler deploy` would for production; answers the bundle's files. */
export function productionBundle() {
  const out = mkdtempSync(join(tmpdir(), 'salon-bundle-'));
  const metafile = join(out, 'meta.json');
  run('wrangler', ['deploy', '--dry-run', '--env', 'production', '--outdir', out, '--metafile', metafile], { timeoutMs: 180_000 });
  const files = readdirSync(out, { recursive: true })
    .map(String)
    .filter((f) => /\.(m?js|wasm)$/.test(f) && statSync(join(out, f)).isFile());
  const bytes = files.map((f) => readFileSync(join(out, f)));
  const { inputs } = JSON.parse(readFileSync(metafile, 'utf8'));
  rmSync(out, { recursive: true, force: true });
  const all = Buffer.concat(bytes);
  const text = all.toString('utf8');
  return {
    files,
    raw: all.length,
    gzip: gzipSync(all, { level: 9 }).length,
    found: STAND_IN_MARKERS.filter((m) => text.includes(m)),
    aliasedElsewhere: stubImporters(inputs).filter((f) => !/node_modules\/zod\/v4\//.test(f)),
  };
}

/**
 * The modules that import worker/zod-json-schema-stub.ts (wrangler.toml's [alias] gives it for the
 * names by which zod's core imports its JSON Schema code): zod's own (its classic and core modules), or the alias caught a module
 * it was not meant for.
 */
function stubImporters(inputs) {
  return Object.entries(inputs)
    .filter(([, input]) => input.imports.some((i) => i.path.endsWith('worker/zod-json-schema-stub.ts')))
    .map(([file]) => file);
}

// Over it (110.7 KB gzip) after the round of roving lists, 'Open now' and the bottom nav; then the
// group picker out of the app chunk (it loads with the group page; the server render passes it in,
// client/app/App.tsx), StaticRouter only in the server's build, and the salon's weekday read from
// shared/opening-hours.ts rather than shared/group-picker.ts: 110.7 → 109.0 KB gzip (2026-12-02).
// Then through a feature's index only the modules of the names the first screen takes (vite.config.ts
// appChunk), a feature's modules but its stores free of side effects: the journey's later calls,
// countdown and submission load with the later screens, 109.1 → 107.5 KB gzip (2026-12-02).
/** The first-load JS budget of a booking page (issue 9): the entry and the chunks it loads at once. */
export const FIRST_LOAD_BUDGET_GZIP_KB = 110;

/**
 * The JS a booking page loads before the app runs, from the built template (dist/client/index.html):
 * its entry script, and the chunks the entry imports (the app, fetched after the first paint).
 * `npm run bench` measures the same through a running server.
 */
export function firstLoadJs(dir = 'dist/client') {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = new Set([...html.matchAll(/<script[^>]*\ssrc="\/(assets\/[\w.-]+\.js)"/g)].map((m) => m[1]));
  for (const f of [...files]) {
    const code = readFileSync(join(dir, f), 'utf8');
    for (const [, path] of code.matchAll(/["'`](?:\.\/|\/)?(assets\/[\w.-]+\.js)["'`]/g)) files.add(path);
    for (const [, name] of code.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) files.add(`assets/${name}`);
  }
  const gzip = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
  return { files: [...files], gzip };
}

/** The console's first-load JS budget (issue 57): what a signed-in owner's browser loads to open /console at 1280 px. */
export const CONSOLE_FIRST_LOAD_BUDGET_GZIP_KB = 150;

/**
 * The JS the console loads to show a signed-in owner their landing place at 1280 px: its entry
 * (dist/client/console/index.html) with every chunk the entry imports statically, and the landing
 * screen's lazy chunk (Today, client/console/app/places.ts HOME) with the chunks Vite preloads with
 * it (`__vite__mapDeps`). Nothing the width changes is loaded apart (the shell picks its navigation
 * by a media query), so 390 px loads the same. As for a booking page, the live channel's pusher-js
 * (17.4 KB gzip) is left out: it loads after Today is shown, once the channel's call answers. The
 * sign-in screens (react-hook-form, their schemas) are lazy: a signed-in load never has them.
 * Before they were (2026-12-02): 155.7 KB on main, 159.7 with the phone's bar and the Booking
 * page's sections; after: see CHANGELOG.md.
 */
export function consoleFirstLoadJs(dir = 'dist/client/console', landing = 'Today') {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = new Set([...html.matchAll(/<(?:script|link)[^>]*\s(?:src|href)="\/console\/(assets\/[\w.-]+\.js)"/g)].map((m) => m[1]));
  const entry = [...html.matchAll(/<script[^>]*\ssrc="\/console\/(assets\/[\w.-]+\.js)"/g)].map((m) => m[1])[0];
  const code = readFileSync(join(dir, entry), 'utf8');
  // the landing screen's chunk and its preloaded chunks, by their indices in the entry's list
  const deps = [...(/__vite__mapDeps=[^[]*\[([^\]]*)\]/.exec(code)?.[1] ?? '').matchAll(/"console\/(assets\/[\w.-]+\.js)"/g)].map(
    (m) => m[1],
  );
  const lazy = new RegExp(`import\\(\`\\./(${landing}-[\\w-]+\\.js)\`\\)[^;]*?__vite__mapDeps\\(\\[([\\d,]+)\\]\\)`).exec(code);
  if (!lazy) throw new Error(`The console's ${landing} chunk was not found in ${entry}`);
  files.add(`assets/${lazy[1]}`);
  for (const i of lazy[2].split(',')) files.add(deps[Number(i)]);
  // and whatever those import statically
  for (const f of [...files]) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const [, name] of text.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) files.add(`assets/${name}`);
  }
  const gzip = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
  return { files: [...files], gzip };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const first = firstLoadJs();
  console.log(
    `First-load JS of a booking page (${first.files.join(', ')}): ${(first.gzip / 1024).toFixed(1)} KB gzip (budget ${FIRST_LOAD_BUDGET_GZIP_KB} KB: ${first.gzip <= FIRST_LOAD_BUDGET_GZIP_KB * 1024 ? 'PASS' : 'FAIL'})`,
  );
  if (first.gzip > FIRST_LOAD_BUDGET_GZIP_KB * 1024) process.exit(1);
  const consoleFirst = consoleFirstLoadJs();
  console.log(
    `First-load JS of the console at 1280 px, signed in on Today (${consoleFirst.files.length} files): ${(consoleFirst.gzip / 1024).toFixed(1)} KB gzip (budget ${CONSOLE_FIRST_LOAD_BUDGET_GZIP_KB} KB: ${consoleFirst.gzip <= CONSOLE_FIRST_LOAD_BUDGET_GZIP_KB * 1024 ? 'PASS' : 'FAIL'})`,
  );
  if (consoleFirst.gzip > CONSOLE_FIRST_LOAD_BUDGET_GZIP_KB * 1024) process.exit(1);
  const b = productionBundle();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `Production bundle (${b.files.join(', ')}): ${kb(b.raw)} raw, ${kb(b.gzip)} gzip (budget ${BUDGET_GZIP_KB} KB gzip: ${b.gzip <= BUDGET_GZIP_KB * 1024 ? 'PASS' : 'FAIL'})`,
  );
  console.log(`Stand-in identifiers or local keys in it: ${b.found.length ? b.found.join(', ') : 'none'}`);
  if (b.aliasedElsewhere.length) console.log(`zod's JSON Schema stand-in imported by other modules: ${b.aliasedElsewhere.join(', ')}`);
  if (b.found.length || b.aliasedElsewhere.length || b.gzip > BUDGET_GZIP_KB * 1024) process.exit(1);
}
