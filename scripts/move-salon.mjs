// Moves one salon's rows to another D1 database of the product (docs/scale.md, "Moving a salon"):
// mark it moving in the directory, wait out the lease, copy, verify the counts, switch the
// directory, remove the rows from the old database. The work is worker/db/move-salon.ts (the
// same code the Worker tests run), bundled here for Node and given the local databases through
// wrangler's platform proxy.
//
//   node scripts/move-salon.mjs <salon id> <binding: DB, DB_2…> [persist dir, default .wrangler/state] [lease ms, default 1100]
//   OPERATOR_KEY=… node scripts/move-salon.mjs <salon id> <binding> --url https://the.deployed.app
//
// With --url it asks a running Worker to make the move on its own bindings (POST
// /admin/operator/salons/{id}/move, api/operator.ts): that is how production's databases are
// moved; the Worker waits its own lease.
//
// Run it with the app stopped or running: a running app answers the salon's calls 503 while it
// moves. The lease must be at least the app's VERSION_LEASE_MS (1 s by default).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { getPlatformProxy } from 'wrangler';

/** worker/db/move-salon.ts as an ES module Node can import. */
async function moveModule() {
  const out = await build({ entryPoints: ['worker/db/move-salon.ts'], bundle: true, platform: 'node', format: 'esm', write: false });
  const dir = mkdtempSync(join(tmpdir(), 'move-salon-'));
  const file = join(dir, 'move-salon.mjs');
  writeFileSync(file, out.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Moves `salonId` to `to` in the local databases of `persistTo`; resolves to the move's report. */
export async function moveLocalSalon(salonId, to, { persistTo = '.wrangler/state', leaseMs = 1100, log = console.log } = {}) {
  const { moveSalon } = await moveModule();
  const { env, dispose } = await getPlatformProxy({ persist: { path: `${persistTo}/v3` } });
  try {
    return await moveSalon({ env, salonId, to, leaseMs, log });
  } finally {
    await dispose();
  }
}

/**
 * Places demo salon 2 in DB_2 (DEMO_DATABASES=2 npm start, the browser tests' server, the benches):
 * moved the first time. The demo seed, run again, puts the rows of every salon placed elsewhere
 * back in DB (it is idempotent, not placement-aware): those copies are removed there.
 */
async function placeDemoSalon(persistTo) {
  const { moveSalon, placedIn, removeSalonRows, salonsOutsideDb } = await moveModule();
  const { env, dispose } = await getPlatformProxy({ persist: { path: `${persistTo}/v3` } });
  try {
    for (const id of await salonsOutsideDb(env)) await removeSalonRows(env.DB, id);
    if ((await placedIn(env, 2)) === 'DB') await moveSalon({ env, salonId: 2, to: 'DB_2', leaseMs: 0 });
  } finally {
    await dispose();
  }
}

/** Asks the Worker at `origin` to move the salon (the operator's call); resolves to its report, or throws its answer. */
export async function moveThroughWorker(salonId, to, origin, key = process.env.OPERATOR_KEY) {
  if (!key) throw new Error('set OPERATOR_KEY to the deployment’s operator key');
  const res = await fetch(new URL(`/admin/operator/salons/${salonId}/move`, origin), {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ to }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${res.status}: ${body.detail ?? res.statusText}`);
  return body;
}

const urlAt = process.argv.indexOf('--url');
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && urlAt > 0) {
  const [id, to] = process.argv.slice(2);
  try {
    const report = await moveThroughWorker(Number(id), to, process.argv[urlAt + 1]);
    console.log(`salon ${report.salonId} moved from ${report.from} to ${report.to}:`, JSON.stringify(report.counts));
  } catch (e) {
    console.error(`the move was refused: ${e.message}`);
    process.exit(1);
  }
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--demo') {
  await placeDemoSalon(process.argv[3] || '.wrangler/state');
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [id, to, persistTo, lease] = process.argv.slice(2);
  if (!id || !to) {
    console.error('usage: node scripts/move-salon.mjs <salon id> <DB|DB_2|…> [persist dir] [lease ms]');
    process.exit(2);
  }
  const report = await moveLocalSalon(Number(id), to, { persistTo: persistTo || undefined, leaseMs: lease ? Number(lease) : undefined });
  console.log(`salon ${report.salonId} moved from ${report.from} to ${report.to}:`, JSON.stringify(report.counts));
}
