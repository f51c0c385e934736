import type { StripeClient } from '../payments/stripe-api';
import { shortDayOf, shortWhenOf, zonedTime } from '../../shared/zoned-time';
import { MSG_SLOT_TAKEN } from '../../shared/booking-request';
import type { DeskAppointment, DiaryStatus } from '../../shared/console/diary';
import type * as z from 'zod';
import type { deskBookingSchema } from '../../shared/console/diary';
import { cancelAndSettle } from '../bookings/cancel';
import { cancellationOf } from '../bookings/cancellation-rules';
import { shiftAppointment } from '../bookings/move';
import { assertWithinOpeningHours, outsideOpeningHours } from '../bookings/opening-hours';
import { planBooking } from '../bookings/plan';
import { insertAppointmentBatch } from '../db/appointments';
import { indexClientSalon } from '../db/spanning';
import { isBlockConflict } from '../db/blocks';
import { absenceOf } from '../db/blocked-times';
import { clientById, clientByPhone } from '../db/clients';
import { proceduresOf, salonRules } from '../db/client-appointments';
import { clientHistory, confirmUnconfirmed, diaryAppointment, isClientOfSalon, messagesAbout } from '../db/diary';
import { deliveriesOfAppointment, statusesOfKeys } from '../db/message-deliveries';
import { MESSAGE_WHAT, messageWhat } from '../../shared/console/today';
import { markArrived, noShowFeeOf } from '../db/no-show-fees';
import { addDays, localDateOf, salonDays } from '../availability/calendar';
import { salonById } from '../db/salons';
import { AppError } from '../errors';
import { savedCard } from '../payments/cards';
import { offersOfEntry } from '../waitlist/offers';
import { diaryAppointmentOf, diaryStatus } from './diary';

const iso = (ms: number) => new Date(ms).toISOString();
const notFound = () => new AppError('NOT_FOUND', 'Appointment not found', 'appointmentId');

/** The salon's appointment (a stylist's own only: `stylistId`), or 404. */
export async function salonAppointment(db: D1Database, salonId: number, appointmentId: number, stylistId: number | null) {
  const found = await diaryAppointment(db, salonId, appointmentId);
  if (!found || (stylistId !== null && !found.procedures.some((p) => p.stylist_id === stylistId))) throw notFound();
  return found;
}

/** An appointment opened in the diary: client, their history here, deposit and payments, notes, messages sent about it. */
export async function deskAppointment(
  db: D1Database,
  salonId: number,
  appointmentId: number,
  stylistId: number | null,
): Promise<DeskAppointment> {
  const { row, procedures } = await salonAppointment(db, salonId, appointmentId, stylistId);
  const [salon, history, messages, fee, away, offers] = await Promise.all([
    salonById(db, salonId),
    clientHistory(db, salonId, row.client_id, row.client_phone),
    messagesAbout(db, row.id),
    noShowFeeOf(db, row.id),
    absenceOf(
      db,
      procedures.map((p) => p.stylist_id),
      row.start_at,
      row.end_at,
    ),
    offersOfEntry(db, row.id),
  ]);
  const [statuses, reminders] = await Promise.all([
    statusesOfKeys(
      db,
      messages.map((m) => m.key),
    ),
    deliveriesOfAppointment(db, row.id),
  ]);
  const card = row.client_id ? await savedCard(db, row.client_id) : null;
  const payments: DeskAppointment['payments'] = [];
  if (row.deposit > 0 || row.payment_status) payments.push({ what: 'Deposit', amount: row.deposit, status: row.payment_status ?? 'none' });
  if (fee) payments.push({ what: 'No-show fee', amount: fee.amount, status: fee.status });
  return {
    ...diaryAppointmentOf(row, procedures),
    notes: row.notes,
    created_at: iso(row.created_at),
    cancelled_at: row.cancelled_at === null ? null : iso(row.cancelled_at),
    history: history.rows
      .filter((h) => h.id !== row.id)
      .map((h) => ({
        id: h.id,
        start: iso(h.start_at),
        services: history.procedures.filter((p) => p.appointment_id === h.id).map((p) => p.service_name),
        status: diaryStatus(h) as DiaryStatus,
        no_show: h.no_show_at !== null,
      })),
    no_shows: history.noShows,
    payments,
    messages: [
      ...messages.map((m) => ({
        what: messageWhat(m.key),
        sent_at: iso(m.sent_at),
        status: statuses.get(m.key) ?? null,
      })),
      ...reminders.map((d) => ({
        what: `${MESSAGE_WHAT[d.what ?? ''] ?? 'Message'} (${d.channel === 'sms' ? 'text' : 'email'})`,
        sent_at: iso(d.created_at),
        status: d.status,
      })),
    ].sort((x, y) => x.sent_at.localeCompare(y.sent_at)),
    outside_opening_hours: !!salon && outsideOpeningHours(salon, row.start_at, row.end_at),
    ...(offers.length ? { waitlist_offers: offers } : {}),
    over_absence:
      row.status !== 'cancelled' &&
      procedures.some((p) => away.some((x) => x.stylist_id === p.stylist_id && x.start_at < p.end_at && x.end_at > p.start_at)),
    no_show_protection:
      salon?.no_show_protection && salon.no_show_fee > 0
        ? { fee: salon.no_show_fee, card: card ? `${card.brand} •••• ${card.last4}` : null }
        : null,
  };
}

