import { AppError } from '../errors';
import { sha256Hex } from '../crypto';
import { isBlockConflict } from '../db/blocks';
import { liveHoldCount, releaseHoldStatements, takeHoldBatch } from '../db/holds';
import type { Plan } from './plan';

const HOLD_MINUTES = 10;
const MAX_HOLDS_PER_CALLER = 3;

/**
 * Holds the stylist time of a planned booking for 10 minutes (beyond the spec), replacing the
 * client's previous hold. Other clients cannot book or see held times; a hold expires by itself.
 */
export async function holdTimes(
  db: D1Database,
  q: { salonId: number; plan: Plan; previous: string | null; caller: string; now: number },
): Promise<{ hold_id: string; expires_at: string }> {
  const callerHash = await sha256Hex(`hold:${q.caller}`);
  if ((await liveHoldCount(db, callerHash, q.now, q.previous)) >= MAX_HOLDS_PER_CALLER) {
    throw new AppError('CONFLICT', 'You are already holding other times. Please finish that booking or wait a few minutes.');
  }
  const id = crypto.randomUUID().replace(/-/g, '');
  const expiresAt = q.now + HOLD_MINUTES * 60_000;
  const statements = takeHoldBatch(db, {
    id,
    salonId: q.salonId,
    callerHash,
    start: q.plan.start,
    expiresAt,
    now: q.now,
    previous: q.previous,
    intervals: q.plan.procedures,
  });
  try {
    await db.batch(statements);
  } catch (e) {
    if (isBlockConflict(e)) throw new AppError('CONFLICT', 'That time is no longer available. Please choose another time.', 'start_time');
    throw e;
  }
  return { hold_id: id, expires_at: new Date(expiresAt).toISOString() };
}

/** Lets a hold go (the client changed its mind or booked). */
export async function releaseHold(db: D1Database, id: string) {
  await db.batch(releaseHoldStatements(db, id));
}
