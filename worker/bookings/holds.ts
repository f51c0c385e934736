import { AppError } from '../errors';
import { sha256Hex } from '../crypto';
import { isBlockConflict } from '../db/blocks';
import { blocksOf } from '../db/blocks';
import { isAnonymousHoldCap, releaseBrowserHold, takeHoldBatch, type HoldBounds, type HoldOwner } from '../db/holds';
import type { Plan } from './plan';

const HOLD_MINUTES = 10;
/** Live holds of one address at one salon (a browser and a client keep one each). */
export const HOLDS_PER_ADDRESS = 3;
/**
 * The most of a stylist's working time on a day that live holds may take: a quarter. A first
 * hold of the day is always taken, so a service longer than the share can still be held.
 */
export const HELD_SHARE = 0.25;

/** The bounds of a caller's hold: none without an address ('local': development and the tests that do not set one). */
function boundsOf(plan: Plan, caller: string): HoldBounds | null {
  if (caller === 'local') return null;
  return {
    perAddress: HOLDS_PER_ADDRESS,
    days: plan.stylistDays.map((d) => ({
      ...d,
      blocks: plan.procedures.filter((p) => p.stylistId === d.stylistId).reduce((n, p) => n + blocksOf(p.start, p.end).length, 0),
      maxHeld: Math.floor(d.workingBlocks * HELD_SHARE),
    })),
  };
}

/** A hold taken, or none: beyond the salon's cap on anonymous holds the journey goes on without one. */
export type HoldAnswer = { hold_id: string; expires_at: string } | { hold_id: null; expires_at: null };

/**
 * Holds the stylist time of a planned booking for 10 minutes (beyond the spec), replacing the
 * owner's previous hold: a browser keeps one live hold, and a logged-in client one (its hold is
 * tied to it). Other clients cannot book or see held times; a hold expires by itself. An anonymous
 * hold beyond the salon's `max_anonymous_holds` is not taken (the database refuses it), and the
 * answer says so with a null hold: the booking's own INSERT still refuses a double booking.
 */
export async function holdTimes(
  db: D1Database,
  q: { salonId: number; plan: Plan; owner: HoldOwner; caller: string; now: number },
): Promise<HoldAnswer> {
  if (!q.owner.browser && !q.owner.clientId)
    throw new AppError('BAD_REQUEST', 'Cookies are needed to hold a time. Please allow them and try again.');
  const id = crypto.randomUUID().replace(/-/g, '');
  const expiresAt = q.now + HOLD_MINUTES * 60_000;
  const { statements, taken } = takeHoldBatch(db, {
    id,
    salonId: q.salonId,
    callerHash: await sha256Hex(`hold:${q.caller}`),
    owner: q.owner,
    start: q.plan.start,
    expiresAt,
    now: q.now,
    intervals: q.plan.procedures,
    bounds: boundsOf(q.plan, q.caller),
  });
  try {
    const results = await db.batch(statements);
    // beyond the address's holds or the day's share: the journey goes on without a hold
    if (!taken(results)) return { hold_id: null, expires_at: null };
  } catch (e) {
    if (isBlockConflict(e)) throw new AppError('CONFLICT', 'That time is no longer available. Please choose another time.', 'start_time');
    if (isAnonymousHoldCap(e)) return { hold_id: null, expires_at: null };
    throw e;
  }
  return { hold_id: id, expires_at: new Date(expiresAt).toISOString() };
}

/** Lets a hold go (the client changed its mind): only its browser, with its id, can. */
export async function releaseHold(db: D1Database, id: string, browser: string | null): Promise<void> {
  if (!browser || !(await releaseBrowserHold(db, id, browser))) throw new AppError('NOT_FOUND', 'Hold not found');
}
