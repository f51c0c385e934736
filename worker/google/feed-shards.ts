import { availabilityShard } from './feeds';
import { writeFeed } from './feed-store';

/** What the MESSAGES queue carries for the daily feed: one shard of the availability to compute and write. */
export interface FeedShardJob {
  salon_id: number;
  salon_ids: number[];
  shard: number;
  total: number;
  date: string;
  nonce: string;
}

/**
 * Computes one shard of the day's availability feed and writes it to R2 as
 * `availability-{shard}.json` (docs/google-booking.md "Feeds"): run by the queue's consumer, so
 * each shard has a run's CPU and memory of its own, and a failed one is retried.
 */
export async function writeFeedShard(db: D1Database, media: R2Bucket, job: FeedShardJob, now = Date.now()): Promise<number> {
  const feed = await availabilityShard(db, job.salon_ids, { shard: job.shard, total: job.total, nonce: job.nonce }, now);
  return writeFeed(media, job.date, `availability-${job.shard}`, feed, job.total);
}
