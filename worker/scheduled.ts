import { shiftClock } from '../shared/clock';
import { configFrom } from './config';
import { sweepDomains } from './domains/sweep';
import type { Env } from './env';
import { bumpVersions, TENANCY_SCOPE } from './edge/versions';

/**
 * The Worker's Cron Triggers (wrangler.toml [triggers] crons), by schedule. Every five minutes:
 * the salons' own domains are checked with Cloudflare (domains/sweep.ts).
 */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const config = configFrom(env);
  shiftClock(config.clockOffsetMs);
  const now = Date.now();
  switch (controller.cron) {
    default: {
      const done = await sweepDomains({ db: env.DB, cloudflare: config.cloudflare }, { queue: env.MESSAGES, db: env.DB, config }, now);
      // a domain went live or stopped: the edge's domain lookups are asked again from the next request
      if (done.servedChanged) await bumpVersions(env.DB, [TENANCY_SCOPE], config.versionLeaseMs);
      if (done.removed) console.log(`[domains] checked ${done.checked}, removed ${done.removed} abandoned`);
    }
  }
}
