import { createServer } from 'node:net';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { standInSettings } from '../../scripts/lib.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** A free loopback port for the stand-ins Worker (globalSetup starts it there). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, 'worker/db/migrations'));
  const seed = await readD1Migrations(path.join(root, 'worker/db/seed'));
  process.env.TEST_STANDINS_PORT ||= String(await freePort());
  const standIns = standInSettings(Number(process.env.TEST_STANDINS_PORT));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, 'wrangler.toml') },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: [...migrations, ...seed],
            // the second database (DB_2): the schema alone; apply-migrations.ts moves demo salon 2
            // there for every file (TEST_DATABASES=1: every salon stays in DB) (placement.test.ts always does, for itself)
            TEST_SCHEMA: migrations,
            TEST_DATABASES: process.env.TEST_DATABASES === '1' ? '1' : '2',
            ...standIns,
            STANDINS_ORIGIN: standIns.STRIPE_API_BASE,
            // where the stand-ins send texts' status callbacks: a name that never resolves (RFC 2606), so a
            // test's text never calls a dev server on this machine; the tests sign callbacks for it themselves
            APP_ORIGIN: 'https://app.invalid',
            // no shared settings-version reads, so an admin change answers at once (cache.test.ts runs with the lease)
            VERSION_LEASE_MS: '0',
          },
        },
      }),
    ],
    // as wrangler.toml's [alias]: the first screen's server render, and zod's JSON Schema code left
    // out (worker/zod-json-schema-stub.ts), so that every Worker test runs without it as production does
    resolve: {
      alias: {
        'salon-first-screen': path.join(root, 'dist/ssr/entry-server.js'),
        ...Object.fromEntries(
          ['../core/to-json-schema.js', './to-json-schema.js', '../core/json-schema-processors.js', './json-schema-processors.js'].map(
            (name) => [name, path.join(root, 'worker/zod-json-schema-stub.ts')],
          ),
        ),
      },
    },
    test: {
      name: 'worker',
      root,
      include: ['tests/worker/**/*.test.ts'],
      // npm test runs this stage beside another on the two cores (scripts/test.mjs): at vitest's
      // default of 5 s, three tests that take 2 s alone timed out there.
      testTimeout: 20_000,
      // One runner for the files, not a fresh one per file (about 5 s each, 80 % of the stage's time):
      // each file still starts from a fresh database and demo data (apply-migrations.ts).
      isolate: false,
      setupFiles: ['tests/worker/apply-migrations.ts'],
      globalSetup: ['tests/worker/upstream-server.ts', 'tests/worker/standins-server.ts'],
    },
  };
});
