import { blocksOf, insertBlocks, releaseExpiredHolds } from './blocks';

/** Live holds of one caller (its hashed address), leaving out the one it is replacing. */
export async function liveHoldCount(db: D1Database, callerHash: string, now: number, replacing: string | null): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM holds WHERE caller = ? AND expires_at > ? AND id IS NOT ?')
    .bind(callerHash, now, replacing)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * One batch that takes a hold: expired holds and abandoned payments release their times, the
 * caller's previous hold is dropped, and the new hold's blocks are inserted (the batch fails on
 * a block that is taken).
 */
export function takeHoldBatch(
  db: D1Database,
  h: {
    id: string;
    salonId: number;
    callerHash: string;
    start: number;
    expiresAt: number;
    now: number;
    previous: string | null;
    intervals: { stylistId: number; start: number; end: number }[];
  },
): D1PreparedStatement[] {
  return [
    ...releaseExpiredHolds(db, h.now),
    db.prepare('DELETE FROM holds WHERE expires_at <= ?').bind(h.now),
    ...(h.previous ? releaseHoldStatements(db, h.previous) : []),
    db
      .prepare('INSERT INTO holds (id, salon_id, caller, start_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(h.id, h.salonId, h.callerHash, h.start, h.expiresAt),
    ...h.intervals.map((p) => insertBlocks(db, p.stylistId, blocksOf(p.start, p.end), { holdId: h.id, expiresAt: h.expiresAt })),
  ];
}

/** Drops a hold and frees its blocks. */
export const releaseHoldStatements = (db: D1Database, id: string): D1PreparedStatement[] => [
  db.prepare('DELETE FROM stylist_blocks WHERE hold_id = ?').bind(id),
  db.prepare('DELETE FROM holds WHERE id = ?').bind(id),
];
