/**
 * Abuse counters in D1 (table idp_throttle), with timestamps so that they expire by themselves.
 *
 * Sign-in: failures are counted per phone number and per caller address (an address lock only
 * refuses numbers that have failures themselves: see signInRefused). As AWS documents Cognito's
 * lock-out: the fifth failure within 15 minutes locks that key for 1 second after it; each
 * further failure (possible only once a back-off has ended) doubles it, 2^(n-5) seconds, up to
 * 15 minutes. Attempts during a back-off are
 * refused without being counted, so an owner is never locked out for longer than the cap. A
 * counter is forgotten 15 quiet minutes after its back-off ended (or, below the limit, 15
 * minutes after its first failure). A successful sign-in clears the phone number's counter.
 *
 * Sends: a fixed window (first use + 1 hour) with a maximum count (ForgotPassword: 5 per phone).
 */
const SIGN_IN_LIMIT = 5;
const SIGN_IN_WINDOW_MS = 15 * 60_000;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 15 * 60_000;
const MAX_DOUBLINGS = 10; // 1 s << 10 = 17 min, above the cap

export interface Counter {
  count: number;
  first_at: number;
  last_at: number;
}

/** How long a key stays locked after its last failure (0 below the limit). */
export function backoffMs(failures: number): number {
  if (failures < SIGN_IN_LIMIT) return 0;
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.min(failures - SIGN_IN_LIMIT, MAX_DOUBLINGS), MAX_BACKOFF_MS);
}

/** Whether a sign-in counter has expired by itself at `now` (mirrored in SQL by EXPIRED_SQL). */
export function isExpired(c: Counter, now: number): boolean {
  return c.count < SIGN_IN_LIMIT ? now - c.first_at >= SIGN_IN_WINDOW_MS : now >= c.last_at + backoffMs(c.count) + SIGN_IN_WINDOW_MS;
}

/** The end of the key's back-off, or null when the key may try. */
export function lockedUntil(c: Counter | null, now: number): number | null {
  if (!c || c.count < SIGN_IN_LIMIT || isExpired(c, now)) return null;
  const until = c.last_at + backoffMs(c.count);
  return until > now ? until : null;
}

// isExpired() over the stored row (?2 = now), so that a failure is counted atomically in SQL.
const EXPIRED_SQL = `(CASE WHEN count < ${SIGN_IN_LIMIT} THEN ?2 - first_at >= ${SIGN_IN_WINDOW_MS}
  ELSE ?2 >= last_at + MIN(${FIRST_BACKOFF_MS} << MIN(count - ${SIGN_IN_LIMIT}, ${MAX_DOUBLINGS}), ${MAX_BACKOFF_MS}) + ${SIGN_IN_WINDOW_MS} END)`;

/** Rows older than any window are deleted as counters are written. */
const prune = (db: D1Database, now: number) => db.prepare('DELETE FROM idp_throttle WHERE last_at < ?').bind(now - 2 * 3600_000);

export const signInKeys = (phone: string, address: string) => ({ phone: `signin:phone:${phone}`, address: `signin:addr:${address}` });

/**
 * Whether a sign-in is refused: its phone number is in a back-off, or its address is while the
 * number has failures of its own. An address full of guesses at other numbers (a carrier NAT,
 * or an attacker) never refuses the correct password of an account nobody is attacking.
 */
export async function signInRefused(db: D1Database, keys: { phone: string; address: string }, now: number): Promise<boolean> {
  const { results } = await db
    .prepare('SELECT key, count, first_at, last_at FROM idp_throttle WHERE key IN (?, ?)')
    .bind(keys.phone, keys.address)
    .all<Counter & { key: string }>();
  const phone = results.find((c) => c.key === keys.phone) ?? null;
  const address = results.find((c) => c.key === keys.address) ?? null;
  if (lockedUntil(phone, now) !== null) return true;
  const phoneUnderAttack = phone !== null && !isExpired(phone, now);
  return phoneUnderAttack && lockedUntil(address, now) !== null;
}

/** Counts one failed sign-in against each key. */
export async function recordFailure(db: D1Database, keys: string[], now: number): Promise<void> {
  await db.batch([
    ...keys.map((key) =>
      db
        .prepare(
          `INSERT INTO idp_throttle (key, count, first_at, last_at) VALUES (?1, 1, ?2, ?2)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN ${EXPIRED_SQL} THEN 1 ELSE count + 1 END,
             first_at = CASE WHEN ${EXPIRED_SQL} THEN ?2 ELSE first_at END,
             last_at = ?2`,
        )
        .bind(key, now),
    ),
    prune(db, now),
  ]);
}

export async function clearCounter(db: D1Database, key: string): Promise<void> {
  await db.prepare('DELETE FROM idp_throttle WHERE key = ?').bind(key).run();
}

/** Takes one use of a key's allowance (limit per window); false when it is used up. Atomic. */
export async function takeAllowance(db: D1Database, key: string, limit: number, windowMs: number, now: number): Promise<boolean> {
  const [row] = await db.batch<{ count: number }>([
    db
      .prepare(
        `INSERT INTO idp_throttle (key, count, first_at, last_at) VALUES (?1, 1, ?2, ?2)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN ?2 - first_at >= ?3 THEN 1 ELSE count + 1 END,
           first_at = CASE WHEN ?2 - first_at >= ?3 THEN ?2 ELSE first_at END,
           last_at = ?2
         RETURNING count`,
      )
      .bind(key, now, windowMs),
    prune(db, now),
  ]);
  return (row?.results[0]?.count ?? Infinity) <= limit;
}
