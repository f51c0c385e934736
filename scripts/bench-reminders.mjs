// npm run bench:reminders: a report, not a test. One cron run of the reminders (worker/reminders/run.ts)
// over a salon group with 10,000 appointments in the next day: how long it takes to find the
// due reminders and put them on the MESSAGES queue, and the D1 rows it reads (and writes); then
// a second run at the same instant (everything is recorded: nothing more is enqueued); and the
// search's query plan. In workerd under `wrangler dev` (bench/reminders/), on a fresh copy of the
// demo data with 10,000 appointments of group 1 (salons 1 and 2: one reminds by text, the other by
// text and email) added, starting over the 24 hours after the run's instant. Nothing is sent: the
// bench's queue has no consumer.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, prepareLocalDb, run, startWorker } from './lib.mjs';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 10_000);
const PERSIST = '.wrangler/bench-reminders';
const HOUR = 3_600_000;

/** The run's instant: 10:00 UTC on a day 60 days ahead (clear of the demo bookings), so every 24-hour reminder is due. */
function runInstant() {
  const d = new Date(Date.now() + 60 * 24 * HOUR);
  d.setUTCHours(10, 0, 0, 0);
  return d.getTime();
}

/** 10,000 appointments of salons 1 and 2, one client each, starting every few seconds over the next day. */
function seedSql(now) {
  const step = Math.floor((24 * HOUR) / APPOINTMENTS);
  return `
UPDATE salons SET reminder_24h = 1, reminder_2h = 0, reminder_channel = CASE id WHEN 1 THEN 'both' ELSE 'text' END WHERE group_id = 1;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${APPOINTMENTS})
INSERT INTO clients (id, phone, first_name, name, email, updated_at)
  SELECT 'bench-client-' || i, '+4477009' || printf('%05d', i), 'Bench', 'Bench Client ' || i,
         CASE WHEN i % 2 = 0 THEN 'bench' || i || '@example.test' END, ${now} FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${APPOINTMENTS})
INSERT INTO appointments (salon_id, client_id, status, start_at, end_at, created_at, origin)
  SELECT 1 + (i % 2), 'bench-client-' || i, 'confirmed', ${now} + i * ${step}, ${now} + i * ${step} + ${HOUR},
         ${now - 30 * 24 * HOUR}, 'salon' FROM n;
`;
}

async function main() {
  const now = runInstant();
  rmSync(PERSIST, { recursive: true, force: true });
  console.log('Preparing a fresh copy of the demo data…');
  prepareLocalDb(PERSIST);
  const file = join(tmpdir(), `bench-reminders-${process.pid}.sql`);
  writeFileSync(file, seedSql(now));
  console.log(`Adding ${APPOINTMENTS.toLocaleString('en-GB')} appointments of group 1 in the day after ${new Date(now).toISOString()}…`);
  run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', PERSIST, '--file', file], { timeoutMs: 300_000 });
  const port = await freePort();
  const worker = await startWorker({ port, persistTo: PERSIST, config: 'bench/reminders/wrangler.toml', quiet: true });
  try {
    const base = `http://127.0.0.1:${port}`;
    const get = async (path) => {
      const res = await fetch(`${base}${path}?now=${now}`);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const plan = await get('/plan');
    const first = await get('/run');
    const second = await get('/run');
    const line = (name, r) =>
      `| ${name.padEnd(36)} | ${String(r.ms).padStart(7)} | ${String(r.run.candidates).padStart(6)} | ${String(r.run.reminders).padStart(9)} | ${String(r.run.messages).padStart(8)} | ${String(r.run.findRowsRead).padStart(10)} | ${String(r.run.rowsRead).padStart(9)} | ${String(r.run.rowsWritten).padStart(9)} |`;
    console.log(
      `\nReminders cron run, ${APPOINTMENTS.toLocaleString('en-GB')} appointments in the next day, group 1 (wrangler dev, local D1):\n`,
    );
    console.log(
      '| run                                  |      ms | found  | reminders | messages | search rows | rows read | rows written |',
    );
    console.log(
      '|--------------------------------------|---------|--------|-----------|----------|-------------|-----------|--------------|',
    );
    console.log(line('first: find and enqueue', first));
    console.log(line('second, same instant (all recorded)', second));
    console.log('\nThe search’s query plan (EXPLAIN QUERY PLAN):\n');
    for (const r of plan) console.log(`  ${'  '.repeat(r.parent ? 1 : 0)}${r.detail}`);
    if (!plan.some((r) => /USING (COVERING )?INDEX appointments_to_remind/.test(r.detail)))
      throw new Error('the search does not use the appointments_to_remind index');
  } finally {
    worker.kill();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
