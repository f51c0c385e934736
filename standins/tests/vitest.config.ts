import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const here = path.resolve(import.meta.dirname, '..');

/** The stand-ins Worker's own tests, inside workerd with its own wrangler config and D1. */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(here, 'migrations'));
  const seed = await readD1Migrations(path.join(here, 'seed'));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(here, 'wrangler.toml') },
        miniflare: { bindings: { TEST_MIGRATIONS: [...migrations, ...seed] } },
      }),
    ],
    test: {
      name: 'standins',
      root: here,
      include: ['tests/**/*.test.ts'],
      // npm test runs this stage beside another on the two cores (scripts/test.mjs): at vitest's
      // default of 5 s, three tests that take 2 s alone timed out there.
      testTimeout: 20_000,
      // One runner for the files, not a fresh one per file (about 2.5 s each: 30 of the stage's 56 s
      // on 2026-11-29); each file still starts from a fresh database (apply-migrations.ts).
      isolate: false,
      setupFiles: ['tests/apply-migrations.ts'],
    },
  };
});
