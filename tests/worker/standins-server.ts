import { rmSync } from 'node:fs';
import { prepareStandInsDb, startStandIns } from '../../scripts/lib.mjs';

/**
 * The stand-ins Worker on loopback for the product's Worker tests, as `npm start` runs it: its
 * own wrangler dev and D1 (fresh, migrated, with the demo client). The product under test
 * reaches it only through its settings (vitest.config.ts points them at TEST_STANDINS_PORT).
 */
export default async function setup() {
  const port = Number(process.env.TEST_STANDINS_PORT);
  // one directory per run (npm test runs two at once, scripts/test.mjs), removed when it ends
  const persistTo = `.wrangler/worker-tests-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  prepareStandInsDb(persistTo);
  const standIns = await startStandIns({ port, persistTo, quiet: true });
  return () => {
    standIns.kill();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
