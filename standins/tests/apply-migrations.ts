import { applyD1Migrations, env } from 'cloudflare:test';

// Every test file starts from the stand-ins' schema and the demo client.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
