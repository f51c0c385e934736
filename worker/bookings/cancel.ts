import type Stripe from 'stripe';
import { cancelStatements } from '../db/appointment-changes';
import { settleCancelledDeposit } from '../payments/cancelled-deposit';
import type { Appointment } from '../../shared/bookings';
import { assertChangeable, cancellationOf } from './cancellation-rules';
import { appointmentDetails, clientBooking } from './client-bookings';

/**
 * A client cancels its own booking (accounts-and-money.md §4 Cancellation). The rules: the
 * salon allows it and the start is more than its window away (409 CANCEL_NOT_ALLOWED), and the
 * booking has not started (409 APPOINTMENT_PAST). One batch cancels it, frees its stylist time
 * and records what its deposit is due to become; then the deposit is refunded, released or kept
 * (payments/cancelled-deposit.ts). Cancelling a cancelled booking changes nothing, except to
 * finish a refund that failed the first time.
 */
export async function cancelBooking(
  db: D1Database,
  stripe: Stripe,
  q: { salonId: number; clientId: string; appointmentId: number; now: number },
): Promise<Appointment> {
  const { salon, row } = await clientBooking(db, q);
  if (row.status !== 'cancelled') {
    assertChangeable(cancellationOf(row, salon, q.now));
    await db.batch(cancelStatements(db, { appointmentId: row.id, now: q.now, refund: !!salon.refund_deposit_outside_window }));
  }
  const cancelled = await clientBooking(db, q);
  await settleCancelledDeposit(db, stripe, cancelled.row);
  return appointmentDetails(db, q);
}
