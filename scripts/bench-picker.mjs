// npm run bench:picker — how long the group picker's one call takes (GET
// book-online/group/{id}/next-times/: every location's next free time, computed by the
// availability engine) for a group of 2 locations and one of 20 (BENCH_LOCATIONS), each with 4
// stylists, 3 services and BENCH_APPOINTMENTS (60) appointments over the next two weeks.
// Prints the time measured in the Worker (Server-Timing) and the round trip on loopback.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { prepareLocalDb, run, seededRandom, startWorker, stats } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT || 8796);
const RUNS = Number(process.env.BENCH_RUNS || 30);
const SIZES = (process.env.BENCH_LOCATIONS || '2,20').split(',').map(Number);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS || 60);
const persistTo = '.wrangler/bench-picker';
const rand = seededRandom(31);

/** A group of `size` locations (ids from `firstSalon`), each a small salon with a busy fortnight. */
function groupSql(groupId, size, firstSalon) {
  const lines = [`INSERT INTO salon_groups (id, name) VALUES (${groupId}, 'Bench group of ${size}');`];
  const dayMs = 86_400_000;
  const midnight = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  let appointment = groupId * 10_000;
  for (let i = 0; i < size; i++) {
    const salon = firstSalon + i;
    lines.push(
      `INSERT INTO salons (id, name, timezone, currency, country_code, theme_mode, admin_key_hash, group_id, address_line_1, city, postcode, latitude, longitude)
       VALUES (${salon}, 'Bench ${groupId} location ${i + 1}', 'Europe/London', 'GBP', 'GB', 'neutral', 'x', ${groupId}, '${i + 1} High Street', 'London', 'N1 1AA', ${51.5 + i / 100}, ${-0.1 + i / 100});`,
      `INSERT INTO service_categories (id, salon_id, name) VALUES (${salon}, ${salon}, 'Hair');`,
    );
    for (let k = 0; k < 3; k++)
      lines.push(
        `INSERT INTO services (id, salon_id, category_id, name, position) VALUES (${salon * 10 + k}, ${salon}, ${salon}, '${['Cut', 'Colour', 'Blow Dry'][k]}', ${k});`,
      );
    for (let s = 0; s < 4; s++) {
      const stylist = salon * 10 + s;
      lines.push(`INSERT INTO stylists (id, salon_id, name, role, position) VALUES (${stylist}, ${salon}, 'Stylist ${s + 1}', '', ${s});`);
      for (let k = 0; k < 3; k++)
        lines.push(
          `INSERT INTO stylist_services (stylist_id, service_id, price, duration, processing) VALUES (${stylist}, ${salon * 10 + k}, 4000, ${[45, 90, 30][k]}, 0);`,
        );
      for (let wd = 1; wd <= 6; wd++)
        lines.push(
          `INSERT INTO stylist_hours (stylist_id, weekday, start_min, end_min, breaks) VALUES (${stylist}, ${wd}, 540, 1080, '[[780,810]]');`,
        );
    }
    for (let a = 0; a < APPOINTMENTS; a++) {
      const start = midnight + Math.floor(rand() * 14) * dayMs + (9 * 60 + Math.floor(rand() * 32) * 15) * 60_000;
      const end = start + 45 * 60_000;
      const stylist = salon * 10 + Math.floor(rand() * 4);
      const id = appointment++;
      lines.push(
        `INSERT INTO appointments (id, salon_id, start_at, end_at, created_at) VALUES (${id}, ${salon}, ${start}, ${end}, 0);`,
        `INSERT INTO appointment_procedures (appointment_id, salon_id, stylist_id, start_at, end_at) VALUES (${id}, ${salon}, ${stylist}, ${start}, ${end});`,
      );
    }
  }
  lines.push(
    `INSERT OR IGNORE INTO stylist_blocks (stylist_id, block, appointment_id)
       WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < 11)
     SELECT p.stylist_id, p.start_at / 300000 + k.n, p.appointment_id FROM appointment_procedures p JOIN k
      WHERE p.salon_id BETWEEN ${firstSalon} AND ${firstSalon + size - 1} AND (p.start_at / 300000 + k.n) * 300000 < p.end_at;`,
  );
  return lines.join('\n');
}

const groups = SIZES.map((size, i) => ({ id: 900 + i, size, firstSalon: 1000 + i * 100 }));
mkdirSync('.wrangler', { recursive: true });
rmSync(persistTo, { recursive: true, force: true });
prepareLocalDb(persistTo);
writeFileSync('.wrangler/bench-picker.sql', groups.map((g) => groupSql(g.id, g.size, g.firstSalon)).join('\n'));
run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', '.wrangler/bench-picker.sql'], { stdio: 'ignore' });

const worker = await startWorker({ port: PORT, persistTo, quiet: true });
try {
  console.log(`\nGroup picker: GET book-online/group/{id}/next-times/ (${RUNS} runs each after 3 to warm up, ms)\n`);
  console.log('locations   Worker p50   Worker p95   round trip p50   p95   (answers with a next time)');
  for (const g of groups) {
    const url = `http://127.0.0.1:${PORT}/api/book-online/group/${g.id}/next-times/`;
    const inWorker = [];
    const total = [];
    let found = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const res = await fetch(url);
      const body = await res.json();
      const ms = performance.now() - t;
      if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
      if (i < 3) continue;
      inWorker.push(Number(/engine;dur=([\d.]+)/.exec(res.headers.get('Server-Timing') ?? '')?.[1]));
      total.push(ms);
      found = body.salons.filter((s) => s.next).length;
    }
    const w = stats(inWorker);
    const r = stats(total);
    const f = (x) => x.toFixed(1).padStart(8);
    console.log(`${String(g.size).padStart(9)}   ${f(w.p50)}     ${f(w.p95)}     ${f(r.p50)}     ${f(r.p95)}   ${found}/${g.size}`);
  }
} finally {
  worker.kill();
}
