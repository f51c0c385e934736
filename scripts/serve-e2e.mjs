// Serves the built app for the browser tests, once per Playwright worker: each worker gets its own
// app and stand-ins with their own local D1s, so a test that changes a salon, books a time or
// fills an outbox never meets another worker's test. Server i (0 ≤ i < E2E_SERVERS) serves the
// app on E2E_PORT + 10 i and its stand-ins on the port after (tests/e2e/env.ts picks a worker's
// by TEST_PARALLEL_INDEX). The demo data is migrated and seeded once, then copied for each.
// When all answer, it prints E2E_READY (scripts/lib.mjs) on its stdout, which Playwright
// (playwright.config.ts) and npm test (scripts/test.mjs) wait for: no port of its own to collide.
// E2E_CLOCK_OFFSET_MS runs the Workers' clocks that far ahead, with the demo data dated from
// that day (tests/e2e/env.ts). With E2E_START_ON_STDIN, it seeds at once and starts the servers
// only at the first line on its stdin (npm test seeds during the build and says when it has ended).
import { cpSync, rmSync } from 'node:fs';

// wrangler dev logs each request by POSTing a line from workerd to its Node process, which nothing
// reads (the ready line below is this script's own): 'warn' skips that round trip. Set before
// lib.mjs is loaded, as it copies process.env once (scripts/bench.mjs does the same).
process.env.WRANGLER_LOG ||= 'warn';
const { E2E_READY, prepareLocalDb, startApp, startStandInsFor } = await import('./lib.mjs');

const basePort = Number(process.env.E2E_PORT || 8790);
// demo salon 2 in the second database, as npm start places it; DEMO_DATABASES=1 keeps all in DB
process.env.DEMO_DATABASES ||= '2';
const servers = Math.max(1, Number(process.env.E2E_SERVERS || 1));
const clockOffsetMs = Number(process.env.E2E_CLOCK_OFFSET_MS || 0);

// Directories of their own per port, so two runs on different ports (worktrees) never share one.
const seeded = `.wrangler/e2e-${basePort}/seeded`;
rmSync(`.wrangler/e2e-${basePort}`, { recursive: true, force: true });
prepareLocalDb(seeded, { now: new Date(Date.now() + clockOffsetMs) });

const running = [];
const standIns = [];
const stopAll = (sig) => {
  running.forEach((r) => r.stop(sig));
  standIns.forEach((ch) => ch.exitCode === null && ch.kill(sig));
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(sig));

// One after another: two wrangler dev starting at the same moment can pick the same free port
// for a socket of their own ('Address already in use'). The stand-ins serve no build, so they
// start while the client may still be building; each app once it has been built.
for (let i = 0; i < servers; i++) {
  const persistTo = `.wrangler/e2e-${basePort}/${i}`;
  cpSync(seeded, persistTo, { recursive: true });
  const child = await startStandInsFor({ port: basePort + 10 * i, persistTo, clockOffsetMs });
  standIns.push(child);
  child.on('exit', (code) => {
    stopAll();
    process.exit(code ?? 0);
  });
}
if (process.env.E2E_START_ON_STDIN) await buildEnded();
for (let i = 0; i < servers; i++) {
  const persistTo = `.wrangler/e2e-${basePort}/${i}`;
  // VERSION_LEASE_MS=0: a salon change answers at once (the Worker tests cover the lease itself).
  const app = await startApp({
    port: basePort + 10 * i,
    persistTo,
    clockOffsetMs,
    vars: { VERSION_LEASE_MS: '0' },
    started: standIns[i],
  });
  running.push(app);
  app.exited.then((code) => {
    stopAll();
    process.exit(code);
  });
}

console.log(`${E2E_READY}: ${servers} on ports ${basePort}…${basePort + 10 * (servers - 1)}`);

/** Resolves at the first line on stdin; exits if stdin ends first (npm test stopped: the build failed). */
function buildEnded() {
  return new Promise((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) {
        process.stdin.pause();
        resolve();
      }
    });
    process.stdin.on('end', () => {
      if (text.includes('\n')) return;
      stopAll();
      process.exit(1);
    });
  });
}
