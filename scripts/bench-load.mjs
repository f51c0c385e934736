// npm run bench:load — simulated clients of many salons against the local app (issue 32,
// docs/scale.md): BENCH_SALONS (1,000) generated salons beside the demo data, BENCH_CLIENTS (16)
// simulated clients at once, each making one request after another in the stated proportions
// (MIX) for BENCH_SECONDS (60) or BENCH_MAX_REQUESTS (30,000), whichever ends first, loopback
// only. First the same mix from one client alone for a tenth of the time: the baseline. Prints
// requests per second, p50/p99 per kind, errors (any 5xx fails the run) and D1 per kind (the
// app's D1_METER: queries, rows, the time the Worker waited on D1).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { freePort, prepareLocalDb, run, seededRandom, startApp, stats } from './lib.mjs';
import { benchSalonsSql, FIRST_SALON, SERVICES, serviceId, stylistId } from './bench-salons.mjs';
import { bookmarkCookieOf, dayAfter, holdCookieOf, salonCalls } from './salon-calls.mjs';

const SALONS = Number(process.env.BENCH_SALONS || 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 16);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS || 30_000);
const PERSIST = '.wrangler/bench-load';
/** 2: the generated salons split over DB and DB_2 (odd ids in DB_2, named by the directory), docs/scale.md */
const DATABASES = process.env.BENCH_DATABASES === '2' ? 2 : 1;
/** What the simulated clients do, in proportion: browsing dominates, as on a salon's busy morning. */
const MIX = [
  ['page load', 25],
  ["a day's availability", 35],
  ["a week's availability", 10],
  ['a hold', 10],
  ['a booking (+ its confirmation read)', 5],
  ["a client's lists", 10],
  ['a console diary day', 5],
];
const rand = seededRandom(32);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const total = MIX.reduce((n, [, w]) => n + w, 0);
function kindOf() {
  let r = rand() * total;
  for (const [kind, w] of MIX) if ((r -= w) < 0) return kind;
  return MIX[0][0];
}

mkdirSync('.wrangler', { recursive: true });
rmSync(PERSIST, { recursive: true, force: true });
console.log(`Preparing the demo data and ${SALONS} salons in ${DATABASES} database${DATABASES > 1 ? 's' : ''}…`);
let t = performance.now();
prepareLocalDb(PERSIST);
const execute = (binding, sql) => {
  writeFileSync('.wrangler/bench-load.sql', sql);
  run('wrangler', ['d1', 'execute', binding, '--local', '--persist-to', PERSIST, '--file', '.wrangler/bench-load.sql'], {
    stdio: 'ignore',
  });
};
if (DATABASES === 1) execute('DB', benchSalonsSql(SALONS));
else {
  execute('DB', benchSalonsSql(SALONS, 20, { only: 'even' }));
  execute('DB_2', benchSalonsSql(SALONS, 20, { only: 'odd' }));
  const last = FIRST_SALON + SALONS - 1;
  execute(
    'DB',
    `INSERT INTO salon_placements (salon_id, binding)
       WITH RECURSIVE n(s) AS (SELECT ${FIRST_SALON} UNION ALL SELECT s + 1 FROM n WHERE s < ${last}) SELECT s, 'DB_2' FROM n WHERE s % 2 = 1;`,
  );
}
console.log(`  ${((performance.now() - t) / 1000).toFixed(1)} s`);
// BENCH_PORT: the app's port (the stand-ins' the next one), where a shared machine reserves ports; else free ones
const port = Number(process.env.BENCH_PORT) || (await freePort());
const standInsPort = process.env.BENCH_PORT ? port + 1 : await freePort();
const running = await startApp({ port, standInsPort, persistTo: PERSIST, vars: { D1_METER: '1' }, quiet: true });
const base = `http://127.0.0.1:${port}`;

/** Every request from an address of its own (visitors of 1,000 salons), clear of the per-address limit on public calls. */
let addresses = 0;
const addressHeader = () => ({ 'CF-Connecting-IP': `198.18.${(addresses >> 8) & 255}.${addresses++ & 255}` });
const callsFrom = () => salonCalls(base, addressHeader());

