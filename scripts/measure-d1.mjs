// npm run measure:d1 — what each kind of request asks of D1 (issue 32, docs/scale.md): its
// queries, rows read and written (D1's own meta, through the app's D1_METER setting), D1's own
// time and the time the Worker waited on D1, and which session it reads in (edge/d1-session.ts).
// Runs the app on a fresh copy of the demo data; each kind MEASURE_RUNS (9) times, medians.
import { startBenchApp, stats } from './lib.mjs';
import { dayAfter, salonCalls } from './salon-calls.mjs';

const RUNS = Number(process.env.MEASURE_RUNS || 9);
const PERSIST = '.wrangler/measure-d1';
/** Salon 2's Restyle (75 min, £55) with Sam: no card asked; salon 1 has the demo client's lists and a busy diary. */
const RESTYLE = { salon: 2, service: 10, stylist: 5, duration: 75, price: 55 };
const ANYONE = { ...RESTYLE, stylist: 0 };

/** The next Tuesday at least two days ahead (Sam works then). */
function tuesday(weeks = 0) {
  for (let d = 2; ; d++) if (new Date(`${dayAfter(d)}T00:00:00Z`).getUTCDay() === 2) return dayAfter(d + 7 * weeks);
}

const median = (xs) => stats(xs).p50;
const rows = [];
/** Runs `make` RUNS times (each may prepare uncounted) and keeps the medians of what it measured. */
async function measure(kind, reads, make) {
  const seen = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await make(i);
    if (r.status >= 400) throw new Error(`${kind}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    if (!r.meter) throw new Error(`${kind}: no X-D1-Meter (is D1_METER=1 set?)`);
    seen.push(r);
  }
  const m = (f) => median(seen.map((r) => f(r.meter)));
  rows.push({
    kind,
    reads,
    queries: m((x) => x.queries),
    rowsRead: m((x) => x.rowsRead),
    rowsWritten: m((x) => x.rowsWritten),
    // D1's meta.duration is whole milliseconds locally: the mean says more than the median
    d1Ms: seen.reduce((n, r) => n + r.meter.d1Ms, 0) / seen.length,
    waitMs: m((x) => x.waitMs),
    ms: median(seen.map((r) => r.ms)),
  });
}

/**
 * The primary's load (docs/scale.md): D1 runs about PRIMARY_QPS queries a second at 1 ms each on
 * its one writer. With replicas, a browse read puts nothing on it, a cached read its first query
 * (the version), any other call all its queries (counted whole: its reads after the first may
 * go to a replica as new as its bookmark). PEAK: one salon's busiest hour (a Saturday morning).
 */
const PRIMARY_QPS = 1000;
const PEAK = [
  ['page load, warm (lease expired: the version read)', 40],
  ["a day's availability, any stylist", 200],
  ["a week's availability, any stylist", 40],
  ['a hold (anonymous, new browser)', 8],
  ['a booking (signed in, no card)', 6],
  ["a cancellation (the client's own)", 1],
  ["a client's upcoming bookings (salon 1: 4)", 10],
  ['a console diary day', 90],
];
function capacity(measured) {
  const on = (r, replicas) => (!replicas || r.reads === 'own' ? r.queries : r.reads === 'after-version' ? Math.min(1, r.queries) : 0);
  const rate = (q, r) => (q ? Math.round(PRIMARY_QPS / q).toLocaleString('en') : r.queries ? 'replicas' : 'no D1');
  console.log(`\nOne database's writer at ${PRIMARY_QPS} queries/s: requests/s of one kind alone\n`);
  console.log('| request | primary queries, replicas on | requests/s | primary queries, no replicas | requests/s |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of measured)
    console.log(`| ${r.kind} | ${on(r, true)} | ${rate(on(r, true), r)} | ${on(r, false)} | ${rate(on(r, false), r)} |`);
  for (const replicas of [true, false]) {
    const parts = PEAK.map(([kind, perHour]) => {
      const r = measured.find((m) => m.kind.startsWith(kind));
      return { kind, perHour, q: perHour * on(r, replicas) };
    });
    const perSecond = parts.reduce((n, p) => n + p.q, 0) / 3600;
    const top = [...parts].sort((a, b) => b.q - a.q)[0];
    console.log(
      `\nPeak hour, replicas ${replicas ? 'on' : 'off'}: ${perSecond.toFixed(3)} primary queries/s a salon, so ${Math.floor(PRIMARY_QPS / perSecond).toLocaleString('en')} salons saturate one writer; the largest share: ${top.kind} (${Math.round((100 * top.q) / (perSecond * 3600))} %)`,
    );
  }
}

const { base, running } = await startBenchApp(PERSIST, { D1_METER: '1' });
try {
  // each call from an address of its own, as the visitors of a salon are (clear of the per-address limit on public calls)
  let calls = 0;
  const api = salonCalls(base, () => ({ 'CF-Connecting-IP': `198.51.${100 + ((calls >> 8) % 10)}.${calls++ & 255}` }));
  const client = await api.demoClient();
  const owner = await api.staff('owner@willow-demo.test', 'Owner-pass1');
  const admin = { Authorization: 'Bearer demo-admin-2', 'Content-Type': 'application/json' };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  await measure('page load, cold (the settings just changed)', 'after-version', async () => {
    await api.send('/admin/salons/2', { method: 'PATCH', headers: admin, body: JSON.stringify({ online_booking: true }) });
    return api.page(2);
  });
  await measure('page load, warm (within the version lease)', 'after-version', async () => {
    await api.page(2);
    return api.page(2);
  });
  await measure('page load, warm (lease expired: the version read)', 'after-version', async () => {
    await api.page(2);
    await sleep(1_200);
    return api.page(2);
  });
  await measure("a day's availability, one stylist", 'any', (i) => api.day(RESTYLE, tuesday(i)));
  await measure("a day's availability, any stylist", 'any', (i) => api.day(ANYONE, tuesday(i)));
  await measure("a week's availability, any stylist", 'any', (i) => api.week(ANYONE, tuesday(i)));

  /** A free start for the Restyle with Sam, `i` weeks on (each run books another day). */
  const freeStart = async (i, week) => Object.keys((await api.day(RESTYLE, tuesday(week + i))).body.data)[0];
  await measure('a hold (anonymous, new browser)', 'own', async (i) => {
    const start = await freeStart(i, 0);
    return api.hold(RESTYLE, start);
  });
  const booked = [];
  await measure('a booking (signed in, no card)', 'own', async (i) => {
    const r = await api.book(RESTYLE, await freeStart(i, 1), client);
    booked.push(r.body.appointment_id);
    return r;
  });
  await measure("a cancellation (the client's own)", 'own', (i) =>
    api.send(`/api/ncob/client/cancel/appointment/2/${booked[i]}/${client.username}/`, { method: 'PUT', headers: client.auth }),
  );
  await measure("a client's upcoming bookings (salon 1: 4)", 'own', () => api.lists(1, client, 'future'));
  await measure("a client's past bookings (salon 1: page 1 of 36)", 'own', () => api.lists(1, client, 'past'));
  const upcoming = (await api.lists(1, client, 'future')).body.results;
  const busyDay = upcoming[0].starts_at.slice(0, 10);
  await measure(`a console diary day (salon 1, ${busyDay})`, 'own', () => api.diary(1, busyDay, owner));

  const f = (x, d = 1) => x.toFixed(d);
  console.log(`\nD1 per request (medians of ${RUNS}, D1 meta ms their mean; D1's meta through D1_METER; the app on local workerd)\n`);
  console.log('| request | session starts | queries | rows read | rows written | D1 meta ms | Worker waited on D1, ms | round trip ms |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows)
    console.log(
      `| ${r.kind} | ${r.reads} | ${r.queries} | ${r.rowsRead} | ${r.rowsWritten} | ${f(r.d1Ms, 2)} | ${f(r.waitMs)} | ${f(r.ms)} |`,
    );
  console.log(
    '\nsession starts: any = first-unconstrained; after-version = first-primary (the settings version), then replicas; own = the bookmark, or first-primary',
  );
  capacity(rows);
} finally {
  running.stop();
}
