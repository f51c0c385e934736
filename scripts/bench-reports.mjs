// npm run bench:reports: a report, not a test. How long does each of the console's reports
// (docs/console/reports.md) take to answer from the Worker for a year of a busy salon? Starts the
// app and the stand-ins (`wrangler dev`, a fresh copy of the demo data), adds salon 20001 (GBP,
// Europe/London, in the demo group so its owner signs in) with 40 stylists and 50,000
// appointments over the last 365 days, each kept one with its sale (a line, a payment by one of
// the five methods, some tips, discounts and deposits), a refund in a hundred, no-shows, late
// cancellations, time off and blocks, as set-based SQL in one wrangler run. Then asks each report
// for the year, a month and a week, BENCH_ROUNDS times each after a warm-up, as the owner from
// this machine. The baseline, measured in the same run: the salon's Today (one day's diary).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { freePort, ownerToken, prepareLocalDb, run, startApp, stats } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 50_000);
const PERSIST = '.wrangler/bench-reports';
const SALON = 20_001;
const STYLISTS = 40;
const DAY = 86_400_000;

const today = new Date().toISOString().slice(0, 10);
const dateAdd = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const firstDay = dateAdd(today, -365);
const start = Date.parse(`${firstDay}T00:00:00Z`);

/** The salon, its stylists and a year of its appointments, sales and absences. */
function salonSql() {
  const upTo = (name, max) => `${name}(v) AS (SELECT 0 UNION ALL SELECT v + 1 FROM ${name} WHERE v < ${max})`;
  const apps = `WITH RECURSIVE ${upTo('i', APPOINTMENTS - 1)}`;
  // appointment i: day i % 365, stylist (i / 365) % 40, at 09:00 + 2 h × (i / 14600) UTC, 45 to 90 minutes
  const a = `SELECT v AS i, ${start} + (v % 365) * ${DAY} + (540 + 120 * ((v / 14600) % 4)) * 60000 AS s, (v / 365) % ${STYLISTS} AS st,
                    (45 + (v % 4) * 15) * 60000 AS len, 3000 + (v % 8) * 750 AS price FROM i`;
  return `
INSERT INTO salons (id, name, admin_key_hash, timezone, currency, group_id, address_line_1, city, postcode, max_upcoming_online_bookings)
  VALUES (${SALON}, 'Bench Reports Salon', 'x', 'Europe/London', 'GBP', 1, '1 Bench Street', 'London', 'N1 1AA', 100);
INSERT INTO service_categories (id, salon_id, name) VALUES (${SALON}, ${SALON}, 'Hair');
INSERT INTO services (id, salon_id, category_id, name, position)
  WITH RECURSIVE ${upTo('k', 7)} SELECT ${SALON} * 10 + v, ${SALON}, ${SALON}, 'Service ' || (v + 1), v FROM k;
INSERT INTO stylists (id, salon_id, name, role, position)
  WITH RECURSIVE ${upTo('j', STYLISTS - 1)} SELECT ${SALON} * 100 + v, ${SALON}, 'Stylist ' || (v + 1), '', v FROM j;
INSERT INTO stylist_hours (stylist_id, weekday, start_min, end_min, breaks)
  WITH RECURSIVE ${upTo('j', STYLISTS - 1)}, ${upTo('wd', 5)} SELECT ${SALON} * 100 + j.v, wd.v + 1, 540, 1080, '[[780,810]]' FROM j, wd;
INSERT INTO time_off (id, salon_id, stylist_id, start_at, end_at, reason, status, requested_by, created_at, updated_at)
  WITH RECURSIVE ${upTo('j', STYLISTS - 1)}, ${upTo('n', 9)}
  SELECT 7000000 + j.v * 10 + n.v, ${SALON}, ${SALON} * 100 + j.v, ${start} + ((j.v * 7 + n.v * 36) % 365) * ${DAY},
         ${start} + ((j.v * 7 + n.v * 36) % 365 + 1) * ${DAY}, 'holiday', 'approved', 'bench', 0, 0 FROM j, n;
INSERT INTO blocked_times (id, salon_id, stylist_id, start_at, end_at, reason, created_by, updated_by, created_at, updated_at)
  WITH RECURSIVE ${upTo('j', STYLISTS - 1)}, ${upTo('w', 51)}
  SELECT 7100000 + j.v * 100 + w.v, ${SALON}, ${SALON} * 100 + j.v, ${start} + (w.v * 7 + j.v % 5) * ${DAY} + 16 * 3600000,
         ${start} + (w.v * 7 + j.v % 5) * ${DAY} + 17 * 3600000, 'Training', 'bench', 'bench', 0, 0 FROM j, w;
INSERT INTO appointments (id, salon_id, client_id, status, start_at, end_at, created_at, origin, total_price, deposit, payment_status,
                          no_show_at, cancelled_at, cancelled_from, idempotency_key)
  ${apps}, a AS (${a})
  SELECT 2000000 + i, ${SALON}, 'bench-client-' || (i % 6000), CASE WHEN i % 20 = 0 THEN 'cancelled' ELSE 'confirmed' END, s, s + len,
         s - 14 * ${DAY}, CASE WHEN i % 3 = 0 THEN 'online' ELSE 'salon' END, price,
         CASE WHEN i % 5 = 2 THEN 1000 ELSE 0 END, CASE WHEN i % 5 = 2 THEN 'captured' END,
         CASE WHEN i % 25 = 1 THEN s END, CASE WHEN i % 20 = 0 THEN s - (CASE WHEN i % 3 = 0 THEN 2 ELSE 72 END) * 3600000 END,
         CASE WHEN i % 20 = 0 THEN 'confirmed' END, CASE WHEN i % 3 = 0 THEN 'bench-' || i END
    FROM a;
INSERT INTO appointment_procedures (id, appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies)
  ${apps}, a AS (${a})
  SELECT 3000000 + i, 2000000 + i, ${SALON}, ${SALON} * 10 + i % 8, ${SALON} * 100 + st, s, s + len, price, CASE WHEN i % 20 = 0 THEN 0 ELSE 1 END FROM a;
-- each kept appointment that took place has its sale: paid when it ended
INSERT INTO sales (id, salon_id, appointment_id, client_id, status, currency, subtotal_minor, discount_kind, discount_value, discount_minor,
                   tip_minor, tip_stylist_id, paid_before_minor, total_minor, due_minor, idempotency_key, request_hash, staff_name,
                   created_at, paid_at, updated_at)
  ${apps}, a AS (${a}), b AS (SELECT *, CASE WHEN i % 10 = 0 THEN price / 10 ELSE 0 END AS d, CASE WHEN i % 4 = 0 THEN 500 ELSE 0 END AS tip,
                                      CASE WHEN i % 5 = 2 THEN 1000 ELSE 0 END AS dep FROM a WHERE i % 20 <> 0 AND i % 25 <> 1)
  SELECT 4000000 + i, ${SALON}, 2000000 + i, 'bench-client-' || (i % 6000), 'paid', 'GBP', price, CASE WHEN d > 0 THEN 'percent' END,
         CASE WHEN d > 0 THEN 10 END, d, tip, CASE WHEN tip > 0 THEN ${SALON} * 100 + st END, dep, price - d + tip, price - d + tip - dep,
         'bench-sale-' || i, 'h', 'Bench', s + len, s + len, s + len FROM b;
INSERT INTO sale_lines (id, sale_id, salon_id, appointment_id, position, kind, service_id, stylist_id, name, price_minor, discount_minor,
                        amount_minor, currency, created_at)
  SELECT s.id + 1000000, s.id, ${SALON}, s.appointment_id, 1, 'service', p.service_id, p.stylist_id, 'Service', s.subtotal_minor,
         s.discount_minor, s.subtotal_minor - s.discount_minor, 'GBP', s.paid_at
    FROM sales s JOIN appointment_procedures p ON p.appointment_id = s.appointment_id WHERE s.salon_id = ${SALON};
INSERT INTO sale_payments (id, sale_id, salon_id, appointment_id, position, method, amount_minor, currency, status, created_at, updated_at)
  SELECT s.id + 2000000, s.id, ${SALON}, s.appointment_id, 1,
         CASE s.id % 5 WHEN 0 THEN 'card_on_file' WHEN 1 THEN 'reader' WHEN 2 THEN 'cash' WHEN 3 THEN 'card_elsewhere' ELSE 'reader' END,
         s.due_minor, 'GBP', 'succeeded', s.paid_at, s.paid_at
    FROM sales s WHERE s.salon_id = ${SALON} AND s.due_minor > 0;
-- a refund in a hundred sales, of half the line, a day later
INSERT INTO refunds (id, sale_id, salon_id, appointment_id, amount_minor, currency, idempotency_key, request_hash, staff_name, created_at)
  SELECT s.id + 3000000, s.id, ${SALON}, s.appointment_id, l.amount_minor / 2, 'GBP', 'bench-refund-' || s.id, 'h', 'Bench', s.paid_at + ${DAY}
    FROM sales s JOIN sale_lines l ON l.sale_id = s.id
   WHERE s.salon_id = ${SALON} AND s.id % 100 = 3 AND l.amount_minor / 2 > 0 AND l.amount_minor / 2 <= s.due_minor;
INSERT INTO refund_lines (refund_id, sale_line_id, salon_id, amount_minor)
  SELECT r.id, r.sale_id + 1000000, ${SALON}, r.amount_minor FROM refunds r WHERE r.salon_id = ${SALON};
INSERT INTO refund_payments (refund_id, sale_payment_id, salon_id, method, amount_minor, status)
  SELECT r.id, p.id, ${SALON}, p.method, r.amount_minor, 'succeeded' FROM refunds r JOIN sale_payments p ON p.sale_id = r.sale_id
   WHERE r.salon_id = ${SALON};
`;
}

