import { REBOOKING_MAX_DAYS, REBOOKING_SLOT_CAP, type RebookingAvailability } from '../../shared/rebooking';
import { daysBetween } from '../availability/calendar';
import type { PreparedQuery } from '../availability/booking-query';
import { daySlots } from '../availability/engine';
import { AppError } from '../errors';
import { rebookablePast, sameServicesQuery } from './past-appointment';

/** The start times (UTC ms) a prepared query offers on each day from..to: none outside the days the salon takes bookings for. */
export function offeredTimes(pq: PreparedQuery, from: string, to: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const day of pq.days(from, to)) {
    const open = day.date >= pq.earliest && day.date <= pq.lastBookable;
    out.set(
      day.date,
      open
        ? daySlots(day, pq.req)
            .slice(0, REBOOKING_SLOT_CAP)
            .map((s) => s.utc)
        : [],
    );
  }
  return out;
}

/**
 * The times the same services with the same stylists can be booked again, from..to (salon
 * dates, inclusive, at most 7 days, not before the salon's today): days keyed YYYYMMDD, times
 * ISO in UTC, at most 96 a day.
 */
export async function rebookingAvailability(
  db: D1Database,
  q: { appointmentId: number; clientId: string; from: string; to: string; now: number },
): Promise<RebookingAvailability> {
  if (q.to < q.from) throw new AppError('BAD_REQUEST', 'to must not be before from', 'to');
  if (daysBetween(q.from, q.to) >= REBOOKING_MAX_DAYS) {
    throw new AppError('BAD_REQUEST', `to must be at most ${REBOOKING_MAX_DAYS - 1} days after from`, 'to');
  }
  const past = await rebookablePast(db, q);
  const pq = await sameServicesQuery(db, past, q.now, { from: q.from, to: q.to });
  if (q.from < pq.today) throw new AppError('BAD_REQUEST', `from must not be before the salon's today (${pq.today})`, 'from');
  const days: RebookingAvailability = {};
  for (const [date, times] of offeredTimes(pq, q.from, q.to)) {
    days[date.replaceAll('-', '')] = times.map((t) => new Date(t).toISOString());
  }
  return days;
}
