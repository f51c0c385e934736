import type { StripeClient } from '../payments/stripe-api';
import { cancelStatements } from '../db/appointment-changes';
import { settleCancelledDeposit } from '../payments/cancelled-deposit';
import type { Appointment } from '../../shared/bookings';
import { assertChangeable, cancellationOf } from './cancellation-rules';
import { appointmentDetails, clientBooking } from './client-bookings';

/**
 * A client cancels its own booking (docs/booking/accounts-and-money.md §4 Cancellation). The rules: the
 * salon allows it and the start is more than its window away (409 CANCEL_NOT_ALLOWED), and the
 * booking has not started (409 APPOINTMENT_PAST). One batch cancels it, frees its stylist time
 * and records what its deposit is due to become; then the deposit is refunded, released or kept
 * (payments/cancelled-deposit.ts). Cancelling a cancelled booking changes nothing, except to
 * finish a refund that failed the first time.
 */
export async function cancelBooking(
  db: D1Database,
  stripe: StripeClient,
  q: { salonId: number; clientId: string; appointmentId: number; now: number },
): Promise<Appointment> {
  const { salon, row } = await clientBooking(db, q);
  if (row.status !== 'cancelled') assertChangeable(cancellationOf(row, salon, q.now));
  await cancelAndSettle(db, stripe, {
    row,
    refund: !!salon.refund_deposit_outside_window,
    now: q.now,
    reread: async () => (await clientBooking(db, q)).row,
  });
  return appointmentDetails(db, q);
}

/**
 * The cancellation itself, for a client's (above) and the salon's at the desk (console/desk.ts):
 * one batch cancels and frees the time, recording what the deposit is due to become (`refund`:
 * given back, else kept); then the deposit is refunded, released or kept, read afresh.
 */
export async function cancelAndSettle(
  db: D1Database,
  stripe: StripeClient,
  c: {
    row: { id: number; status: string };
    refund: boolean;
    now: number;
    reread: () => Promise<{ id: number; payment_status: string | null; payment_intent_id: string | null }>;
  },
): Promise<void> {
  if (c.row.status !== 'cancelled') await db.batch(cancelStatements(db, { appointmentId: c.row.id, now: c.now, refund: c.refund }));
  await settleCancelledDeposit(db, stripe, await c.reread());
}
