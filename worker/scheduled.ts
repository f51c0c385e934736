import { shiftClock } from '../shared/clock';
import { configFrom } from './config';
import { sweepDomains } from './domains/sweep';
import type { Env } from './env';
import { bumpVersions, TENANCY_SCOPE } from './edge/versions';
import type { OutgoingMessage } from './messaging/outbox';
import { remindDue } from './reminders/run';
import { passExpiredOffers } from './waitlist/offers';
import { failDeadImports } from './imports/run';
import { pruneEmailSalons } from './db/message-deliveries';
import { everyDatabase } from './db/spanning';
import { nameIndexOf } from './api/salon-database';
import { availabilityShard, catalogueFeeds } from './google/feeds';
import { feedDate, writeFeed } from './google/feed-store';
import { writeFeedShard } from './google/feed-shards';
import { enqueueMessages } from './messaging/outbox';

/** The daily schedule that writes Google's feeds (wrangler.toml [triggers]). */
export const GOOGLE_FEEDS_CRON = '30 3 * * *';

/**
 * The Worker's Cron Triggers (wrangler.toml [triggers] crons), by schedule. Every five minutes:
 * the reminders due now go on the MESSAGES queue, once each (reminders/run.ts), and waitlist
 * offers whose time ran out pass to the next entry (waitlist/offers.ts), imports whose Worker
 * stopped part-way are failed (imports/run.ts), the salons' own domains are checked with
 * Cloudflare (domains/sweep.ts). Each runs whatever the other does.
 * Both run on every database in turn (each holds its own salons' appointments and domains). Then
 * the first database forgets the salons of emails old enough that Resend sends no more events.
 * Every day at 03:30 UTC (GOOGLE_FEEDS_CRON): Google's feeds of every database's salons are
 * written to R2 (google/feeds.ts, docs/google-booking.md "Feeds").
 */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const config = configFrom(env);
  shiftClock(config.clockOffsetMs);
  const now = Date.now();
  switch (controller.cron) {
    case GOOGLE_FEEDS_CRON: {
      // the merchants and services now; the availability in shards, each computed by a run of the
      // queue's consumer (its own CPU and memory; retried when it fails), or here without a queue
      const started = Date.now();
      const dbs = everyDatabase(env);
      const { merchants, services, shards } = await catalogueFeeds(dbs, config.appOrigin, now);
      const date = feedDate(now);
      await writeFeed(env.MEDIA, date, 'merchants', merchants);
      await writeFeed(env.MEDIA, date, 'services', services);
      const total = Math.max(1, shards.length);
      const jobs = shards.map((s) => ({
        kind: 'google-feed' as const,
        salon_id: s.salonIds[0]!,
        salon_ids: s.salonIds,
        shard: s.shard,
        total,
        date,
        nonce: String(now),
        key: `google-feed-${date}-${s.shard}`,
      }));
      // no salon offered: an empty shard, so that the day's feed is complete
      if (!shards.length)
        await writeFeed(
          env.MEDIA,
          date,
          'availability-0',
          await availabilityShard(dbs[0]!, [], { shard: 0, total, nonce: String(now) }, now),
          1,
        );
      if (env.MESSAGES)
        await enqueueMessages({ queue: env.MESSAGES as Queue<OutgoingMessage>, db: env.DB, config, media: env.MEDIA }, jobs);
      else for (const [i, job] of jobs.entries()) await writeFeedShard(dbs[shards[i]!.database]!, env.MEDIA, job, now);
      console.log(
        `[google-feeds] ${merchants.merchant.length} merchants, ${services.service.length} services, ${shards.length} availability shards queued in ${Date.now() - started} ms`,
      );
      break;
    }
    default: {
      let servedChanged = false;
      for (const db of everyDatabase(env)) {
        try {
          const run = await remindDue({ queue: env.MESSAGES as Queue<OutgoingMessage> | undefined, db, config }, now);
          if (run.reminders)
            console.log(`[reminders] ${run.reminders} reminders, ${run.messages} messages queued (${run.rowsRead} rows read)`);
        } catch (e) {
          // the domains are still checked; the next run sends what this one could not
          console.error('[reminders]', e);
        }
        try {
          // waitlist offers whose time ran out: the next entry in line is offered (docs/waitlist-offers.md)
          const w = await passExpiredOffers({ queue: env.MESSAGES as Queue<OutgoingMessage> | undefined, db, config }, now);
          if (w.passed) console.log(`[waitlist] ${w.passed} offers passed, ${w.offered} offered to the next`);
        } catch (e) {
          console.error('[waitlist]', e); // the next run passes them
        }
        try {
          const failed = await failDeadImports(db, now);
          if (failed) console.log(`[imports] ${failed} imports that stopped part-way marked failed`);
        } catch (e) {
          console.error('[imports]', e); // the next run (or the salon's list) fails them
        }
        const names = nameIndexOf(env, now);
        const done = await sweepDomains({ db, cloudflare: config.cloudflare, names }, { queue: env.MESSAGES, db, config }, now);
        servedChanged ||= done.servedChanged;
        if (done.removed) console.log(`[domains] checked ${done.checked}, removed ${done.removed} abandoned`);
      }
      // a domain went live or stopped: the edge's domain lookups are asked again from the next request
      if (servedChanged) await bumpVersions(env.DB, [TENANCY_SCOPE], config.versionLeaseMs);
      try {
        const forgotten = await pruneEmailSalons(env.DB, now);
        if (forgotten) console.log(`[email_salons] forgot the salons of ${forgotten} emails`);
      } catch (e) {
        console.error('[email_salons]', e); // the next run prunes them
      }
    }
  }
}
