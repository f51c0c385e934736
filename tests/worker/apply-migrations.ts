import { applyD1Migrations, env } from 'cloudflare:test';

// Every test file starts from the migrated schema and the demo data.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
