import { clientAppointment, clientAppointmentPage, proceduresOf, salonRules, type Tab } from '../db/client-appointments';
import { AppError } from '../errors';
import type { Appointment, BookingsPage } from '../../shared/bookings';
import { appointmentView, bookingItem } from './appointment-view';

export const PAGE_SIZE = 30;

async function rulesOf(db: D1Database, salonId: number) {
  const salon = await salonRules(db, salonId);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  return salon;
}

/** One page (30) of the client's upcoming or past bookings at a salon (docs/booking/accounts-and-money.md §2 Bookings). */
export async function bookingsPage(
  db: D1Database,
  q: { salonId: number; clientId: string; tab: Tab; page: number; now: number },
): Promise<BookingsPage> {
  const salon = await rulesOf(db, q.salonId);
  const { count, rows } = await clientAppointmentPage(db, {
    salonId: q.salonId,
    clientId: q.clientId,
    tab: q.tab,
    now: q.now,
    limit: PAGE_SIZE,
    offset: (q.page - 1) * PAGE_SIZE,
  });
  const procedures = await proceduresOf(
    db,
    rows.map((r) => r.id),
  );
  const lastPage = Math.max(1, Math.ceil(count / PAGE_SIZE));
  return {
    count,
    next: q.page < lastPage ? `?page=${q.page + 1}` : null,
    // past the end, 'previous' leads back to the last page that has bookings
    previous: q.page > 1 ? `?page=${Math.min(q.page - 1, lastPage)}` : null,
    results: rows.map((r) =>
      bookingItem(
        r,
        procedures.filter((p) => p.appointment_id === r.id),
        salon,
      ),
    ),
  };
}

/** The client's own booking with its services and the salon's rules; 404 for another client's or an unknown one. */
export async function clientBooking(db: D1Database, q: { salonId: number; clientId: string; appointmentId: number }) {
  const [salon, row] = await Promise.all([rulesOf(db, q.salonId), clientAppointment(db, q)]);
  if (!row) throw new AppError('NOT_FOUND', 'Not found');
  return { salon, row, procedures: await proceduresOf(db, [row.id]) };
}

/** Appointment details, read afresh. */
export async function appointmentDetails(
  db: D1Database,
  q: { salonId: number; clientId: string; appointmentId: number; now: number },
): Promise<Appointment> {
  const { salon, row, procedures } = await clientBooking(db, q);
  return appointmentView(row, procedures, salon, q.now);
}