/** Who a desk booking is for: a client of this salon, the account that has this phone, or someone new. */
async function clientOfBooking(db: D1Database, salonId: number, client: z.output<typeof deskBookingSchema>['client']) {
  if ('id' in client) {
    const known = await clientById(db, client.id);
    const here = known && (await isClientOfSalon(db, client.id, salonId));
    if (!known || !here) throw new AppError('NOT_FOUND', 'That client was not found at this salon', 'client.id');
    return { clientId: known.id, phone: known.phone, name: known.name, desk: null };
  }
  const known = await clientByPhone(db, client.phone);
  if (known) return { clientId: known.id, phone: known.phone, name: known.name || client.name, desk: null };
  return { clientId: null, phone: client.phone, name: client.name, desk: { name: client.name, phone: client.phone } };
}

/**
 * A booking taken at the desk: checked and written as a client's booking is (the salon's own
 * prices and durations; the stylists' blocks refuse a taken time in the same batch: 409, nothing
 * written), origin 'salon', confirmed. `anyFreeTime`: a manager's booking outside the times offered
 * online, opening hours included; without it a time outside them is 409 OUTSIDE_OPENING_HOURS.
 * Answers the appointment and whom to text.
 */
export async function deskBook(
  db: D1Database,
  a: { salonId: number; request: z.output<typeof deskBookingSchema>; now: number },
): Promise<{ id: number; phone: string; start: number; services: string[] }> {
  const r = a.request;
  if (Date.parse(r.start_time) < a.now - 5 * 60_000) throw new AppError('BAD_REQUEST', 'Choose a time from now on', 'start_time');
  const who = await clientOfBooking(db, a.salonId, r.client);
  const plan = await planBooking(db, {
    salonId: a.salonId,
    start: r.start_time,
    procedures: r.procedures,
    waitlist: false,
    now: a.now,
    anyFreeTime: r.any_time === true,
    explainHours: true,
  });
  const { statements, created } = insertAppointmentBatch(db, {
    salonId: a.salonId,
    clientId: who.clientId,
    idempotencyKey: `desk-${crypto.randomUUID()}`,
    status: 'confirmed',
    origin: 'salon',
    start: plan.start,
    end: plan.end,
    now: a.now,
    notes: r.notes ?? '',
    total: plan.total,
    deposit: 0,
    utmOrigin: null,
    verificationCode: null,
    holdId: null,
    takesTime: true,
    procedures: plan.procedures,
    patchTest: null,
    deskClient: who.desk,
    // "any time" books over time off and blocks deliberately; the answer says so (over_absence)
    overAbsence: r.any_time === true,
  });
  try {
    const row = created(await db.batch(statements));
    if (who.clientId) await indexClientSalon(db, who.clientId, a.salonId);
    return {
      id: row.id,
      phone: who.phone,
      start: plan.start,
      services: plan.procedures.map((p) => plan.catalogue.services.get(p.serviceId)?.name ?? 'Appointment'),
    };
  } catch (e) {
    if (isBlockConflict(e)) throw new AppError('CONFLICT', MSG_SLOT_TAKEN, 'start_time', 'SLOT_TAKEN');
    throw e;
  }
}

