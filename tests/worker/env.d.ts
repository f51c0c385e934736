import type { D1Migration } from 'cloudflare:test';
import type { Env as WorkerEnv } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SCHEMA: D1Migration[];
      /** '2': every file runs with demo salon 2 in DB_2 (apply-migrations.ts) */
      TEST_DATABASES: string;
      DB_2: D1Database;
      /** the stand-ins Worker the tests run beside the product (tests/worker/standins-server.ts) */
      STANDINS_ORIGIN: string;
    }
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    upstreamUrl: string;
  }
}
