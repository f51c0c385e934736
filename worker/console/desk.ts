import type { StripeClient } from '../payments/stripe-api';
import { shortDayOf, shortWhenOf, zonedTime } from '../../shared/zoned-time';
import { MSG_SLOT_TAKEN } from '../../shared/booking-request';
import {
  MSG_OCCURRENCE_OUTSIDE_HOURS,
  MSG_OCCURRENCE_TAKEN,
  SERIES_MAX,
  WALK_IN_NOW,
  type DeskAppointment,
  type DiaryStatus,
  type SeriesOccurrence,
} from '../../shared/console/diary';
import type * as z from 'zod';
import type { deskBookingSchema } from '../../shared/console/diary';
import { cancelAndSettle } from '../bookings/cancel';
import { cancellationOf } from '../bookings/cancellation-rules';
import { shiftAppointments } from '../bookings/move';
import { assertWithinOpeningHours, outsideOpeningHours } from '../bookings/opening-hours';
import { planBooking, type Plan } from '../bookings/plan';
import { insertAppointmentBatch } from '../db/appointments';
import { indexClientSalon } from '../db/spanning';
import { anyTaken, BLOCK_MS, isBlockConflict } from '../db/blocks';
import { insertSeries, isSalonSeries, seriesAppointments } from '../db/series';
import { salonTimeToIso } from '../../shared/console/salon-time';
import { absenceOf } from '../db/blocked-times';
import { clientById, clientByPhone } from '../db/clients';
import { proceduresOf, salonRules, type ProcedureRow } from '../db/client-appointments';
import { readStylists } from '../db/stylists';
import { clientHistory, confirmUnconfirmed, diaryAppointment, isClientOfSalon, messagesAbout, type DiaryRow } from '../db/diary';
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

/** Who a desk booking is for: a client of this salon, the account that has this phone, or someone new (a walk-in: maybe no phone). */
async function clientOfBooking(db: D1Database, salonId: number, client: z.output<typeof deskBookingSchema>['client']) {
  if ('id' in client) {
    const known = await clientById(db, client.id);
    const here = known && (await isClientOfSalon(db, client.id, salonId));
    if (!known || !here) throw new AppError('NOT_FOUND', 'That client was not found at this salon', 'client.id');
    return { clientId: known.id, phone: known.phone as string | null, name: known.name, desk: null };
  }
  const known = client.phone ? await clientByPhone(db, client.phone) : null;
  if (known) return { clientId: known.id, phone: known.phone as string | null, name: known.name || client.name, desk: null };
  const phone = client.phone ?? null;
  return { clientId: null, phone, name: client.name, desk: { name: client.name, phone } };
}

type DeskRequest = z.output<typeof deskBookingSchema>;

/** The start of a walk-in: the current 5-minute slot (every timezone's offset is a whole number of 5 minutes). */
export const walkInStart = (now: number) => Math.floor(now / BLOCK_MS) * BLOCK_MS;

/**
 * The starts a request books, in the salon's time: one, or a series every N weeks at the same
 * wall-clock time (clock changes kept), for a count or up to a date (the salon's, included).
 */
export function occurrenceStarts(r: DeskRequest, timezone: string, now: number): number[] {
  const first = r.start_time === WALK_IN_NOW ? walkInStart(now) : Date.parse(r.start_time);
  if (!r.repeat) return [first];
  const date = localDateOf(first, timezone);
  // the salon's wall clock through Intl, not date-fns' pattern engine (a weight on the Worker's bundle)
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    first,
  );
  const starts: number[] = [];
  for (let k = 0; k < (r.repeat.count ?? SERIES_MAX + 1); k++) {
    const day = addDays(date, 7 * r.repeat.every_weeks * k);
    if (r.repeat.until !== undefined && day > r.repeat.until) break;
    starts.push(Date.parse(salonTimeToIso(`${day}T${clock}`, timezone)));
  }
  if (starts.length > SERIES_MAX)
    throw new AppError('BAD_REQUEST', `A series is at most ${SERIES_MAX} appointments: choose an earlier date`, 'repeat.until');
  if (starts.length < 2) throw new AppError('BAD_REQUEST', 'A series is at least 2 appointments: choose a later date', 'repeat.until');
  return starts;
}

