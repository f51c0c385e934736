// npm run bench:diary: a report, not a test. How long after a client's booking (or cancellation)
// is answered does the salon's console diary show it? Starts the app and the stand-ins (`wrangler
// dev`, a fresh copy of the demo data; the client build must exist: npm run build), signs the
// group owner in to the console in Debian's Chromium at salon 2's diary, then the demo client books
// a Restyle with Sam through the booking API and cancels it again, BENCH_ROUNDS times. Measured:
// the booking's (cancellation's) HTTP answer → the diary's DOM showing (dropping) the appointment,
// both on this machine's clock. The way there: the product triggers the salon's private Pusher
// channel after its answer, the console refetches the day, React draws it.
import { chromium } from '@playwright/test';
import {
  BENCH_TABLE_HEAD,
  CHROMIUM,
  CHROMIUM_FLAGS,
  benchRow,
  benchWednesday,
  bookRestyle,
  cancelBooking,
  demoClientSession,
  startBenchApp,
  watchDiary,
} from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const PERSIST = '.wrangler/bench-diary';

async function main() {
  const { base, running } = await startBenchApp(PERSIST, { VERSION_LEASE_MS: '0' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...CHROMIUM_FLAGS] });
  try {
    const date = benchWednesday();
    const diary = await watchDiary(browser, base, date);
    const client = await demoClientSession(base);
    const booked = [];
    const cancelled = [];
    // round 0 warms the isolates and the page's code paths up and is not counted
    for (let i = 0; i <= ROUNDS; i++) {
      await diary.reset();
      const before = await diary.count();
      const res = await bookRestyle(base, client, date);
      const answered = Date.now();
      if (res.status !== 201) throw new Error(`booking ${i}: ${res.status} ${await res.text()}`);
      const { appointment_id: id } = await res.json();
      const bookedIn = (await diary.shown(before + 1)) - answered;
      const cancel = await cancelBooking(base, client, id);
      const cancelAnswered = Date.now();
      if (cancel.status !== 200) throw new Error(`cancel ${i}: ${cancel.status} ${await cancel.text()}`);
      const cancelledIn = (await diary.shown(before)) - cancelAnswered;
      if (i === 0) continue;
      booked.push(bookedIn);
      cancelled.push(cancelledIn);
    }
    console.log(`\nThe console diary, ${ROUNDS} rounds, loopback, ms (this machine's clock, both sides):\n`);
    console.log(BENCH_TABLE_HEAD);
    console.log(benchRow("a client's booking answered → shown in the diary", booked));
    console.log(benchRow("a client's cancellation answered → gone from the diary", cancelled));
    console.log(benchRow('both', [...booked, ...cancelled]));
  } finally {
    await browser.close();
    running.stop();
  }
}

await main();
