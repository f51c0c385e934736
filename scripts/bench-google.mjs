// npm run bench:google — Google's booking server and feeds at scale (docs/google-booking.md "Figures").
// A salon of BENCH_STYLISTS stylists (40) with BENCH_APPOINTMENTS appointments (50,000: about 5,000
// in the next 6 months, the rest history), offered on Google (an address, no card, no deposit), and
// BENCH_FEED_SALONS ordinary salons (20: 8 stylists, 8 services, 600 upcoming appointments each).
// Measured on `wrangler dev` (local D1) on loopback:
// - BatchAvailabilityLookup of 100 slots (a week of Cut starts, each with a stylist), BENCH_RUNS (30)
//   times: round trip p50/p95, beside the HealthCheck's round trip (the same Basic auth, no work);
// - the daily feeds' Cron run (GET /__scheduled?cron=30+3+*+*+*, which awaits the handler) over all
//   of them: its time, slots and bytes, extrapolated to 1,000 salons.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort, prepareLocalDb, run, seededRandom, startWorker, stats } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 30);
const STYLISTS = Number(process.env.BENCH_STYLISTS || 40);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS || 50_000);
const FEED_SALONS = Number(process.env.BENCH_FEED_SALONS || 20);
const persistTo = '.wrangler/bench-google';
const SALON = 900;
const AUTH = `Basic ${Buffer.from('local_google_partner:local_google_partner_password').toString('base64')}`;
const DAY = 86_400_000;
const rand = seededRandom(53);
const midnight = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());

let nextAppointment = 100_000;
/** A salon offered on Google: stylists working Monday to Saturday 09:00-18:00, services, appointments (future ones on its next 180 days). */
function salonSql(id, stylists, services, appointments, future) {
  const lines = [
    `INSERT INTO salons (id, name, phone, address_line_1, city, postcode, timezone, currency, country_code, theme_mode, admin_key_hash, check_ncob_availability_until) VALUES (${id}, 'Bench Salon ${id}', '+442079460000', '${id} High Street', 'London', 'N1 1AA', 'Europe/London', 'GBP', 'GB', 'slick', 'x', 180);`,
    `INSERT INTO service_categories (id, salon_id, name) VALUES (${id}, ${id}, 'Bench');`,
  ];
  const svc = [];
  for (let k = 0; k < services; k++) {
    const sid = id * 100 + k;
    svc.push([sid, 30 + (k % 4) * 15]);
    lines.push(`INSERT INTO services (id, salon_id, category_id, name, show) VALUES (${sid}, ${id}, ${id}, 'Service ${k + 1}', 1);`);
  }
  const stylistIds = [];
  for (let s = 0; s < stylists; s++) {
    const st = id * 100 + s;
    stylistIds.push(st);
    lines.push(`INSERT INTO stylists (id, salon_id, name, role, position) VALUES (${st}, ${id}, 'Stylist ${s + 1}', '', ${s});`);
    for (const [sid, duration] of svc)
      lines.push(
        `INSERT INTO stylist_services (stylist_id, service_id, price, duration, processing) VALUES (${st}, ${sid}, ${4000 + (s % 3) * 500}, ${duration}, 0);`,
      );
    for (let wd = 1; wd <= 6; wd++)
      if ((s + wd) % 7 !== 0)
        lines.push(
          `INSERT INTO stylist_hours (stylist_id, weekday, start_min, end_min, breaks) VALUES (${st}, ${wd}, 540, 1080, '[[780,810]]');`,
        );
  }
  const values = [];
  for (let i = 0; i < appointments; i++) {
    const day = i < future ? 1 + Math.floor(rand() * 180) : -1 - Math.floor(rand() * 3 * 365);
    const start = midnight + day * DAY + (9 * 60 + Math.floor(rand() * 32) * 15) * 60_000;
    values.push([nextAppointment++, stylistIds[Math.floor(rand() * stylists)], start, start + (30 + Math.floor(rand() * 4) * 15) * 60_000]);
  }
  for (let i = 0; i < values.length; i += 250) {
    const chunk = values.slice(i, i + 250);
    lines.push(
      `INSERT INTO appointments (id, salon_id, start_at, end_at, created_at) VALUES ${chunk.map(([a, , s, e]) => `(${a}, ${id}, ${s}, ${e}, 0)`).join(', ')};`,
      `INSERT INTO appointment_procedures (appointment_id, salon_id, stylist_id, start_at, end_at) VALUES ${chunk.map(([a, st, s, e]) => `(${a}, ${id}, ${st}, ${s}, ${e})`).join(', ')};`,
    );
  }
  return lines;
}

function benchSql() {
  const lines = salonSql(SALON, STYLISTS, 3, APPOINTMENTS, Math.min(APPOINTMENTS, Math.round((STYLISTS * 5000) / 40)));
  for (let n = 0; n < FEED_SALONS; n++) lines.push(...salonSql(1000 + n, 8, 8, 600, 600));
  lines.push(
    `INSERT OR IGNORE INTO stylist_blocks (stylist_id, block, appointment_id)
       WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < 11)
     SELECT p.stylist_id, p.start_at / 300000 + k.n, p.appointment_id FROM appointment_procedures p JOIN k
      WHERE p.salon_id >= ${SALON} AND (p.start_at / 300000 + k.n) * 300000 < p.end_at;`,
  );
  return lines.join('\n');
}

