// Serves the built app for the browser tests: a fresh local D1 in .wrangler/e2e, migrated and
// seeded, on E2E_PORT (default 8790). Playwright starts and stops it (tests/e2e/playwright.config.ts).
import { rmSync } from 'node:fs';
import { prepareLocalDb, startWorker } from './lib.mjs';

const persistTo = '.wrangler/e2e';
rmSync(persistTo, { recursive: true, force: true });
prepareLocalDb(persistTo);
const child = await startWorker({ port: Number(process.env.E2E_PORT || 8790), persistTo });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
