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
import {
  BENCH_TABLE_HEAD,
  CHROMIUM,
  CHROMIUM_FLAGS,
  DEMO_CLIENT,
  benchRow,
  benchWednesday,
  bookRestyle,
  cancelBooking,
  demoClientSession,
  startBenchApp,
  watchDiary,
} from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const PERSIST = '.wrangler/bench-inbound';

async function main() {
  const { base, standIns, running } = await startBenchApp(PERSIST, { VERSION_LEASE_MS: '0' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...CHROMIUM_FLAGS] });
  const texts = async () =>
    (await (await fetch(`${standIns}/__dev/outbox/texts.json?to=${encodeURIComponent(DEMO_CLIENT.phone)}`)).json()).data;
  const textIn = async (body) => {
    const res = await fetch(`${standIns}/__dev/sms/inbound`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: DEMO_CLIENT.phone, body }),
    });
    const answer = await res.json();
    if (answer.status !== 200) throw new Error(`inbound text: ${JSON.stringify(answer)}`);
    return answer;
  };
  try {
    const date = benchWednesday();
    const diary = await watchDiary(browser, base, date);
    const client = await demoClientSession(base);
    /** Books the Restyle with Sam; resolves once its verification text is sent (salon 2 then has the number). */
    const book = async (i) => {
      const sentBefore = (await texts()).length;
      const res = await bookRestyle(base, client, date);
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
      await diary.reset();
      const before = await diary.count();
      await book(i);
      await diary.shown(before + 1);
      await diary.reset();
      const sentAt = Date.now();
      const { replies } = await textIn('C');
      const answered = Date.now();
      if (!replies.some((r) => / is cancelled\./.test(r))) throw new Error(`round ${i}: ${JSON.stringify(replies)}`);
      const gone = await diary.shown(before);
      // the baseline: a booking cancelled through the booking API
      await diary.reset();
      const id = await book(i);
      await diary.shown(before + 1);
      await diary.reset();
      const cancel = await cancelBooking(base, client, id);
      const cancelAnswered = Date.now();
      if (cancel.status !== 200) throw new Error(`cancel ${i}: ${cancel.status} ${await cancel.text()}`);
      const apiGone = await diary.shown(before);
      if (i === 0) {
        example.push(...replies);
        continue; // warms the isolates and the page up
      }
      answerToDiary.push(gone - answered);
      textToDiary.push(gone - sentAt);
      apiToDiary.push(apiGone - cancelAnswered);
    }
    console.log(`\nA "C" by text to the console diary, ${ROUNDS} rounds, loopback, ms (this machine's clock, both sides):\n`);
    console.log(BENCH_TABLE_HEAD);
    console.log(benchRow('"C" texted → gone from the diary', textToDiary));
    console.log(benchRow('its TwiML answer → gone from the diary', answerToDiary));
    console.log(benchRow('baseline: cancel by the booking API → gone', apiToDiary));
    console.log(`\nThe answer texted back: ${example.join(' | ')}`);
  } finally {
    await browser.close();
    running.stop();
  }
}

await main();
