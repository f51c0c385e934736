// npm run bench:realtime: a report, not a test. Starts the Pusher stand-in (the stand-ins Worker
// under `wrangler dev`), connects 100 real pusher-js clients (its Node build) to private channels,
// triggers events through the official `pusher` server SDK and measures trigger → handler latency:
//   A. one event at a time to one client, 100 times (each waits for the previous to arrive);
//   B. 100 events at once, one to each client (ROUNDS rounds);
//   C. one event to all 100 channels in a single trigger (ROUNDS rounds).
// Baselines measured in the same run against the same stand-in: a bare WebSocket ping/pong round
// trip (the runtime answers it at the Durable Object) and the trigger's HTTP call alone.
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import Pusher from 'pusher';
import PusherJs from 'pusher-js';
import { freePort, startStandIns, stats } from './lib.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** [vars] of standins/wrangler.toml: the stand-in app, never a real one. */
const APP = { appId: 'local-app', key: 'local_pusher_key', secret: 'local_pusher_secret' };
const EVENT = 'invitation';
const PERSIST = '.wrangler/bench-realtime';

const row = (name, ms) => {
  const r = stats(ms);
  const f = (v) => v.toFixed(1).padStart(7);
  return `| ${name.padEnd(58)} | ${String(r.n).padStart(5)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} |`;
};

/** One pusher-js client on its private channel; signatures made with the stand-in's local secret. */
function connectClient(port, i) {
  const channelName = `private-client-bench-${i}`;
  const pusher = new PusherJs(APP.key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName: ch }, cb) =>
        cb(null, { auth: `${APP.key}:${createHmac('sha256', APP.secret).update(`${socketId}:${ch}`).digest('hex')}` }),
    },
  });
  const client = { pusher, channelName, waiting: new Map() };
  return new Promise((resolve, reject) => {
    const channel = pusher.subscribe(channelName);
    channel.bind('pusher:subscription_succeeded', () => resolve(client));
    channel.bind('pusher:subscription_error', (e) => reject(new Error(`subscription ${channelName}: ${JSON.stringify(e)}`)));
    channel.bind(EVENT, (data) => {
      const now = performance.now();
      client.waiting.get(data.seq)?.(now);
      client.waiting.delete(data.seq);
    });
  });
}

let seq = 0;
/** Resolves with the time the client's handler got event `s`. */
const arrival = (client, s) => new Promise((resolve) => client.waiting.set(s, resolve));

async function main() {
  const port = await freePort();
  rmSync(PERSIST, { recursive: true, force: true });
  console.log(`Starting the stand-ins Worker on 127.0.0.1:${port}…`);
  const standIns = await startStandIns({ port, persistTo: PERSIST, quiet: true });
  try {
    const server = new Pusher({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false });

    // Baseline 1: bare WebSocket round trip (pusher:ping → pusher:pong) to the same stand-in.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${APP.key}?protocol=7&client=js&version=8.6.0`);
    await new Promise((r) => ws.addEventListener('message', r, { once: true })); // connection_established
    const echo = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      ws.send('{"event":"pusher:ping","data":{}}');
      await new Promise((r) => ws.addEventListener('message', r, { once: true }));
      echo.push(performance.now() - t0);
    }
    ws.close();

    const t0 = performance.now();
    const clients = [];
    for (let i = 0; i < CLIENTS; i += 10)
      clients.push(...(await Promise.all(Array.from({ length: Math.min(10, CLIENTS - i) }, (_, j) => connectClient(port, i + j)))));
    console.log(`${clients.length} pusher-js clients connected and subscribed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const trigger = async (channels, data) => {
      const start = performance.now();
      await server.trigger(channels, EVENT, data);
      return performance.now() - start;
    };
    // warm-up
    for (const c of clients.slice(0, 5)) {
      const s = ++seq;
      const got = arrival(c, s);
      await trigger(c.channelName, { seq: s });
      await got;
    }

    // Baseline 2 and scenario A: one event at a time.
    const http = [];
    const one = [];
    for (const c of clients) {
      const s = ++seq;
      const got = arrival(c, s);
      const start = performance.now();
      http.push(await trigger(c.channelName, { seq: s }));
      one.push((await got) - start);
    }

    // B: 100 events at once, one to each client.
    const burst = [];
    for (let r = 0; r < ROUNDS; r++) {
      const start = performance.now();
      await Promise.all(
        clients.map(async (c) => {
          const s = ++seq;
          const got = arrival(c, s);
          await trigger(c.channelName, { seq: s });
          burst.push((await got) - start);
        }),
      );
    }

    // C: one trigger to all the channels (Pusher's limit is 100 channels per event).
    const fan = [];
    for (let r = 0; r < ROUNDS; r++) {
      const s = ++seq;
      const start = performance.now();
      const arrivals = clients.map((c) => arrival(c, s));
      await trigger(
        clients.map((c) => c.channelName),
        { seq: s },
      );
      for (const t of await Promise.all(arrivals)) fan.push(t - start);
    }

    console.log(`\nPusher stand-in, ${clients.length} pusher-js clients, latency in ms (one run, loopback):\n`);
    console.log(`| ${'measure'.padEnd(58)} |     n |     p50 |     p95 |     p99 |     max |`);
    console.log(`|${'-'.repeat(60)}|------:|--------:|--------:|--------:|--------:|`);
    console.log(row('baseline: bare WebSocket ping → pong round trip', echo));
    console.log(row('baseline: the trigger HTTP call alone (SDK → 200)', http));
    console.log(row('A. one event to one client at a time (trigger → handler)', one));
    console.log(row(`B. ${clients.length} events at once, one per client (${ROUNDS} rounds)`, burst));
    console.log(row(`C. one event to all ${clients.length} channels (${ROUNDS} rounds)`, fan));
    for (const c of clients) c.pusher.disconnect();
  } finally {
    standIns.kill();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