/** Confirms an appointment rebooked through the older flow (unconfirmed → confirmed); 409 for any other state. */
export async function confirmAppointment(db: D1Database, salonId: number, appointmentId: number): Promise<void> {
  const { row } = await salonAppointment(db, salonId, appointmentId, null);
  if (row.status === 'confirmed') return;
  if (!(await confirmUnconfirmed(db, salonId, appointmentId)))
    throw new AppError('CONFLICT', 'Only an unconfirmed appointment can be confirmed', undefined, 'NOT_UNCONFIRMED');
}

/**
 * The salon cancels: `salon` gives a deposit back in full; `client` (the client asked) follows the
 * salon's rule (refunded when cancelled before the window and the salon refunds, else kept). The
 * same cancellation as a client's (bookings/cancel.ts).
 */
export async function deskCancel(
  db: D1Database,
  stripe: StripeClient,
  q: { salonId: number; appointmentId: number; by: 'client' | 'salon'; now: number },
) {
  const { row } = await salonAppointment(db, q.salonId, q.appointmentId, null);
  const rules = (await salonRules(db, q.salonId))!;
  const inTime = cancellationOf(row, { ...rules, allow_self_cancellation: 1 }, q.now).reason === null;
  const refund = q.by === 'salon' || (inTime && !!rules.refund_deposit_outside_window);
  await cancelAndSettle(db, stripe, {
    row,
    refund,
    now: q.now,
    reread: async () => (await salonAppointment(db, q.salonId, q.appointmentId, null)).row,
  });
  return { refund };
}

/**
 * The salon moves an appointment: the same move as a client's, any free time for a manager who
 * asks; without it, a time outside the opening hours is refused as such (409 OUTSIDE_OPENING_HOURS).
 */
export async function deskMove(
  db: D1Database,
  q: { salonId: number; appointmentId: number; start: number; anyFreeTime: boolean; now: number },
) {
  const { row } = await salonAppointment(db, q.salonId, q.appointmentId, null);
  if (row.status === 'cancelled')
    throw new AppError('CONFLICT', 'This appointment was cancelled, so it cannot be moved', undefined, 'APPOINTMENT_CANCELLED');
  if (!q.anyFreeTime) {
    const rules = (await salonRules(db, q.salonId))!;
    assertWithinOpeningHours(rules, q.start, row.end_at + (q.start - row.start_at));
  }
  const procedures = await proceduresOf(db, [row.id]);
  await shiftAppointment(db, { salonId: q.salonId, row, procedures, start: q.start, now: q.now, anyFreeTime: q.anyFreeTime });
}

/**
 * The client has arrived: from the appointment's day on in the salon's timezone, never days
 * ahead (409 NOT_ITS_DAY); the write itself holds the day, so a move meanwhile cannot slip past.
 */
export async function deskArrived(db: D1Database, q: { salonId: number; appointmentId: number; stylistId: number | null; now: number }) {
  await salonAppointment(db, q.salonId, q.appointmentId, q.stylistId);
  const { timezone } = (await salonRules(db, q.salonId))!;
  const todayEnd = salonDays(addDays(localDateOf(q.now, timezone), 1), 1, timezone)[0]!.startUtc;
  if (await markArrived(db, q.salonId, q.appointmentId, q.now, todayEnd)) return;
  const now = (await salonAppointment(db, q.salonId, q.appointmentId, q.stylistId)).row;
  if (now.start_at >= todayEnd && ['confirmed', 'unconfirmed'].includes(now.status))
    throw new AppError(
      'CONFLICT',
      `This appointment is on ${shortDayOf(zonedTime(now.start_at, timezone))}: mark the client arrived on the day`,
      undefined,
      'NOT_ITS_DAY',
    );
  throw new AppError(
    'CONFLICT',
    'This appointment cannot be marked arrived (cancelled, or its no-show fee was charged)',
    undefined,
    'NOT_ARRIVABLE',
  );
}

/** '{salon}: you are booked for Tue 1 Dec at 10:00 (Cut & Blow Dry).' in the salon's time. */
export function whenText(start: number, timezone: string): string {
  return shortWhenOf(start, timezone);
}
