import { createServer } from 'node:net';
// Helpers shared by the start, test and bench scripts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// No network here: never try to fetch Cloudflare's Request.cf sample or send metrics.
const env = {
  ...process.env,
  CI: 'true',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_UPDATE_NOTIFIER: '1',
};

/**
 * Runs a command from node_modules/.bin (npm puts it on PATH) and stops on failure. It never
 * reads standard input (nothing may wait for a prompt) and is stopped after `timeoutMs`.
 * `quiet`: what it prints is kept back, and shown only when it fails (wrangler's d1 execute prints
 * the JSON of every statement it ran: thousands of lines for the migrations and the demo data).
 */
export function run(cmd, args, { timeoutMs = 20 * 60_000, quiet = false, ...opts } = {}) {
  const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
  const r = spawnSync(cmd, args, { stdio, env, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024, ...opts });
  if (r.status !== 0) {
    if (quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    const why =
      r.error?.code === 'ETIMEDOUT'
        ? `timed out after ${timeoutMs / 1000} s`
        : r.error
          ? `${r.error.message}${r.error.code === 'ENOENT' ? `: is ${cmd} on the PATH? (npm run puts node_modules/.bin there)` : ''}`
          : `exit ${r.status ?? r.signal}`;
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (${why})`);
    process.exit(r.status || 1);
  }
}

/** A repeatable pseudo-random sequence in [0, 1) from a seed (mulberry32), for generated test and bench data. */
export function seededRandom(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Debian's chromium and the flags it runs with here (the machine's own browser: no downloads, no network of its own). */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * The browser tests' Chromium: Debian's chromium-headless-shell, the same Chromium 156 built
 * without the browser's own interface (windows, omnibox, WebUI pages), which a test never sees.
 * The whole browser suite took 555 CPU-s of Chromium and Playwright with it and 645 with
 * /usr/bin/chromium, and 453 s against 488 (2026-11-29, same machine, same code). Its text is
 * drawn with other anti-aliasing, so the visual references (tests/e2e/visual.spec.ts-snapshots)
 * are drawn with it.
 */
export const E2E_CHROMIUM = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 loads its omnibox's popup as two WebUI pages (chrome://omnibox-popup.top-chrome/)
  // in a renderer of their own for every window, and updates it on each navigation: a browser
  // context and a salon page load took 1.2-1.35 CPU-s with it and 0.4-0.55 without (2026-11-28).
  // A headless browser shows no omnibox.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/**
 * The browser tests' defaults (tests/e2e/env.ts reads them; scripts/test.mjs starts the servers
 * with them): the first server's port, how many workers and servers (the suite is CPU-bound on
 * two cores; 3 raced hydration), and the instant the tests run at.
 */
export const E2E_DEFAULTS = { port: 8790, workers: 2, clockStart: '2026-12-29T10:00:00Z' };

/**
 * The line scripts/serve-e2e.mjs prints on its stdout once every server answers: what Playwright
 * (tests/e2e/playwright.config.ts, `webServer.wait`) and scripts/test.mjs wait for. A line, not a
 * port: a readiness port of its own could be taken (E2E_PORT + 9 was 9229, node's inspector, for
 * E2E_PORT=9220).
 */
export const E2E_READY = 'serve-e2e: every server is ready';

/** Builds the client into dist/client (Panda codegen, then Vite). */
export function buildClient() {
  // each theme's font, cut to the pages' characters, into public/fonts/ (scripts/fonts.mjs)
  run(process.execPath, ['scripts/fonts.mjs', '--quiet']);
  run('panda', ['codegen', '--silent']);
  consoleStylesheet();
  run('vite', ['build', '--logLevel', 'warn']);
}

/**
 * The console's stylesheet, generated with panda.console.config.ts (the booking pages' one leaves
 * the console's styles out). Without its layer-order statement, Panda's PostCSS plugin (which
 * writes the booking pages' styles into any file that has one) leaves it as it is; its layers
 * still come in Panda's order.
 */
export function consoleStylesheet() {
  const file = 'styled-system/console.css';
  run('panda', ['cssgen', '--silent', '--config', 'panda.console.config.ts', '--outfile', file], { quiet: true });
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^@layer reset, base, tokens, recipes, utilities;\s*/m, ''));
}

const STANDINS_CONFIG = 'standins/wrangler.toml';
/** Where the stand-ins keep their local D1: beside the product's, never in it. */
const standInsPersist = (persistTo) => (persistTo ? `${persistTo}/standins` : '.wrangler/standins');

/**
 * Migrates the product's local D1s in `persistTo` (DB and DB_2) and loads the demo data (with
 * DEMO_DATABASES=2, salon 2 in DB_2), and the same for the stand-ins' own D1 (the demo client's
 * account). Idempotent.
 */
export function prepareLocalDb(persistTo, { now } = {}) {
  const p = persistTo ? ['--persist-to', persistTo] : [];
  const dir = persistTo ?? '.wrangler/state';
  const fresh = !existsSync(join(dir, 'v3', 'd1'));
  prepareD1(p, dir, 'worker/db/migrations', [demoSeed(now)], { fresh });
  // the second database (docs/scale.md, "Salons across databases"): the schema, and with
  // DEMO_DATABASES=2 demo salon 2 moved there (the default of npm start and the browser tests' server)
  prepareD1(p, dir, 'worker/db/migrations', [], { binding: 'DB_2', fresh });
  // (wrangler's platform proxy warns that the product's Durable Object is not in it: it has the
  // databases only, which is all the move uses; kept back unless the move fails)
  if (process.env.DEMO_DATABASES === '2')
    run('node', ['scripts/move-salon.mjs', '--demo', ...(persistTo ? [persistTo] : [])], { timeoutMs: 120_000, quiet: true });
  putDemoMedia(persistTo);
  prepareStandInsDb(persistTo);
}

/**
 * Migrates one local D1 (`binding`, DB by default) and loads its seeds. A database not made yet
 * (`fresh`: by default, none of `persistDir` made yet) is made by one wrangler run
 * of one SQL file: every migration, recorded in `d1_migrations` exactly as `wrangler d1 migrations
 * apply` records it, then the seeds (`migrations apply` starts a local database per migration:
 * about 17 s for the product's on this machine, against 5 s for the one file). An existing one
 * gets the migrations it has not had, then the seeds again (they are idempotent).
 */
function prepareD1(args, persistDir, migrationsDir, seeds, { binding = 'DB', fresh = !existsSync(join(persistDir, 'v3', 'd1')) } = {}) {
  const execute = (file) =>
    run('wrangler', ['d1', 'execute', binding, '--local', '--file', file, ...args], { timeoutMs: 120_000, quiet: true });
  if (!fresh) {
    run('wrangler', ['d1', 'migrations', 'apply', binding, '--local', ...args], { timeoutMs: 300_000, quiet: true });
    seeds.forEach(execute);
    return;
  }
  const migrations = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const sql = [
    // wrangler's own table of applied migrations, as `wrangler d1 migrations apply` creates it
    'CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);',
    ...migrations.map((f) => `${readFileSync(join(migrationsDir, f), 'utf8')}\nINSERT INTO d1_migrations (name) VALUES ('${f}');`),
    ...seeds.map((f) => readFileSync(f, 'utf8')),
  ].join('\n');
  const file = join(tmpdir(), `fresh-d1-${process.pid}-${Date.now()}.sql`);
  writeFileSync(file, sql);
  execute(file);
}

/**
 * The demo data's SQL, dated from `now` (a Date) instead of the machine's day when given: the
 * seed dates everything from SQLite's 'now', which becomes that instant.
 */
function demoSeed(now) {
  const file = 'worker/db/seed/demo.sql';
  if (!now) return file;
  const at = now.toISOString().slice(0, 19).replace('T', ' ');
  const dated = join(tmpdir(), `demo-seed-${process.pid}.sql`);
  writeFileSync(dated, readFileSync(file, 'utf8').replaceAll("'now'", `'${at}'`));
  return dated;
}

/** The demo salons' images into the local MEDIA bucket beside the D1 of `persistTo` (scripts/put-demo-media.mjs). */
export function putDemoMedia(persistTo) {
  run('node', ['scripts/put-demo-media.mjs', ...(persistTo ? [persistTo] : [])], { timeoutMs: 60_000, quiet: true });
}

/** The stand-ins' own local D1: migrated, with the demo client's account and paid deposit. */
export function prepareStandInsDb(persistTo) {
  const dir = standInsPersist(persistTo);
  const seeds = [
    'standins/seed/demo_identity.sql',
    'standins/seed/demo_payments.sql',
    'standins/seed/demo_staff.sql',
    'standins/seed/demo_accounts.sql',
  ];
  prepareD1(['--config', STANDINS_CONFIG, '--persist-to', dir], dir, 'standins/migrations', seeds);
}

/** Starts the stand-ins Worker on `port`; payment events go to the product on `appPort` (if any). */
export function startStandIns({ port, persistTo, appPort, vars: extra = {}, quiet = false, logFile }) {
  const app = appPort ? `http://127.0.0.1:${appPort}` : null;
  // payment events to /webhooks/stripe, email delivery events (Resend's, signed as Svix signs them) to /webhooks/resend
  const vars = {
    ...extra,
    ...(app
      ? {
          WEBHOOK_URL: `${app}/webhooks/stripe`,
          CONNECT_WEBHOOK_URL: `${app}/webhooks/stripe-connect`,
          RESEND_WEBHOOK_URL: `${app}/webhooks/resend`,
          TWILIO_INBOUND_URL: `${app}/webhooks/twilio/inbound`,
        }
      : {}),
  };
  return startWorker({ port, persistTo: standInsPersist(persistTo), config: STANDINS_CONFIG, vars, quiet, logFile });
}

/** The product's settings that point it at the stand-ins on `port` (the same names as production's). */
export function standInSettings(port) {
  const base = `http://127.0.0.1:${port}`;
  return {
    COGNITO_ENDPOINT: `${base}/__idp/`,
    COGNITO_JWKS_URL: `${base}/__idp/eu-west-1_Local0001/.well-known/jwks.json`,
    STAFF_COGNITO_ENDPOINT: `${base}/__idp/`,
    STAFF_COGNITO_JWKS_URL: `${base}/__idp/eu-west-1_Staff0001/.well-known/jwks.json`,
    STRIPE_API_BASE: base,
    TWILIO_API_BASE: base,
    RESEND_API_BASE: base,
    PUSHER_HOST: `127.0.0.1:${port}`,
    CLOUDFLARE_API_BASE: base,
    GOOGLE_MAPS_BOOKING_API_BASE: base,
    GOOGLE_OAUTH_TOKEN_URL: `${base}/__google/oauth2/token`,
    PUSH_ENDPOINT_ALLOW_INSECURE_ORIGIN: base,
  };
}

/**
 * Starts the stand-ins Worker on `standInsPort` and the product on `port`, configured for each
 * other (the product's service endpoints, the stand-ins' webhook endpoint). With
 * `clockOffsetMs`, both run their clocks that far ahead of the machine's (shared/clock.ts).
 * Resolves once both answer; `stop()` ends both; `exited` resolves with the first one's exit code.
 * `started`: the stand-ins, already started for this port with startStandInsFor (they need no build).
 * `logs`: files for each one's output, `{app, standIns}` (npm start), instead of the terminal.
 */
export async function startApp({ port, standInsPort = port + 1, persistTo, vars = {}, clockOffsetMs = 0, quiet = false, started, logs }) {
  const clock = clockVars(clockOffsetMs);
  const standIns = started ?? (await startStandInsFor({ port, standInsPort, persistTo, clockOffsetMs, quiet, logFile: logs?.standIns }));
  let app;
  try {
    // APP_ORIGIN: where reminder links and Twilio's status callbacks point (the stand-ins call back there)
    const origin = { APP_ORIGIN: `http://127.0.0.1:${port}` };
    app = await startWorker({
      port,
      persistTo,
      vars: { ...standInSettings(standInsPort), ...origin, ...clock, ...vars },
      quiet,
      logFile: logs?.app,
    });
  } catch (e) {
    standIns.kill();
    throw e;
  }
  const children = [app, standIns];
  const stop = (sig = 'SIGTERM') => children.forEach((ch) => ch.exitCode === null && ch.kill(sig));
  const exited = new Promise((resolve) => children.forEach((ch) => ch.on('exit', (code) => resolve(code ?? 0))));
  return { app, standIns, children, stop, exited };
}

/** The stand-ins startApp starts for the product on `port`: `startApp({ …, started })` takes them. */
export const startStandInsFor = ({ port, standInsPort = port + 1, persistTo, clockOffsetMs = 0, quiet = false, logFile }) =>
  startStandIns({
    port: standInsPort,
    persistTo,
    appPort: port,
    vars: clockVars(clockOffsetMs),
    quiet,
    logFile,
  });

/** The setting that runs a Worker's clock `clockOffsetMs` ahead of the machine's (shared/clock.ts), if any. */
const clockVars = (clockOffsetMs) => (clockOffsetMs ? { CLOCK_OFFSET_MS: String(Math.round(clockOffsetMs)) } : {});

/**
 * Starts `wrangler dev` on a port; resolves once it answers HTTP. Its output goes to the terminal,
 * nowhere (`quiet`), or to the file `logFile` (made afresh).
 */
export async function startWorker({ port, persistTo, vars = {}, config, quiet = false, logFile, inspectorPort }) {
  // --test-scheduled: GET /__scheduled?cron=… runs the Cron Trigger's handler (the domains' refresh) on demand
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', '--test-scheduled'];
  // the DevTools protocol's port (npm run bench profiles the Worker through it: scripts/bench-profile.mjs)
  if (inspectorPort) args.push('--inspector-port', String(inspectorPort));
  if (persistTo) args.push('--persist-to', persistTo);
  if (config) args.push('--config', config);
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  if (logFile) mkdirSync(dirname(logFile), { recursive: true });
  const out = logFile ? openSync(logFile, 'w') : quiet ? 'ignore' : 'inherit';
  const child = spawn('wrangler', args, { env, stdio: ['ignore', out, out] });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  child.kill();
  throw new Error(`wrangler dev did not answer on port ${port} within 90 s`);
}

/** A free loopback port. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** A bench's app and stand-ins on free ports over a fresh copy of the demo data in `persistTo`: its base URL and the running pair. */
export async function startBenchApp(persistTo, vars = {}) {
  const port = await freePort();
  const standInsPort = await freePort();
  rmSync(persistTo, { recursive: true, force: true });
  console.log('Preparing a fresh copy of the demo data…');
  prepareLocalDb(persistTo);
  const running = await startApp({ port, standInsPort, persistTo, vars, quiet: !process.env.BENCH_VERBOSE });
  return { base: `http://127.0.0.1:${port}`, standIns: `http://127.0.0.1:${standInsPort}`, running };
}

/** The demo group owner's console access token from the app at `base` (README "Demo accounts"). */
export async function ownerToken(base) {
  const login = await (
    await fetch(`${base}/console/session/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ email: 'owner@willow-demo.test', password: 'Owner-pass1' }),
    })
  ).json();
  if (!login.access_token) throw new Error(`no staff token: ${JSON.stringify(login)}`);
  return login.access_token;
}

/** n, p50, p95, p99 and max of a list of durations (nearest rank). */
export const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s[s.length - 1] };
};

// ---- the console diary's benches (bench-diary.mjs, bench-inbound.mjs) -----------------------

/** The demo client (worker/db/seed/demo.sql) who books and cancels in the diary's benches. */
export const DEMO_CLIENT = { phone: '+447700900123', password: 'Demo-pass1', name: 'Jamie Rivers' };

/** A benchmark table's head and one row of it: n, p50, p95, p99 and max, in ms. */
export const BENCH_TABLE_HEAD = [
  '| measure                                              |    n |    p50 |    p95 |    p99 |    max |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
].join('\n');
export const benchRow = (name, ms) => {
  const r = stats(ms);
  const f = (v) => v.toFixed(0).padStart(6);
  return `| ${name.padEnd(52)} | ${String(r.n).padStart(4)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} |`;
};

/** A Wednesday two or more weeks ahead: Sam works at salon 2, and the demo client may still cancel online. */
export function benchWednesday() {
  const d = new Date(Date.now() + 14 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The group owner's console at salon 2's diary on `date`, in a new page of `browser`, subscribed
 * to the salon's channel; the page notes, on this machine's clock, each time the number of
 * appointments in Sam's column changes. `reset()` forgets the changes noted, `count()` is the
 * number now, `shown(n)` resolves to when it became n (10 s at most).
 */
export async function watchDiary(browser, base, date) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/console`);
  await page.getByLabel('Email').fill('owner@willow-demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Owner-pass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  await page.goto(`${base}/console/salons/2/diary?date=${date}`);
  await page.getByRole('region', { name: 'Sam Taylor' }).waitFor();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/realtime/auth')));
  await page.waitForTimeout(500); // the subscription succeeds just after its signature
  await page.evaluate(() => {
    const column = document.querySelector('section[aria-labelledby="diary-col-5"]');
    const w = window;
    w.changes = [];
    let count = column.querySelectorAll('button').length;
    new MutationObserver(() => {
      const now = column.querySelectorAll('button').length;
      if (now !== count) w.changes.push({ at: Date.now(), count: (count = now) });
    }).observe(column, { childList: true, subtree: true });
  });
  return {
    page,
    reset: () => page.evaluate(() => (window.changes = [])),
    count: () => page.locator('section[aria-labelledby="diary-col-5"] button').count(),
    shown: async (count) => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const hit = (await page.evaluate(() => window.changes)).find((c) => c.count === count);
        if (hit) return hit.at;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`the diary did not show ${count} appointments within 10 s`);
    },
  };
}

/** The demo client signed in to the booking API: its bearer header and username. */
export async function demoClientSession(base) {
  const login = await (
    await fetch(`${base}/session/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: DEMO_CLIENT.phone, password: DEMO_CLIENT.password }),
    })
  ).json();
  return { auth: { Authorization: `Bearer ${login.access_token}` }, username: login.user.username };
}

/** The demo client books the first free Restyle with Sam at salon 2 on `date` through the booking API: its answer. */
export async function bookRestyle(base, client, date) {
  const slots = await (await fetch(`${base}/api/book-online/new/availability/appointment/2/${date}/10/5/null/`)).json();
  const start = Object.keys(slots.data)[0];
  return fetch(`${base}/api/book-online/appointment/create/2/`, {
    method: 'POST',
    headers: { ...client.auth, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({
      start_time: start,
      procedures: [{ service_id: 10, stylist_id: 5, role: 'Senior Stylist', start_time: start, duration: 75, price: 55, processing: 0 }],
      total_price: 55,
      cognito_username: client.username,
      notes: '',
      deposit: 0,
      user: { name: DEMO_CLIENT.name, phone_number: DEMO_CLIENT.phone, salon_id: 2 },
      payment_needed: false,
    }),
  });
}

/** The demo client cancels a booking at salon 2 through the booking API: its answer. */
export const cancelBooking = (base, client, id) =>
  fetch(`${base}/api/ncob/client/cancel/appointment/2/${id}/${client.username}/`, { method: 'PUT', headers: client.auth });