async function mixOf(clients, seconds, maxRequests, { client, owner }) {
  const seen = new Map(MIX.map(([k]) => [k, []]));
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  const record = (kind, r) => {
    count++;
    seen.get(kind).push(r);
    return r;
  };
  async function oneClient() {
    let holdCookie = '';
    while (performance.now() < deadline && count < maxRequests) {
      const api = callsFrom();
      const kind = kindOf();
      const salon = FIRST_SALON + Math.floor(rand() * SALONS);
      const svc = pick(SERVICES);
      const q = {
        salon,
        service: serviceId(salon, svc.k),
        stylist: rand() < 0.5 ? 0 : stylistId(salon, Math.floor(rand() * 4)),
        duration: svc.duration,
        price: 40,
      };
      const date = dayAfter(1 + Math.floor(rand() * 13));
      if (kind === 'page load') record(kind, await api.page(salon));
      else if (kind === "a day's availability") record(kind, await api.day(q, date));
      else if (kind === "a week's availability") record(kind, await api.week(q, date));
      else if (kind === "a client's lists") record(kind, await api.lists(salon, client));
      else if (kind === 'a console diary day') record(kind, await api.diary(pick([1, 2]), date, owner));
      else {
        // a hold or a booking follows the day's times it was chosen from (counted as the availability it is)
        const day = record("a day's availability", await api.day({ ...q, stylist: stylistId(salon, 0) }, date));
        const starts = Object.keys(day.body?.data ?? {});
        if (!starts.length) continue;
        const start = pick(starts);
        const target = { ...q, stylist: stylistId(salon, 0) };
        if (kind === 'a hold') {
          const r = record(kind, await api.hold(target, start, holdCookie));
          holdCookie ||= holdCookieOf(r.headers);
        } else {
          const r = record(kind, await api.book(target, start, client));
          if (r.status === 201)
            record(
              "a client's lists",
              await api.send(`/api/ncob/client/appointments/${salon}/future/${client.username}/`, {
                headers: { ...client.auth, Cookie: bookmarkCookieOf(r.headers) },
              }),
            );
        }
      }
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, oneClient));
  return { seen, count, seconds: (performance.now() - started) / 1000 };
}

function report(title, { seen, count, seconds }) {
  console.log(`\n${title}: ${count} requests in ${seconds.toFixed(1)} s, ${(count / seconds).toFixed(1)} requests/s\n`);
  console.log(
    '| request | n | per s | p50 ms | p99 ms | 5xx | 409 refused | other 4xx | D1 queries | rows read | rows written | Worker waited on D1, ms (mean) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  let errors = 0;
  for (const [kind, rs] of seen) {
    if (!rs.length) continue;
    const s = stats(rs.map((r) => r.ms));
    const mean = (f) => rs.reduce((n, r) => n + (r.meter ? f(r.meter) : 0), 0) / rs.length;
    const n5 = rs.filter((r) => r.status >= 500).length;
    errors += n5;
    const other = rs.filter((r) => r.status >= 400 && r.status < 500 && r.status !== 409).length;
    console.log(
      `| ${kind} | ${rs.length} | ${(rs.length / seconds).toFixed(1)} | ${s.p50.toFixed(0)} | ${s.p99.toFixed(0)} | ${n5} | ${rs.filter((r) => r.status === 409).length} | ${other} | ${mean((m) => m.queries).toFixed(1)} | ${mean((m) => m.rowsRead).toFixed(0)} | ${mean((m) => m.rowsWritten).toFixed(1)} | ${mean((m) => m.waitMs).toFixed(1)} |`,
    );
    for (const r of rs.filter((x) => x.status >= 400 && x.status !== 409).slice(0, 2))
      console.log(`    ${r.status}: ${JSON.stringify(r.body).slice(0, 160)}`);
  }
  return errors;
}

let errors = 0;
try {
  const api = callsFrom();
  const who = { client: await api.demoClient(), owner: await api.staff('owner@willow-demo.test', 'Owner-pass1') };
  await mixOf(2, 3, 200, who); // warm-up, uncounted
  errors += report('Baseline: one client alone', await mixOf(1, Math.max(3, SECONDS / 10), MAX_REQUESTS, who));
  errors += report(
    `${CLIENTS} clients at once, ${SALONS} salons, ${DATABASES} database${DATABASES > 1 ? 's' : ''}`,
    await mixOf(CLIENTS, SECONDS, MAX_REQUESTS, who),
  );
} finally {
  running.stop();
}
if (errors) {
  console.error(`\n${errors} answers were 5xx`);
  process.exit(1);
}
