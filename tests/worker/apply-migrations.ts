import { applyD1Migrations, env } from 'cloudflare:test';
import { forgetVersionReads } from '../../worker/edge/versions';

// Every test file starts from the migrated schema and the demo data.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The edge shares version reads between requests for a short lease; each file starts afresh.
forgetVersionReads();
