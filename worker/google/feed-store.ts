import type { FeedName } from './feeds';

/**
 * Where the daily feeds are kept (docs/google-booking.md "Feeds"): the MEDIA bucket under
 * `google-feeds/{date}/`, one object per feed and day (UTC date of the run): `merchants.json`,
 * `services.json`, and the availability in shards, `availability-{n}.json`. The public /media/
 * route serves only hash-named files at the bucket's root, so these are never public.
 */
export type FeedFile = Exclude<FeedName, 'availability'> | `availability-${number}`;

const keyOf = (date: string, file: FeedFile) => `google-feeds/${date}/${file}.json`;
export const feedDate = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Writes one feed file of the day; answers its size in bytes. */
export async function writeFeed(bucket: R2Bucket, date: string, file: FeedFile, feed: unknown, totalShards?: number): Promise<number> {
  const body = JSON.stringify(feed);
  await bucket.put(keyOf(date, file), body, {
    httpMetadata: { contentType: 'application/json' },
    ...(totalShards !== undefined ? { customMetadata: { total_shards: String(totalShards) } } : {}),
  });
  return body.length;
}

/** How many days back the latest feed is looked for (the Cron writes one a day; older is stale). */
const LOOK_BACK_DAYS = 7;

/** The latest object of a feed file, from today back a week; null when there is none. */
export async function latestFeed(bucket: R2Bucket, file: FeedFile, now: number): Promise<R2ObjectBody | null> {
  for (let i = 0; i < LOOK_BACK_DAYS; i++) {
    const object = await bucket.get(keyOf(feedDate(now - i * 86_400_000), file));
    if (object) return object;
  }
  return null;
}
