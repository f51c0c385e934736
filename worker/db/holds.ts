import { blocksOf, insertBlocks, releaseExpiredHolds } from './blocks';

/** Who is asking about a hold: its browser (the hashed hold cookie) and, once logged in, the client. */
export interface HoldOwner {
  browser: string | null;
  clientId: string | null;
}

/**
 * The id of a live hold when it belongs to `owner` (its browser, or its client once claimed), else
 * null: a hold id alone, seen in a log or a shared link, gives nobody else its times.
 */
export async function ownedHold(db: D1Database, id: string | null | undefined, owner: HoldOwner, now: number): Promise<string | null> {
  if (!id || (!owner.browser && !owner.clientId)) return null;
  const row = await db
    .prepare(
      'SELECT id FROM holds WHERE id = ?1 AND expires_at > ?2 AND ((?3 IS NOT NULL AND browser = ?3) OR (?4 IS NOT NULL AND client_id = ?4))',
    )
    .bind(id, now, owner.browser, owner.clientId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

/** The holds of a browser or a client (the one live hold each may keep is replaced by a new one). */
const OWN_HOLDS = 'SELECT id FROM holds WHERE (?1 IS NOT NULL AND browser = ?1) OR (?2 IS NOT NULL AND client_id = ?2)';

/** What a caller's holds may take (bookings/holds.ts states the figures): null for none (development). */
export interface HoldBounds {
  /** live holds of one address at one salon */
  perAddress: number;
  /** each stylist's day in the hold: its bounds, the blocks the hold takes of it and the most its live holds may take */
  days: { stylistId: number; firstBlock: number; endBlock: number; blocks: number; maxHeld: number }[];
}

/**
 * The hold's row is inserted only within its bounds: the address's live holds at the salon, and
 * each stylist's day, whose live holds (but a first one) stay within its share.
 */
function withinBounds(h: { salonId: number; callerHash: string; now: number }, b: HoldBounds | null): { sql: string; params: unknown[] } {
  if (!b) return { sql: '1', params: [] };
  const held =
    '(SELECT COUNT(*) FROM stylist_blocks WHERE stylist_id = ? AND block >= ? AND block < ? AND hold_id IS NOT NULL AND expires_at > ?)';
  return {
    sql: [
      '(SELECT COUNT(*) FROM holds WHERE salon_id = ? AND caller = ? AND expires_at > ?) < ?',
      ...b.days.map(() => `(${held} = 0 OR ${held} + ? <= ?)`),
    ].join(' AND '),
    params: [
      h.salonId,
      h.callerHash,
      h.now,
      b.perAddress,
      ...b.days.flatMap((d) => {
        const count = [d.stylistId, d.firstBlock, d.endBlock, h.now];
        return [...count, ...count, d.blocks, d.maxHeld];
      }),
    ],
  };
}

/**
 * One batch that takes a hold: expired holds and abandoned payments release their times, the
 * owner's previous holds are dropped (one live hold per browser and per client), and the new hold
 * and its blocks are inserted, the hold only within its bounds (and its blocks only with it);
 * `taken` reads from the batch's answers whether the hold is there (its last statement). The
 * batch fails on a block that is taken, and on an anonymous hold beyond the salon's cap (trigger
 * holds_anonymous_cap).
 */
export function takeHoldBatch(
  db: D1Database,
  h: {
    id: string;
    salonId: number;
    callerHash: string;
    owner: HoldOwner;
    start: number;
    expiresAt: number;
    now: number;
    intervals: { stylistId: number; start: number; end: number }[];
    bounds: HoldBounds | null;
  },
): { statements: D1PreparedStatement[]; taken: (results: D1Result[]) => boolean } {
  const before = [
    ...releaseExpiredHolds(db, h.now),
    db.prepare('DELETE FROM holds WHERE expires_at <= ?').bind(h.now),
    db.prepare(`DELETE FROM stylist_blocks WHERE hold_id IN (${OWN_HOLDS})`).bind(h.owner.browser, h.owner.clientId),
    db.prepare(`DELETE FROM holds WHERE id IN (${OWN_HOLDS})`).bind(h.owner.browser, h.owner.clientId),
  ];
  const within = withinBounds(h, h.bounds);
  return {
    statements: [
      ...before,
      db
        .prepare(
          `INSERT INTO holds (id, salon_id, caller, browser, client_id, start_at, expires_at, created_at) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${within.sql}`,
        )
        .bind(h.id, h.salonId, h.callerHash, h.owner.browser, h.owner.clientId, h.start, h.expiresAt, h.now, ...within.params),
      ...h.intervals.map((p) => insertBlocks(db, p.stylistId, blocksOf(p.start, p.end), { holdId: h.id, expiresAt: h.expiresAt })),
      db.prepare('SELECT id FROM holds WHERE id = ?').bind(h.id),
    ],
    taken: (results) => (results.at(-1)?.results.length ?? 0) > 0,
  };
}

/** Drops a hold and frees its blocks (the booking that used it took them). */
export const releaseHoldStatements = (db: D1Database, id: string): D1PreparedStatement[] => [
  db.prepare('DELETE FROM stylist_blocks WHERE hold_id = ?').bind(id),
  db.prepare('DELETE FROM holds WHERE id = ?').bind(id),
];

/** Lets a hold go when its browser asks with its id; false when no such hold is that browser's. */
export async function releaseBrowserHold(db: D1Database, id: string, browser: string): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.prepare('DELETE FROM stylist_blocks WHERE hold_id = (SELECT id FROM holds WHERE id = ?1 AND browser = ?2)').bind(id, browser),
    db.prepare('DELETE FROM holds WHERE id = ?1 AND browser = ?2').bind(id, browser),
  ]);
  return (deleted?.meta.changes ?? 0) > 0;
}

/** The salon's cap on live anonymous holds was reached (trigger holds_anonymous_cap). */
export const isAnonymousHoldCap = (e: unknown) => /anonymous_hold_cap/.test(String(e));