const fmt = (x) => x.toFixed(1).padStart(8);

mkdirSync('.wrangler', { recursive: true });
rmSync(persistTo, { recursive: true, force: true });
console.log('Preparing the demo data and the bench salons…');
prepareLocalDb(persistTo);
writeFileSync('.wrangler/bench-google.sql', benchSql());
run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', '.wrangler/bench-google.sql'], { stdio: 'ignore' });

const port = Number(process.env.BENCH_PORT) || (await freePort());
const worker = await startWorker({ port, persistTo, quiet: true, logFile: '.wrangler/bench-google.log' });
const base = `http://127.0.0.1:${port}`;
const google = (method, body) =>
  fetch(`${base}/google/v3/${method}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
const feed = async (name) => (await fetch(`${base}/google/feeds/${name}.json`, { headers: { Authorization: AUTH } })).text();
try {
  // 100 slots: the next 7 days from 3 days ahead, 09:00 to 17:15 every 30 minutes in London (UTC in winter), a stylist each
  const slots = [];
  for (let i = 0; slots.length < 100; i++) {
    const day = midnight + (3 + Math.floor(i / 17)) * DAY;
    slots.push({
      service_id: String(SALON * 100 + 1),
      start_sec: String(Math.floor((day + (9 * 60 + (i % 17) * 30) * 60_000) / 1000)),
      duration_sec: '2700',
      resource_ids: { staff_id: String(SALON * 100 + (i % STYLISTS)) },
    });
  }
  const lookup = [];
  const health = [];
  let available = 0;
  for (let r = 0; r < RUNS + 3; r++) {
    let t = performance.now();
    const res = await google('BatchAvailabilityLookup', { merchant_id: String(SALON), slot_time: slots });
    const body = await res.json();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`BatchAvailabilityLookup answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    available = body.slot_time_availability.filter((a) => a.available).length;
    t = performance.now();
    await (await google('HealthCheck')).text();
    const h = performance.now() - t;
    if (r < 3) continue;
    lookup.push(ms);
    health.push(h);
  }
  const l = stats(lookup);
  const h = stats(health);
  console.log(
    `\nBatchAvailabilityLookup, 100 slots, ${STYLISTS} stylists, ${APPOINTMENTS} appointments (${RUNS} runs, ms; ${available} of 100 available)`,
  );
  console.log('call                          p50       p95       max');
  console.log(`BatchAvailabilityLookup  ${fmt(l.p50)}  ${fmt(l.p95)}  ${fmt(l.max)}`);
  console.log(`baseline: HealthCheck    ${fmt(h.p50)}  ${fmt(h.p95)}  ${fmt(h.max)}`);
  console.log(`Budget p95 ≤ 1000 ms: ${l.p95 <= 1000 ? 'PASS' : 'FAIL'} (${l.p95.toFixed(1)} ms)`);

  const salons = FEED_SALONS + 1;
  const t = performance.now();
  const cron = await fetch(`${base}/__scheduled?cron=${encodeURIComponent('30 3 * * *')}`);
  await cron.text();
  const feedMs = performance.now() - t;
  if (!cron.ok) throw new Error(`the feeds' Cron answered ${cron.status}`);
  // the shards are written by the queue's consumer: wait for the last one
  const merchants = JSON.parse(await feed('merchants')).merchant.length;
  let total = 1;
  const sizes = [];
  let slotCount = 0;
  for (let shard = 0; shard < total; shard++) {
    for (;;) {
      const res = await fetch(`${base}/google/feeds/availability.json?shard=${shard}`, { headers: { Authorization: AUTH } });
      if (res.ok) {
        total = Number(res.headers.get('X-Total-Shards') || 1);
        const text = await res.text();
        sizes.push(text.length);
        slotCount += JSON.parse(text).service_availability.reduce((n, s) => n + s.availability.length, 0);
        break;
      }
      await res.text();
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const allMs = performance.now() - t;
  const logged = readFileSync('.wrangler/bench-google.log', 'utf8').match(/\[google-feeds\][^\n]*/)?.[0];
  if (logged) console.log(`\nThe Worker's log: ${logged}`);
  const bytes = sizes.reduce((a, b) => a + b, 0);
  const perSalon = allMs / merchants;
  console.log(
    `\nFeeds: ${merchants} merchants (${salons} bench salons and the demo's eligible ones), 30 days: the Cron's run ${feedMs.toFixed(0)} ms, ` +
      `the ${total} availability shards written after ${allMs.toFixed(0)} ms; ${slotCount} slots, ${(bytes / 1e6).toFixed(1)} MB, ` +
      `largest shard ${(Math.max(...sizes) / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `Per salon ${perSalon.toFixed(0)} ms → 1,000 salons ≈ ${perSalon.toFixed(0)} s of consumer time in 1,000 shards of ` +
      `≈ ${(allMs / total / 1000).toFixed(1)} s each; availability ≈ ${(((bytes / merchants) * 1000) / 1e9).toFixed(1)} GB ` +
      `(each run's CPU: 30 s by default, up to 300 s with [limits] cpu_ms; 128 MB of memory)`,
  );
} finally {
  worker.kill();
}
