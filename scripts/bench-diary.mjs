// npm run bench:diary: a report, not a test. How long after a client's booking (or cancellation)
// is answered does the salon's console diary show it? Starts the app and the stand-ins (`wrangler
// dev`, a fresh copy of the demo data; the client build must exist: npm run build), signs the
// group owner in to the console in Debian's Chromium at salon 2's diary, then the demo client books
// a Restyle with Sam through the booking API and cancels it again, BENCH_ROUNDS times. Measured:
// the booking's (cancellation's) HTTP answer → the diary's DOM showing (dropping) the appointment,
// both on this machine's clock. The way there: the product triggers the salon's private Pusher
// channel after its answer, the console refetches the day, React draws it.
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, startBenchApp, stats } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const PERSIST = '.wrangler/bench-diary';

const row = (name, ms) => {
  const r = stats(ms);
  const f = (v) => v.toFixed(0).padStart(6);
  return `| ${name.padEnd(52)} | ${String(r.n).padStart(4)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} |`;
};

/** A Wednesday two or more weeks ahead: Sam works at salon 2, and the demo client may still cancel online. */
function wednesday() {
  const d = new Date(Date.now() + 14 * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function main() {
  const { base, running } = await startBenchApp(PERSIST, { VERSION_LEASE_MS: '0' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...CHROMIUM_FLAGS] });
  try {
    const date = wednesday();
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
    // the page notes when the number of appointments in Sam's column changes, on the machine's clock
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
    const login = await (
      await fetch(`${base}/session/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phone: '+447700900123', password: 'Demo-pass1' }),
      })
    ).json();
    const auth = { Authorization: `Bearer ${login.access_token}` };
    const username = login.user.username;
    const shown = async (count) => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const hit = (await page.evaluate(() => window.changes)).find((c) => c.count === count);
        if (hit) return hit.at;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`the diary did not show ${count} appointments within 10 s`);
    };
    const booked = [];
    const cancelled = [];
    // round 0 warms the isolates and the page's code paths up and is not counted
    for (let i = 0; i <= ROUNDS; i++) {
      const slots = await (await fetch(`${base}/api/book-online/new/availability/appointment/2/${date}/10/5/null/`)).json();
      const start = Object.keys(slots.data)[0];
      await page.evaluate(() => (window.changes = []));
      const before = await page.locator('section[aria-labelledby="diary-col-5"] button').count();
      const res = await fetch(`${base}/api/book-online/appointment/create/2/`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({
          start_time: start,
          procedures: [
            { service_id: 10, stylist_id: 5, role: 'Senior Stylist', start_time: start, duration: 75, price: 55, processing: 0 },
          ],
          total_price: 55,
          cognito_username: username,
          notes: '',
          deposit: 0,
          user: { name: 'Jamie Rivers', phone_number: '+447700900123', salon_id: 2 },
          payment_needed: false,
        }),
      });
      const answered = Date.now();
      if (res.status !== 201) throw new Error(`booking ${i}: ${res.status} ${await res.text()}`);
      const { appointment_id: id } = await res.json();
      const bookedIn = (await shown(before + 1)) - answered;
      const cancel = await fetch(`${base}/api/ncob/client/cancel/appointment/2/${id}/${username}/`, { method: 'PUT', headers: auth });
      const cancelAnswered = Date.now();
      if (cancel.status !== 200) throw new Error(`cancel ${i}: ${cancel.status} ${await cancel.text()}`);
      const cancelledIn = (await shown(before)) - cancelAnswered;
      if (i === 0) continue;
      booked.push(bookedIn);
      cancelled.push(cancelledIn);
    }
    console.log(`\nThe console diary, ${ROUNDS} rounds, loopback, ms (this machine's clock, both sides):\n`);
    console.log('| measure                                              |    n |    p50 |    p95 |    p99 |    max |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(row("a client's booking answered → shown in the diary", booked));
    console.log(row("a client's cancellation answered → gone from the diary", cancelled));
    console.log(row('both', [...booked, ...cancelled]));
  } finally {
    await browser.close();
    running.stop();
  }
}

await main();