const row = (name, ms) => {
  const r = stats(ms);
  const f = (v) => v.toFixed(0).padStart(5);
  return `| ${name.padEnd(34)} | ${String(r.n).padStart(3)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} |`;
};

async function main() {
  mkdirSync('.wrangler', { recursive: true });
  rmSync(PERSIST, { recursive: true, force: true });
  console.log(`Preparing the demo data and a salon with ${STYLISTS} stylists and ${APPOINTMENTS} appointments…`);
  let t = performance.now();
  prepareLocalDb(PERSIST);
  writeFileSync('.wrangler/bench-reports.sql', salonSql());
  run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', PERSIST, '--file', '.wrangler/bench-reports.sql'], { quiet: true });
  console.log(`  ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // BENCH_PORT: the app's port (the stand-ins' the next one), where a shared machine reserves ports; else free ones
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const standInsPort = process.env.BENCH_PORT ? port + 1 : await freePort();
  const running = await startApp({ port, standInsPort, persistTo: PERSIST, quiet: true });
  const base = `http://127.0.0.1:${port}`;
  try {
    const auth = { Authorization: `Bearer ${await ownerToken(base)}`, Origin: base };
    const time = async (path) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/console/salons/${SALON}/${path}`, { headers: auth });
      const body = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
      return { ms, body };
    };
    const yesterday = dateAdd(today, -1);
    const lastMonth = (() => {
      const first = `${dateAdd(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
      return { from: first, to: dateAdd(`${today.slice(0, 7)}-01`, -1) };
    })();
    const periods = [
      ['a year', { from: dateAdd(today, -365), to: yesterday }],
      ['a month', lastMonth],
      ['a week', { from: dateAdd(today, -7), to: yesterday }],
    ];
    const year = JSON.parse((await time(`reports/takings?from=${periods[0][1].from}&to=${periods[0][1].to}`)).body);
    console.log(
      `The year's takings: £${(year.total / 100).toFixed(2)} over ${year.by_day.length} days, ${year.by_service.length} services.`,
    );
    const results = [];
    const baseline = [];
    for (let i = 0; i <= ROUNDS; i++) {
      const b = await time('today');
      if (i > 0) baseline.push(b.ms);
      for (const [label, p] of periods)
        for (const report of ['takings', 'utilisation', 'clients']) {
          const { ms } = await time(`reports/${report}?from=${p.from}&to=${p.to}`);
          if (i === 0) continue; // the warm-up
          const key = `${report}, ${label}`;
          let r = results.find((x) => x.key === key);
          if (!r) results.push((r = { key, ms: [] }));
          r.ms.push(ms);
        }
    }
    console.log(
      `\nReports of salon ${SALON} (${STYLISTS} stylists, ${APPOINTMENTS} appointments in a year), ${ROUNDS} rounds, ms from this machine:\n`,
    );
    console.log('| call                               |   n |   p50 |   p95 |   p99 |   max |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(row('baseline: Today (one day)', baseline));
    for (const r of results) console.log(row(r.key, r.ms));
    const worst = Math.max(...results.map((r) => stats(r.ms).p95));
    console.log(`\nWorst p95: ${worst.toFixed(0)} ms (the budget: 300 ms).`);
  } finally {
    running.stop();
  }
}

await main();
