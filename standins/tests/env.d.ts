import type { D1Migration } from 'cloudflare:test';
import type { StandInsEnv } from '../src/env';

declare global {
  namespace Cloudflare {
    interface Env extends StandInsEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