/** Why an occurrence cannot be booked, in the desk's words; null when it is free. Other errors are the request's own. */
async function clashOf(db: D1Database, plan: () => Promise<Plan>, anyFreeTime: boolean, now: number): Promise<string | Plan> {
  try {
    const planned = await plan();
    if (anyFreeTime && (await anyTaken(db, planned.procedures, now))) return MSG_OCCURRENCE_TAKEN;
    return planned;
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'CONFLICT') throw e;
    return e.providerCode === 'OUTSIDE_OPENING_HOURS' ? MSG_OCCURRENCE_OUTSIDE_HOURS : MSG_OCCURRENCE_TAKEN;
  }
}

export interface DeskBooked {
  /** the appointments written, first one first */
  ids: number[];
  phone: string | null;
  starts: number[];
  services: string[];
  seriesId: number | null;
  skipped: SeriesOccurrence[];
}

/**
 * A booking taken at the desk: checked and written as a client's booking is (the salon's own
 * prices and durations; several services each with its stylist, one after another with each
 * service's processing time between: bookings/plan.ts), origin 'salon', confirmed.
 * `any_time`: a manager's booking outside the times offered online, opening hours included;
 * without it a time outside them is 409 OUTSIDE_OPENING_HOURS. A walk-in starts now (any time the
 * stylists are free, never over their time off). A repeat books every occurrence in ONE batch
 * with the series' row: the stylists' blocks refuse any time taken meanwhile, and then nothing is
 * written (409 SLOT_TAKEN). `preview` plans only: each occurrence with its clash, nothing written.
 */
