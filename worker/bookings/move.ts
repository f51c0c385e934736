import { PATCH_LEAD_HOURS } from '../../shared/availability-messages';
import { prepareQuery } from '../availability/booking-query';
import { addDays, HOUR, localDateOf } from '../availability/calendar';
import { assignmentsAt } from '../availability/engine';
import { isStaleMove, moveStatements } from '../db/appointment-changes';
import { isBlockConflict } from '../db/blocks';
import { patchTestStartOf } from '../db/client-appointments';
import { AppError } from '../errors';
import type { Appointment } from '../../shared/bookings';
import { assertChangeable, assertMovableTo, cancellationOf } from './cancellation-rules';
import { appointmentDetails, clientBooking } from './client-bookings';

const slotTaken = () =>
  new AppError('CONFLICT', 'That time is no longer available. Please choose another time.', 'start_time', 'SLOT_TAKEN');

/** The salon dates an instant may fall on (its UTC date, and the day either side): all the move needs loaded. */
function nearDays(utcMs: number): { from: string; to: string } {
  const utcDate = new Date(utcMs).toISOString().slice(0, 10);
  return { from: addDays(utcDate, -1), to: addDays(utcDate, 1) };
}

/**
 * Is `start` a time the availability engine would offer these services with these same stylists,
 * the booking's own time not counting as taken? (Working hours, days off, other bookings and
 * holds, the salon's booking horizon.)
 */
async function offered(
  db: D1Database,
  q: { salonId: number; appointmentId: number; start: number; now: number; waitlist: boolean },
  steps: { serviceId: number; stylistId: number }[],
): Promise<boolean> {
  let pq;
  try {
    pq = await prepareQuery(
      db,
      {
        salonId: q.salonId,
        serviceIds: steps.map((s) => s.serviceId),
        choices: steps.map((s) => s.stylistId),
        patchTime: null,
        waitlist: q.waitlist,
        now: q.now,
        ignoreAppointment: q.appointmentId,
      },
      nearDays(q.start),
    );
  } catch (e) {
    // a stylist who left or a service no longer offered: this booking cannot move online
    if (e instanceof AppError) return false;
    throw e;
  }
  const date = localDateOf(q.start, pq.catalogue.salon.timezone);
  if (date < pq.earliest || date > pq.lastBookable) return false;
  return assignmentsAt(pq.days(date, date)[0]!, pq.req, q.start, 1).first !== null;
}

/**
 * Moves a client's booking to another time (beyond the spec): the same services with the same
 * stylists, durations and processing, every time shifted by the same amount; the deposit stays
 * as it is. The cancellation rules apply to the booking as it is now. The new time must be one
 * the availability engine offers for those stylists; one batch frees the old stylist time and
 * takes the new, so of two clients racing for a time exactly one gets it (409 SLOT_TAKEN for the
 * other, whose booking is left as it was).
 */
export async function moveBooking(
  db: D1Database,
  q: { salonId: number; clientId: string; appointmentId: number; start: number; now: number },
): Promise<Appointment> {
  const { salon, row, procedures } = await clientBooking(db, q);
  assertChangeable(cancellationOf(row, salon, q.now));
  assertMovableTo(q.start, salon, q.now);
  await shiftAppointment(db, { salonId: q.salonId, row, procedures, start: q.start, now: q.now, anyFreeTime: false });
  return appointmentDetails(db, q);
}

interface Shift {
  row: { id: number; start_at: number; end_at: number; status: string };
  procedures: { id: number; service_id: number; stylist_id: number; start_at: number; end_at: number }[];
  start: number;
  /**
   * the desk's new layout (another stylist, a service lengthened): each service's stylist and
   * times after the move, and the booking's end; without it every time shifts by the same amount
   */
  layout?: Layout;
}

/**
 * The move itself, for a client's booking (above) and the salon's own move at the desk
 * (console/desk.ts): checked against the patch test and, unless a manager books any free time,
 * against the times the engine offers; one batch frees the old blocks and takes the new.
 */
export async function shiftAppointment(db: D1Database, q: { salonId: number; now: number; anyFreeTime: boolean } & Shift): Promise<void> {
  await shiftAppointments(db, { salonId: q.salonId, now: q.now, anyFreeTime: q.anyFreeTime, shifts: [q] });
}

/**
 * Several appointments moved at once (a repeat series' following ones, docs/console/desk.md
 * "Several services, repeats and walk-ins"): each checked as one move is, then ONE batch frees their old blocks and
 * takes the new, so a time taken meanwhile leaves every one of them as it was (409).
 */
export async function shiftAppointments(
  db: D1Database,
  q: { salonId: number; now: number; anyFreeTime: boolean; shifts: Shift[] },
): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  const lasts: number[] = [];
  for (const { row, procedures, start, layout: given } of q.shifts) {
    if (start % (5 * 60_000) !== 0) throw new AppError('BAD_REQUEST', 'start_time must be on a 5-minute mark, such as 10:15', 'start_time');
    const offset = start - row.start_at;
    const layout = given ?? {
      end: row.end_at + offset,
      procedures: procedures.map((p) => ({ ...p, start_at: p.start_at + offset, end_at: p.end_at + offset })),
    };
    const same = (p: Layout['procedures'][number]) =>
      procedures.some((o) => o.id === p.id && o.stylist_id === p.stylist_id && o.start_at === p.start_at && o.end_at === p.end_at);
    if (offset === 0 && layout.end === row.end_at && layout.procedures.every(same)) continue;
    const patchTest = await patchTestStartOf(db, row.id);
    if (patchTest !== null && start - patchTest < PATCH_LEAD_HOURS * HOUR) {
      throw new AppError('BAD_REQUEST', 'Patch tests must be done at least 48 hrs before your appointment', 'start_time');
    }
    const waitlist = row.status === 'waitlist';
    const steps = layout.procedures.map((p) => ({ serviceId: procedures.find((o) => o.id === p.id)!.service_id, stylistId: p.stylist_id }));
    if (!q.anyFreeTime && !(await offered(db, { salonId: q.salonId, appointmentId: row.id, start, now: q.now, waitlist }, steps)))
      throw slotTaken();
    statements.push(
      ...moveStatements(db, {
        appointmentId: row.id,
        fromStart: row.start_at,
        fromEnd: row.end_at,
        start,
        end: layout.end,
        now: q.now,
        takesTime: !waitlist,
        procedures: layout.procedures.map((p) => ({ id: p.id, stylistId: p.stylist_id, start: p.start_at, end: p.end_at })),
        overAbsence: q.anyFreeTime,
      }),
    );
    lasts.push(statements.length - 1);
  }
  if (!statements.length) return;
  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (e) {
    if (isBlockConflict(e)) throw slotTaken();
    if (isStaleMove(e)) throw changedMeanwhile();
    throw e;
  }
  if (lasts.some((i) => (results[i]?.meta.changes ?? 0) === 0)) throw changedMeanwhile();
}

/** A booking's services after a move: each one's stylist and times, and the booking's end. */
type Layout = { end: number; procedures: { id: number; stylist_id: number; start_at: number; end_at: number }[] };

const changedMeanwhile = () =>
  new AppError(
    'CONFLICT',
    'This appointment has just been changed. Please look at it again before moving it.',
    undefined,
    'APPOINTMENT_CHANGED',
  );
