/** Stylist time in 5-minute blocks: the unit the database uses to refuse double bookings. */
export const BLOCK_MS = 5 * 60_000;

/** The blocks [start, end) covers. */
export function blocksOf(startMs: number, endMs: number): number[] {
  const out: number[] = [];
  for (let b = Math.floor(startMs / BLOCK_MS); b * BLOCK_MS < endMs; b++) out.push(b);
  return out;
}

/** Merges sorted blocks into busy intervals [start, end) in ms. */
export function intervalsOf(blocks: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const b of blocks) {
    const last = out.at(-1);
    if (last && last[1] === b * BLOCK_MS) last[1] += BLOCK_MS;
    else out.push([b * BLOCK_MS, (b + 1) * BLOCK_MS]);
  }
  return out;
}

/**
 * One INSERT of a stylist's blocks; the primary key (stylist_id, block) fails the whole batch
 * when any block is already taken. `owner` is an SQL expression (an appointment id subquery) or
 * a hold id with its expiry.
 */
export function insertBlocks(
  db: D1Database,
  stylistId: number,
  blocks: number[],
  owner: { appointmentSql: string; params: unknown[] } | { holdId: string; expiresAt: number },
  /** the desk's "any time": taken deliberately over time off or a block (migration 0038's trigger lets it through) */
  overAbsence = false,
): D1PreparedStatement {
  if ('holdId' in owner) {
    // a hold's blocks only with its row (its INSERT may be refused for its bounds: db/holds.ts)
    const rows = blocks.map(() => '(?, ?, ?, ?)').join(', ');
    return db
      .prepare(
        `INSERT INTO stylist_blocks (stylist_id, block, appointment_id, hold_id, expires_at)
         SELECT column1, column2, NULL, column3, column4 FROM (VALUES ${rows}) WHERE EXISTS (SELECT 1 FROM holds WHERE id = ?)`,
      )
      .bind(...blocks.flatMap((b) => [stylistId, b, owner.holdId, owner.expiresAt]), owner.holdId);
  }
  const rows = blocks.map(() => `(?, ?, ${owner.appointmentSql}, NULL, NULL, ${overAbsence ? 1 : 0})`).join(', ');
  return db
    .prepare(`INSERT INTO stylist_blocks (stylist_id, block, appointment_id, hold_id, expires_at, over_absence) VALUES ${rows}`)
    .bind(...blocks.flatMap((b) => [stylistId, b, ...owner.params]));
}

/**
 * Whether any of these stylists' times is taken (an appointment, or a hold not yet expired): the
 * desk's list of a series' clashes before saving. Only a list: the booking's batch is what refuses.
 */
export async function anyTaken(db: D1Database, times: { stylistId: number; start: number; end: number }[], now: number) {
  if (!times.length) return false;
  const one = '(stylist_id = ? AND block >= ? AND block < ?)';
  const found = await db
    .prepare(`SELECT 1 FROM stylist_blocks WHERE (${times.map(() => one).join(' OR ')}) AND (expires_at IS NULL OR expires_at > ?) LIMIT 1`)
    .bind(...times.flatMap((t) => [t.stylistId, Math.floor(t.start / BLOCK_MS), Math.ceil(t.end / BLOCK_MS)]), now)
    .first();
  return found !== null;
}

/** A pending appointment whose deposit was never paid (3-D Secure abandoned) lets its times go after this. */
export const PENDING_TTL_MS = 20 * 60_000;

/**
 * Frees the blocks of holds that have expired, and of pending appointments left unpaid (run
 * first in every batch that takes blocks). An uncaptured authorisation is cancelled by the
 * payment provider after 7 days, releasing the client's funds.
 */
export const releaseExpiredHolds = (db: D1Database, now: number): D1PreparedStatement[] => {
  const stale = "SELECT id FROM appointments WHERE status = 'pending' AND created_at <= ?2";
  return [
    db
      .prepare(`DELETE FROM stylist_blocks WHERE (hold_id IS NOT NULL AND expires_at <= ?1) OR appointment_id IN (${stale})`)
      .bind(now, now - PENDING_TTL_MS),
    db
      .prepare(`UPDATE appointment_procedures SET occupies = 0 WHERE ?1 > 0 AND appointment_id IN (${stale})`)
      .bind(now, now - PENDING_TTL_MS),
    db
      .prepare(
        "UPDATE appointments SET status = 'cancelled', payment_status = 'abandoned' WHERE ?1 > 0 AND status = 'pending' AND created_at <= ?2",
      )
      .bind(now, now - PENDING_TTL_MS),
  ];
};

/**
 * A block was taken meanwhile (the primary key), or lies in approved time off or blocked time
 * (migration 0038's trigger `stylist_blocks_away`): the time is not free either way.
 */
export const isBlockConflict = (e: unknown) => /UNIQUE constraint failed: stylist_blocks|stylist_away/.test(String(e));

/** The client already has the salon's most upcoming online bookings (trigger appointments_online_limit). */
export const isBookingLimit = (e: unknown) => /booking_limit/.test(String(e));

/**
 * The blocks of the salon's stylists in [from, to) already taken (by an appointment, or a hold not
 * yet expired), as `{stylist}:{block}`: what an import's preview lists as a clash before writing.
 */
export async function takenBlocks(db: D1Database, salonId: number, from: number, to: number, now: number): Promise<Set<string>> {
  const { results } = await db
    .prepare(
      `SELECT b.stylist_id, b.block FROM stylists s JOIN stylist_blocks b ON b.stylist_id = s.id
        WHERE s.salon_id = ? AND b.block >= ? AND b.block < ? AND (b.hold_id IS NULL OR b.expires_at > ?)`,
    )
    .bind(salonId, from, to, now)
    .all<{ stylist_id: number; block: number }>();
  return new Set(results.map((r) => `${r.stylist_id}:${r.block}`));
}
