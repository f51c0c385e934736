import { salonById } from '../db/salons';
import { BOOKING_LIMIT } from '../../shared/booking-request';
import { AppError } from '../errors';

/**
 * The answer when a client already holds as many upcoming online bookings at a salon as it
 * allows (salons.max_upcoming_online_bookings, enforced by the trigger appointments_online_limit):
 * 409 with what the client can do instead.
 */
export async function bookingLimitError(db: D1Database, salonId: number): Promise<AppError> {
  const salon = await salonById(db, salonId);
  const n = salon?.max_upcoming_online_bookings ?? 4;
  const call = salon?.phone ? `Please call ${salon.name} on ${salon.phone} to book more.` : 'Please call the salon to book more.';
  return new AppError(
    'CONFLICT',
    `You already have ${n} upcoming ${n === 1 ? 'booking' : 'bookings'} at ${salon?.name ?? 'this salon'}, the most you can book online. ${call}`,
    'start_time',
    BOOKING_LIMIT,
  );
}
