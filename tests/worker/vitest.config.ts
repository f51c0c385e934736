import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, 'worker/db/migrations'));
  const seed = await readD1Migrations(path.join(root, 'worker/db/seed'));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, 'wrangler.toml') },
        miniflare: { bindings: { TEST_MIGRATIONS: [...migrations, ...seed] } },
      }),
    ],
    test: {
      name: 'worker',
      root,
      include: ['tests/worker/**/*.test.ts'],
      setupFiles: ['tests/worker/apply-migrations.ts'],
      globalSetup: ['tests/worker/upstream-server.ts'],
    },
  };
});
