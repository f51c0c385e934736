// Serves the built app for the browser tests: fresh local D1s in .wrangler/e2e, migrated and
// seeded, the app on E2E_PORT (default 8790) and its stand-ins on E2E_PORT+1. Playwright starts
// and stops it (tests/e2e/playwright.config.ts). E2E_CLOCK_OFFSET_MS runs both Workers' clocks
// that far ahead, with the demo data dated from that day (tests/e2e/clock.ts).
import { rmSync } from 'node:fs';
import { prepareLocalDb, startApp } from './lib.mjs';

const persistTo = '.wrangler/e2e';
rmSync(persistTo, { recursive: true, force: true });
const clockOffsetMs = Number(process.env.E2E_CLOCK_OFFSET_MS || 0);
prepareLocalDb(persistTo, { now: new Date(Date.now() + clockOffsetMs) });
// VERSION_LEASE_MS=0: a salon change answers at once (the Worker tests cover the lease itself).
const running = await startApp({ port: Number(process.env.E2E_PORT || 8790), persistTo, clockOffsetMs, vars: { VERSION_LEASE_MS: '0' } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => running.stop(sig));
running.exited.then((code) => {
  running.stop();
  process.exit(code);
});
