import { toMajor } from '../../shared/money';
import type { ClientAppointmentRow, ProcedureRow, SalonRulesRow } from '../db/client-appointments';
import { calendarFile } from './calendar-file';
import { cancellationOf } from './cancellation-rules';
import type { Appointment, Booking, DepositStatus, Procedure } from '../../shared/bookings';

const DEPOSIT_STATUS: Record<string, DepositStatus> = {
  requires_capture: 'held',
  release_due: 'held',
  keep_due: 'held',
  captured: 'paid',
  refund_due: 'paid',
  refunded: 'refunded',
  released: 'refunded',
  kept: 'kept',
};

const iso = (ms: number) => new Date(ms).toISOString();
const isWaitlist = (a: ClientAppointmentRow) => a.status === 'waitlist' || a.cancelled_from === 'waitlist';

export function depositStatusOf(a: Pick<ClientAppointmentRow, 'payment_status' | 'deposit'>): DepositStatus {
  return (a.deposit > 0 && DEPOSIT_STATUS[a.payment_status ?? '']) || 'none';
}

/**
 * A booking as the lists show it. The waitlist is not a stylist here: a booking made on the
 * waitlist marks its stylists serves_as_waitlist, so the badge reads 'Waitlist Booking'. It can be
 * rebooked when it is not a waitlist place, the salon books online and every service still can be.
 */
export function bookingItem(a: ClientAppointmentRow, procedures: ProcedureRow[], salon: SalonRulesRow): Booking {
  const waitlist = isWaitlist(a);
  const depositStatus = depositStatusOf(a);
  return {
    id: a.id,
    salon_id: a.salon_id,
    starts_at: iso(a.start_at),
    ends_at: iso(a.end_at),
    price: toMajor(a.total_price),
    deposit: depositStatus === 'none' ? 0 : toMajor(a.deposit),
    deposit_status: depositStatus,
    status: a.status,
    cancelled_at: a.cancelled_at === null ? null : iso(a.cancelled_at),
    can_rebook: !waitlist && !!salon.online_booking && procedures.length > 0 && procedures.every((p) => !!p.bookable_online),
    procedures: procedureItems(procedures, waitlist),
    no_show_fee:
      a.no_show_fee === null
        ? null
        : { amount: toMajor(a.no_show_fee), status: a.no_show_fee_status === 'paid' ? 'paid' : 'requires_action' },
    deposit_request:
      a.requested_deposit == null || a.status === 'cancelled'
        ? null
        : { amount: toMajor(a.requested_deposit), card_only: !!a.requested_card_only },
  };
}

/** An appointment's services as the bookings lists (and deposit requests) show them. */
export function procedureItems(procedures: ProcedureRow[], waitlist = false): Procedure[] {
  return procedures.map((p) => ({
    id: p.id,
    price: toMajor(p.price),
    start_time: iso(p.start_at),
    duration: Math.round((p.end_at - p.start_at) / 60_000),
    service: { id: p.service_id, name: p.service_name, category: { name: p.category_name }, bookable_online: !!p.bookable_online },
    stylist: { id: p.stylist_id, user_name: p.stylist_name, role_name: p.stylist_role, serves_as_waitlist: waitlist },
  }));
}

/** Appointment details (docs/booking/accounts-and-money.md §2): 'Full Head Tint, Blow Dry at Willow & Co Islington'. */
export function appointmentView(a: ClientAppointmentRow, procedures: ProcedureRow[], salon: SalonRulesRow, now: number): Appointment {
  const item = bookingItem(a, procedures, salon);
  const title = `${procedures.map((p) => p.service_name).join(', ')} at ${salon.name}`;
  const location = [salon.name, salon.address_line_1, [salon.city, salon.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const description = procedures.map((p) => `${p.service_name} with ${p.stylist_name}`).join('\n');
  return {
    ...item,
    title,
    notes: a.notes,
    ics: calendarFile({
      appointmentId: a.id,
      title,
      start: a.start_at,
      end: a.end_at,
      location,
      description,
      cancelled: a.status === 'cancelled',
      sequence: a.calendar_sequence,
    }),
    cancellation: cancellationOf(a, salon, now),
  };
}
