import { FEEDS, type FeedName } from './feeds';

/**
 * Where the daily feeds are kept (docs/google-booking.md "Feeds"): the MEDIA bucket under
 * `google-feeds/{date}/{feed}.json`, one object per feed and day (UTC date of the run). The
 * public /media/ route serves only hash-named files at the bucket's root, so these are never public.
 */
const keyOf = (date: string, feed: FeedName) => `google-feeds/${date}/${feed}.json`;

export async function writeFeeds(bucket: R2Bucket, feeds: Record<FeedName, unknown>, now: number): Promise<number> {
  const date = new Date(now).toISOString().slice(0, 10);
  let bytes = 0;
  for (const feed of FEEDS) {
    const body = JSON.stringify(feeds[feed]);
    bytes += body.length;
    await bucket.put(keyOf(date, feed), body, { httpMetadata: { contentType: 'application/json' } });
  }
  return bytes;
}

/** How many days back the latest feed is looked for (the Cron writes one a day; older is stale). */
const LOOK_BACK_DAYS = 7;

/** The latest object of a feed, from today back a week; null when there is none. */
export async function latestFeed(bucket: R2Bucket, feed: FeedName, now: number): Promise<R2ObjectBody | null> {
  for (let i = 0; i < LOOK_BACK_DAYS; i++) {
    const object = await bucket.get(keyOf(new Date(now - i * 86_400_000).toISOString().slice(0, 10), feed));
    if (object) return object;
  }
  return null;
}
