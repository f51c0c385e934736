import { prepareQuery, type PreparedQuery } from '../availability/booking-query';
import { proceduresOf, type ClientAppointmentRow, type ProcedureRow } from '../db/client-appointments';
import { pastAppointment, rebookableIds } from '../db/rebooking';
import { AppError } from '../errors';

export const MSG_NOT_REBOOKABLE = 'This appointment can no longer be booked online. Please call the salon to book it.';

const notRebookable = () => new AppError('CONFLICT', MSG_NOT_REBOOKABLE, 'appointment_id', 'NOT_REBOOKABLE');

export interface PastAppointment {
  row: ClientAppointmentRow;
  /** its services in the order they were done, each with its stylist */
  procedures: ProcedureRow[];
}

/**
 * The client's own past appointment, when it can be booked again online exactly as it was: 404
 * for another client's, a future, a cancelled or an unknown one; 409 when a service is no longer
 * shown online or its stylist no longer performs it.
 */
export async function rebookablePast(
  db: D1Database,
  q: { appointmentId: number; clientId: string; now: number },
): Promise<PastAppointment> {
  const row = await pastAppointment(db, q);
  if (!row) throw new AppError('NOT_FOUND', 'Not found');
  const [procedures, rebookable] = await Promise.all([proceduresOf(db, [row.id]), rebookableIds(db, [row.id])]);
  const serviceIds = procedures.map((p) => p.service_id);
  if (!rebookable.has(row.id) || new Set(serviceIds).size !== serviceIds.length) throw notRebookable();
  return { row, procedures };
}

/** The availability engine's query for the same services with the same stylists, in the same order. */
export async function sameServicesQuery(
  db: D1Database,
  past: PastAppointment,
  now: number,
  window: { from: string; to: string },
): Promise<PreparedQuery> {
  try {
    return await prepareQuery(
      db,
      {
        salonId: past.row.salon_id,
        serviceIds: past.procedures.map((p) => p.service_id),
        choices: past.procedures.map((p) => p.stylist_id),
        patchTime: null,
        waitlist: false,
        now,
      },
      window,
    );
  } catch (e) {
    // a stylist who left or a service no longer offered (checked above, but it may change meanwhile)
    if (e instanceof AppError && e.status !== 500) throw notRebookable();
    throw e;
  }
}
