import type { Appointment, Booking, BookingsPage, Procedure } from '../../../shared/bookings';
import type { Invite } from '../../../shared/invites';

// The logged-in screens' answers, shaped by the types the Worker answers with (shared/), so that
// the typechecker holds these tests to the real API. Their contents follow the demo data
// (worker/db/seed/demo.sql): Jamie Rivers's bookings and open requests at salons 1 and 2.

/** An ISO instant `days` days from now at `hour`:00 UTC (what the API answers: UTC, no offset). */
export function daysAhead(days: number, hour = 14): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
}

/** One service of an appointment (salon 1's Blow Dry with Chloe Price unless told). */
export function procedure(o: Partial<Procedure> & { start_time: string }): Procedure {
  return {
    id: 1,
    price: 30,
    duration: 30,
    service: { id: 8, name: 'Blow Dry', category: { name: 'Finishing' }, bookable_online: true },
    stylist: { id: 3, user_name: 'Chloe Price', role_name: 'Stylist', serves_as_waitlist: false },
    ...o,
  };
}

/** An open request (GET client/get/invite/{salon}/): a deposit of `deposit` pounds, or card only with 0. */
export function invite(o: { id: number; salon: 1 | 2; deposit: number; start: string; service?: Partial<Procedure> }): Invite {
  const salonName = o.salon === 1 ? 'Willow & Co Islington' : 'Willow & Co Shoreditch';
  const end = new Date(Date.parse(o.start) + 60 * 60_000).toISOString().replace('.000Z', 'Z');
  return {
    id: o.id,
    unique_code: `DemoJamieRiversInvite0${o.id}`,
    salon: { id: o.salon },
    salon_name: salonName,
    status: 'invited',
    requested_deposit: o.deposit,
    requested_card_only: o.deposit === 0,
    payFullAmount: false,
    amount_to_pay: o.deposit,
    currency: 'GBP',
    timezone: 'Europe/London',
    created_at: daysAhead(-1, 9),
    appointment: {
      id: 100 + o.id,
      price: 65,
      start_time: o.start,
      end_time: end,
      procedures: [procedure({ start_time: o.start, ...o.service })],
    },
  };
}

/** A booking of the lists (ncob/client/appointments/{salon}/{tab}/{user}/). */
export function booking(o: Partial<Booking> & { id: number; starts_at: string }): Booking {
  const ends = new Date(Date.parse(o.starts_at) + 30 * 60_000).toISOString().replace('.000Z', 'Z');
  return {
    salon_id: 1,
    ends_at: ends,
    price: 30,
    deposit: 0,
    deposit_status: 'none',
    status: 'confirmed',
    cancelled_at: null,
    can_rebook: true,
    procedures: [procedure({ id: o.id, start_time: o.starts_at })],
    no_show_fee: null,
    deposit_request: null,
    ...o,
  };
}

/** One page of 30 of a list of `count` bookings, `results` being that page's. */
export function bookingsPage(results: Booking[], page = 1, count = results.length): BookingsPage {
  const last = Math.max(1, Math.ceil(count / 30));
  return {
    count,
    next: page < last ? `?page=${page + 1}` : null,
    previous: page > 1 ? `?page=${page - 1}` : null,
    results,
  };
}

/** Appointment details (salon/{salon}/appointment/{id}/) of a booking, under salon 1's rules unless told. */
export function appointment(b: Booking, cancellation: Partial<Appointment['cancellation']> = {}): Appointment {
  return {
    ...b,
    title: b.procedures.map((p) => p.service.name).join(', '),
    notes: '',
    ics: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n',
    cancellation: {
      allowed: true,
      reason: null,
      window_hours: 24,
      refund_outside_window: true,
      phone: '020 7946 0018',
      ...cancellation,
    },
  };
}
