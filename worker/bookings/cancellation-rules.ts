import type { Cancellation } from '../../shared/bookings';
import type { SalonRulesRow } from '../db/client-appointments';
import { AppError } from '../errors';

/** Whether the client may cancel (or move) a booking online now, and why not (docs/booking/accounts-and-money.md §4 Cancellation). */

const HOUR = 3_600_000;

/**
 * A booking may be cancelled or moved online when it is not cancelled, has not started, the
 * salon allows it, and it starts more than the salon's cancellation window from now.
 */
export function cancellationOf(a: { status: string; start_at: number }, salon: SalonRulesRow, now: number): Cancellation {
  const window = salon.cancellation_window_hours;
  const reason =
    a.status === 'cancelled'
      ? 'cancelled'
      : a.start_at < now
        ? 'past'
        : !salon.allow_self_cancellation
          ? 'not_allowed'
          : a.start_at - now <= window * HOUR
            ? 'inside_window'
            : null;
  return {
    allowed: reason === null,
    reason,
    window_hours: window,
    refund_outside_window: !!salon.refund_deposit_outside_window,
    phone: salon.phone,
  };
}

/** Refuses a change the rules do not allow: 409 APPOINTMENT_PAST, or 409 CANCEL_NOT_ALLOWED asking the client to call. */
export function assertChangeable(c: Cancellation): void {
  if (c.reason === 'past') {
    throw new AppError(
      'CONFLICT',
      'This appointment is in the past, so it can no longer be changed online.',
      undefined,
      'APPOINTMENT_PAST',
    );
  }
  if (c.reason === 'cancelled') {
    throw new AppError(
      'CONFLICT',
      'This appointment has been cancelled, so it can no longer be changed.',
      undefined,
      'APPOINTMENT_CANCELLED',
    );
  }
  if (!c.allowed) {
    const phone = c.phone ? ` on ${c.phone}` : '';
    throw new AppError(
      'CONFLICT',
      `This appointment can't be cancelled online. Please call the salon${phone}.`,
      undefined,
      'CANCEL_NOT_ALLOWED',
    );
  }
}

/**
 * A booking moves only to a time it could still be cancelled from online: a new start inside the
 * salon's window is refused as cancelling there is (409 CANCEL_NOT_ALLOWED), with what to do.
 */
export function assertMovableTo(start: number, salon: SalonRulesRow, now: number): void {
  const window = salon.cancellation_window_hours;
  if (start - now > window * HOUR) return;
  const phone = salon.phone ? ` on ${salon.phone}` : '';
  throw new AppError(
    'CONFLICT',
    `Online changes stop ${window} hours before an appointment, so it can't be moved to that time online. Please choose a later time or call the salon${phone}.`,
    'start_time',
    'CANCEL_NOT_ALLOWED',
  );
}

/**
 * Whether a reply "C" would cancel this booking now (docs/messaging.md "Replies"): the salon
 * lets clients cancel and the start is more than its window away. A text says "Reply C to
 * cancel" only then.
 */
export const canCancelByText = (
  a: { start_at: number },
  salon: { allow_self_cancellation: number | boolean; cancellation_window_hours: number },
  now: number,
) => !!salon.allow_self_cancellation && a.start_at - now > salon.cancellation_window_hours * HOUR;
