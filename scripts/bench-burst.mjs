// npm run bench:burst: a report, not a test (issue 33 item 8). Can one public caller slow every
// salon? Starts the app and the stand-ins (`wrangler dev`, a fresh copy of the demo data; the client
// build must exist: npm run build) and measures another salon's availability calls (salon 1: 40
// calls from its own clients, one every 100 ms) while 300 availability calls for salon 2 arrive at once:
//   - idle: no burst;
//   - one address: the 300 from one caller, which the edge limits to 30 uncached public calls in
//     10 seconds (worker/abuse/limits.ts publicPerAddress), the rest answered 429 at once;
//   - 300 addresses: the same burst spread over 300 callers, which no per-address limit stops
//     (what one caller could do before the limit).
// Prints the other salon's latency (p50, p95, max) and the burst's answers for each.
import { startBenchApp, stats } from './lib.mjs';

const BURST = Number(process.env.BENCH_BURST ?? 300);
const PERSIST = '.wrangler/bench-burst';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The date `days` from today (UTC), as the availability calls take it. */
const dayAhead = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function timed(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function main() {
  const { base, running } = await startBenchApp(PERSIST);
  // Salon 1's Ben (a cut), as its clients ask; salon 2's Sam (a restyle), as the burst asks.
  const other = (i) => `${base}/api/book-online/new/availability/appointment/1/${dayAhead(2 + (i % 20))}/4/2/null/`;
  const target = (i) => `${base}/api/book-online/new/availability/appointment/2/${dayAhead(2 + (i % 60))}/10/5/null/`;
  // salon 1's clients: each call from a client of its own
  const otherCaller = (i) => ({ 'CF-Connecting-IP': `198.51.${100 + ((i >> 8) % 10)}.${i & 255}` });

  /** Salon 1's latency while the burst is served: 40 calls, one every 100 ms from the burst's start (open loop). */
  const measureOther = () =>
    Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await sleep(i * 100);
        return (await timed(other(i), otherCaller(i))).ms;
      }),
    );

  async function scenario(name, addressOf) {
    await sleep(11_000); // every address's 10-second window is over
    const burst = addressOf
      ? Promise.all(Array.from({ length: BURST }, (_, i) => timed(target(i), { 'CF-Connecting-IP': addressOf(i) })))
      : Promise.resolve([]);
    const [ms, answers] = await Promise.all([measureOther(), burst]);
    const served = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429).length;
    const r = stats(ms);
    const f = (v) => v.toFixed(0).padStart(5);
    const burstInfo = addressOf ? `${served} served, ${refused} refused (429)`.padEnd(30) : '—'.padEnd(30);
    console.log(`| ${name.padEnd(28)} | ${String(r.n).padStart(4)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.max)} | ${burstInfo} |`);
  }

  try {
    for (let i = 0; i < 20; i++) await timed(other(i), otherCaller(i + 2000)); // warm up
    console.log(
      `\nSalon 1's availability call while ${BURST} availability calls for salon 2 arrive at once, ms (loopback, one workerd):\n`,
    );
    console.log('| burst                        |    n |   p50 |   p95 |   max | the burst                      |');
    console.log('| --- | ---: | ---: | ---: | ---: | --- |');
    await scenario('none (idle)', null);
    await scenario('300 from one address', () => '203.0.113.7');
    await scenario('300 from 300 addresses', (i) => `203.0.${113 + (i >> 8)}.${i & 255}`);
  } finally {
    running.stop();
  }
}

await main();
