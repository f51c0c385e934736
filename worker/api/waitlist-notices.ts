import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { offerFreedTime } from '../waitlist/offers';
import { outboxOf } from './after-answer';

/**
 * After a booking's time freed (a cancel, or a move: `movedFrom` its start before), its time is
 * offered to the waitlist (waitlist/offers.ts). Awaited before the answer, so the offer exists when
 * the call returns; a failure is logged and never fails the cancel or move that freed the time.
 */
export async function offerToWaitlist(
  c: Context<AppEnv>,
  db: D1Database,
  q: { salonId: number; appointmentId: number; movedFrom: number | null },
): Promise<void> {
  try {
    await offerFreedTime({ ...outboxOf(c), db }, { ...q, now: Date.now() });
  } catch (e) {
    console.error(`[${c.get('requestId')}] waitlist offer not made:`, e instanceof Error ? e.message : 'unknown error');
  }
}