export async function deskBook(
  db: D1Database,
  a: { salonId: number; request: DeskRequest; now: number; preview?: boolean },
): Promise<DeskBooked & { occurrences: SeriesOccurrence[] }> {
  const r = a.request;
  const walkIn = r.start_time === WALK_IN_NOW;
  const anyFreeTime = r.any_time === true || walkIn;
  const salon = await salonRules(db, a.salonId);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  const starts = occurrenceStarts(r, salon.timezone, a.now);
  if (starts[0]! < a.now - 5 * 60_000) throw new AppError('BAD_REQUEST', 'Choose a time from now on', 'start_time');
  const plan = (start: number) => () =>
    planBooking(db, {
      salonId: a.salonId,
      start: iso(start),
      procedures: r.procedures,
      waitlist: false,
      now: a.now,
      anyFreeTime,
      explainHours: true,
    });
  const plans: (Plan | string)[] = [];
  if (!r.repeat)
    plans.push(await plan(starts[0]!)()); // a booking on its own: its own error, as before
  else for (const start of starts) plans.push(await clashOf(db, plan(start), anyFreeTime, a.now));
  const occurrences = starts.map((start, i) => ({ start: iso(start), clash: typeof plans[i] === 'string' ? plans[i] : null }));
  const clashes = occurrences.filter((o) => o.clash !== null);
  const who = await clientOfBooking(db, a.salonId, r.client);
  const nothing = { ids: [], phone: who.phone, starts: [], services: [], seriesId: null, skipped: clashes, occurrences };
  if (a.preview) return nothing;
  if (clashes.length && !r.repeat?.skip_clashes)
    throw new AppError(
      'CONFLICT',
      `${clashes.length} of the ${starts.length} times ${clashes.length === 1 ? 'is' : 'are'} not free (${clashes
        .map((c) => whenText(Date.parse(c.start), salon.timezone))
        .join('; ')}): skip ${clashes.length === 1 ? 'it' : 'them'}, or choose another time`,
      'repeat',
      'SERIES_CLASHES',
    );
  const free = plans.filter((p): p is Plan => typeof p !== 'string');
  if (!free.length)
    throw new AppError('CONFLICT', 'None of the series’ times is free: choose another time', 'start_time', 'SERIES_CLASHES');
  const statements: D1PreparedStatement[] = r.repeat
    ? [insertSeries(db, { salonId: a.salonId, everyWeeks: r.repeat.every_weeks, now: a.now })]
    : [];
  const writes = free.map((planned) => {
    const batch = insertAppointmentBatch(db, {
      salonId: a.salonId,
      clientId: who.clientId,
      idempotencyKey: `desk-${crypto.randomUUID()}`,
      status: 'confirmed',
      origin: 'salon',
      start: planned.start,
      end: planned.end,
      now: a.now,
      notes: r.notes ?? '',
      total: planned.total,
      deposit: 0,
      utmOrigin: null,
      verificationCode: null,
      holdId: null,
      takesTime: true,
      procedures: planned.procedures,
      patchTest: null,
      deskClient: who.desk,
      // "any time" books over time off and blocks deliberately; the answer says so (over_absence); a walk-in never does
      overAbsence: r.any_time === true,
      inSeries: !!r.repeat,
    });
    const at = statements.length;
    statements.push(...batch.statements);
    return (results: D1Result[]) => batch.created(results.slice(at));
  });
  try {
    const results = await db.batch(statements);
    const ids = writes.map((created) => created(results).id);
    if (who.clientId) await indexClientSalon(db, who.clientId, a.salonId);
    const first = free[0]!;
    return {
      ids,
      phone: who.phone,
      starts: free.map((p) => p.start),
      services: first.procedures.map((p) => first.catalogue.services.get(p.serviceId)?.name ?? 'Appointment'),
      seriesId: r.repeat ? (results[0]!.results[0] as { id: number }).id : null,
      skipped: clashes,
      occurrences,
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
 * `following`: the appointment and the later ones of its repeat series, each shifted by the same
 * amount, in one batch (one taken time leaves them all as they were). Answers those moved, each
 * with its former start.
 */
export async function deskMove(
  db: D1Database,
  q: {
    salonId: number;
    appointmentId: number;
    start: number;
    anyFreeTime: boolean;
    now: number;
    /** 'following': this appointment and the later ones of its repeat series, by the same amount */
    scope?: 'one' | 'following';
    stylistId?: number;
    fromStylistId?: number;
    end?: number;
  },
): Promise<{ row: DiaryRow; moved: { id: number; from: number }[] }> {
  const { row } = await salonAppointment(db, q.salonId, q.appointmentId, null);
  if (row.status === 'cancelled')
    throw new AppError('CONFLICT', 'This appointment was cancelled, so it cannot be moved', undefined, 'APPOINTMENT_CANCELLED');
  const relayout = q.stylistId !== undefined || q.end !== undefined || q.fromStylistId !== undefined;
  const following = q.scope === 'following' && row.series_id !== null && row.series_id !== undefined;
  if (following && relayout)
    throw badMove('scope', 'A repeat series moves by time only: change the stylist or the length one appointment at a time');
  const offset = q.start - row.start_at;
  const rows = following ? await seriesAppointments(db, q.salonId, row.series_id!, row.start_at) : [row];
  const procedures = await proceduresOf(
    db,
    rows.map((r) => r.id),
  );
  const layout = relayout ? await layoutOf(db, q, row, procedures) : undefined;
  if (!q.anyFreeTime) {
    const rules = (await salonRules(db, q.salonId))!;
    for (const r of rows)
      assertWithinOpeningHours(rules, r.start_at + offset, (r.id === row.id ? layout?.end : undefined) ?? r.end_at + offset);
  }
  await shiftAppointments(db, {
    salonId: q.salonId,
    now: q.now,
    anyFreeTime: q.anyFreeTime,
    shifts: rows.map((r) => ({
      row: r,
      procedures: procedures.filter((p) => p.appointment_id === r.id),
      start: r.start_at + offset,
      layout: r.id === row.id ? layout : undefined,
    })),
  });
  return { row, moved: rows.map((r) => ({ id: r.id, from: r.start_at })) };
}

/**
 * A repeat series cancelled as one: its appointments still to come (from `from` on, else from
 * now), each cancelled as the desk cancels one. Answers the rows cancelled (as they were).
 */
export async function deskCancelSeries(
  db: D1Database,
  stripe: StripeClient,
  q: { salonId: number; seriesId: number; from?: number; by: 'client' | 'salon'; now: number },
) {
  if (!(await isSalonSeries(db, q.salonId, q.seriesId))) throw new AppError('NOT_FOUND', 'Series not found', 'seriesId');
  let since = q.now;
  if (q.from !== undefined) {
    const { row } = await salonAppointment(db, q.salonId, q.from, null);
    if (row.series_id !== q.seriesId) throw new AppError('BAD_REQUEST', 'That appointment is not one of this series', 'from');
    since = row.start_at;
  }
  const rows = await seriesAppointments(db, q.salonId, q.seriesId, since);
  const cancelled: { id: number; start_at: number; refund: boolean; row: DiaryRow }[] = [];
  for (const r of rows) {
    const before = (await salonAppointment(db, q.salonId, r.id, null)).row;
    const { refund } = await deskCancel(db, stripe, { salonId: q.salonId, appointmentId: r.id, by: q.by, now: q.now });
    cancelled.push({ id: r.id, start_at: r.start_at, refund, row: before });
  }
  return cancelled;
}

const badMove = (field: string, message: string) => new AppError('BAD_REQUEST', message, field);

/**
 * The appointment after a move in the diary: every time shifted to the new start, the services of
 * one stylist (`fromStylistId`, or the only one) given to `stylistId`, and that part's last service
 * ending at `end` (docs/console/desk.md "Moving in the diary").
 */
async function layoutOf(
  db: D1Database,
  q: { salonId: number; start: number; stylistId?: number; fromStylistId?: number; end?: number },
  row: { start_at: number; end_at: number },
  procedures: ProcedureRow[],
) {
  const offset = q.start - row.start_at;
  const columns = [...new Set(procedures.map((p) => p.stylist_id))];
  const from = q.fromStylistId ?? (columns.length === 1 ? columns[0]! : null);
  if (from === null)
    throw badMove('from_stylist_id', 'This appointment has services with more than one stylist: say whose services move (from_stylist_id)');
  if (!columns.includes(from)) throw badMove('from_stylist_id', 'That stylist has no service in this appointment');
  const to = q.stylistId ?? from;
  if (to !== from) {
    const [stylist] = await readStylists(db, q.salonId, { stylistId: to });
    if (!stylist?.active) throw badMove('stylist_id', 'Choose one of the salon’s stylists');
    const does = new Set(stylist.services.map((s) => s.service_id));
    const missing = procedures.find((p) => p.stylist_id === from && !does.has(p.service_id));
    if (missing) throw badMove('stylist_id', `${stylist.name} does not do ${missing.service_name}: choose another stylist`);
  }
  const moved = procedures.map((p) => ({
    id: p.id,
    stylist_id: p.stylist_id === from ? to : p.stylist_id,
    start_at: p.start_at + offset,
    end_at: p.end_at + offset,
  }));
  let lengthened = 0;
  if (q.end !== undefined) {
    if (q.end % (5 * 60_000) !== 0) throw badMove('end_time', 'end_time must be on a 5-minute mark, such as 11:15');
    const lastOf = (ps: ProcedureRow[]) => ps.reduce((a, b) => (b.end_at >= a.end_at ? b : a));
    const last = lastOf(procedures.filter((p) => p.stylist_id === from));
    const part = moved.find((p) => p.id === last.id)!;
    if (q.end <= part.start_at) throw badMove('end_time', `The end must come after ${last.service_name} starts`);
    if (q.end - part.start_at > 12 * 3_600_000) throw badMove('end_time', 'A service can last at most 12 hours');
    // the appointment's own end (processing after its last service included) follows its last service
    if (last.id === lastOf(procedures).id) lengthened = q.end - part.end_at;
    part.end_at = q.end;
  }
  return { end: Math.max(row.end_at + offset + lengthened, ...moved.map((p) => p.end_at)), procedures: moved };
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
