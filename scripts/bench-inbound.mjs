// npm run bench:inbound: a report, not a test. How long after a client texts "C" does the salon's
// console diary show the cancellation? Starts the app and the stand-ins (`wrangler dev`, a fresh
// copy of the demo data; the client build must exist: npm run build), signs the group owner in to
// the console in Debian's Chromium at salon 2's diary; then, BENCH_ROUNDS times, the demo client
// books a Restyle with Sam through the booking API (its verification text makes salon 2 the one
// that texted the number last), and texts "C" through the stand-ins' POST /__dev/sms/inbound (a
// text delivered as Twilio would: signed, to /webhooks/twilio/inbound). Measured: the product's
// TwiML answer → the diary dropping the appointment, and the whole text → diary. Baseline in the
// same run: the same cancellation through the booking API (answer → diary), as bench:diary does.
import { chromium } from '@playwright/test';
import { rmSync } from 'node:fs';
import { CHROMIUM, CHROMIUM_FLAGS, freePort, prepareLocalDb, startApp, stats } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const PERSIST = '.wrangler/bench-inbound';
const PHONE = '+447700900123';

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
  const port = await freePort();
  const standInsPort = await freePort();
  rmSync(PERSIST, { recursive: true, force: true });
  console.log('Preparing a fresh copy of the demo data…');
  prepareLocalDb(PERSIST);
  const running = await startApp({
    port,
    standInsPort,
    persistTo: PERSIST,
    vars: { VERSION_LEASE_MS: '0' },
    quiet: !process.env.BENCH_VERBOSE,
  });
  const base = `http://127.0.0.1:${port}`;
  const standIns = `http://127.0.0.1:${standInsPort}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...CHROMIUM_FLAGS] });
  const texts = async () => (await (await fetch(`${standIns}/__dev/outbox/texts.json?to=${encodeURIComponent(PHONE)}`)).json()).data;
  const textIn = async (body) => {
    const res = await fetch(`${standIns}/__dev/sms/inbound`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: PHONE, body }),
    });
    const answer = await res.json();
    if (answer.status !== 200) throw new Error(`inbound text: ${JSON.stringify(answer)}`);
    return answer;
  };
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
    await page.waitForTimeout(500);
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
        body: JSON.stringify({ phone: PHONE, password: 'Demo-pass1' }),
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
    /** Books the Restyle with Sam; resolves once its verification text is sent (salon 2 then has the number). */
    const book = async (i) => {
      const slots = await (await fetch(`${base}/api/book-online/new/availability/appointment/2/${date}/10/5/null/`)).json();
      const start = Object.keys(slots.data)[0];
      const sentBefore = (await texts()).length;
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
          user: { name: 'Jamie Rivers', phone_number: PHONE, salon_id: 2 },
          payment_needed: false,
        }),
      });
      if (res.status !== 201) throw new Error(`booking ${i}: ${res.status} ${await res.text()}`);
      const deadline = Date.now() + 15_000;
      while ((await texts()).length === sentBefore) {
        if (Date.now() > deadline) throw new Error(`booking ${i}: no verification text`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 300)); // its route is recorded just after the send
      return (await res.json()).appointment_id;
    };
    // the demo client's earlier upcoming bookings at salon 2 come first: "C" them away, uncounted
    await book(-1);
    for (let n = 0; n < 10; n++) {
      const { replies } = await textIn('C');
      if (replies.some((r) => /no upcoming appointment/.test(r))) break;
    }
    const answerToDiary = [];
    const textToDiary = [];
    const apiToDiary = [];
    const example = [];
    for (let i = 0; i <= ROUNDS; i++) {
      await page.evaluate(() => (window.changes = []));
      const before = await page.locator('section[aria-labelledby="diary-col-5"] button').count();
      await book(i);
      await shown(before + 1);
      await page.evaluate(() => (window.changes = []));
      const sentAt = Date.now();
      const { replies } = await textIn('C');
      const answered = Date.now();
      if (!replies.some((r) => / is cancelled\./.test(r))) throw new Error(`round ${i}: ${JSON.stringify(replies)}`);
      const gone = await shown(before);
      // the baseline: a booking cancelled through the booking API
      await page.evaluate(() => (window.changes = []));
      const id = await book(i);
      await shown(before + 1);
      await page.evaluate(() => (window.changes = []));
      const cancel = await fetch(`${base}/api/ncob/client/cancel/appointment/2/${id}/${username}/`, { method: 'PUT', headers: auth });
      const cancelAnswered = Date.now();
      if (cancel.status !== 200) throw new Error(`cancel ${i}: ${cancel.status} ${await cancel.text()}`);
      const apiGone = await shown(before);
      if (i === 0) {
        example.push(...replies);
        continue; // warms the isolates and the page up
      }
      answerToDiary.push(gone - answered);
      textToDiary.push(gone - sentAt);
      apiToDiary.push(apiGone - cancelAnswered);
    }
    console.log(`\nA "C" by text to the console diary, ${ROUNDS} rounds, loopback, ms (this machine's clock, both sides):\n`);
    console.log('| measure                                              |    n |    p50 |    p95 |    p99 |    max |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(row('"C" texted → gone from the diary', textToDiary));
    console.log(row('its TwiML answer → gone from the diary', answerToDiary));
    console.log(row('baseline: cancel by the booking API → gone', apiToDiary));
    console.log(`\nThe answer texted back: ${example.join(' | ')}`);
  } finally {
    await browser.close();
    running.stop();
  }
}

await main();
