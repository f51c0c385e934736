import {
  SEARCH_DAYS,
  MSG_EXCEEDS_MAX_DAYS,
  MSG_FULLY_BOOKED,
  MSG_KEEP_SCROLLING,
  MSG_NO_SLOTS,
  MSG_NO_SLOTS_ON_DATE,
  MSG_NO_SLOTS_WAITLIST,
} from '../../shared/availability-messages';
import type { DayAvailability, DaySlots, StylistOption, StylistsAtTime } from '../../shared/availability';
import { toMajor } from '../../shared/money';
import { AppError } from '../errors';
import { addDays, localDateOf, localIso } from './calendar';
import { assignmentsAt, daySlots, dayAvailability, type Assignment } from './engine';
import { prepareQuery, type BookingQuery, type PreparedQuery } from './booking-query';

function checkWindow(pq: PreparedQuery, date: string, what: string) {
  if (date > pq.searchEnd) throw new AppError('BAD_REQUEST', `${what} is beyond the days this salon takes bookings for`, what);
  if (date < addDays(pq.today, -7)) throw new AppError('BAD_REQUEST', `${what} is in the past`, what);
}

/** Where a call spent its time (ms), for the Server-Timing header. */
export interface Timing {
  db: number;
  engine: number;
}

/** The days one weekly call answers: up to 181 from the week start (the client asks again further on). */
function weeklyDays(weekStart: string, b: { earliest: string; searchEnd: string }): { from: string; to: string } {
  const from = weekStart > b.earliest ? weekStart : b.earliest;
  const last = addDays(from, SEARCH_DAYS - 1);
  return { from, to: last < b.searchEnd ? last : b.searchEnd };
}

/**
 * Which days have a bookable time, from `weekStart` to the end of the search (the spec's
 * week-by-week search, done in one call). The first available day beyond the salon's horizon
 * answers 'Exceeds Maximum days'; none in 6 months answers the fully booked message.
 */
export async function weeklyAvailability(db: D1Database, q: BookingQuery, weekStart: string, timing?: Timing): Promise<DayAvailability> {
  let t = performance.now();
  const pq = await prepareQuery(db, q, (b) => weeklyDays(weekStart, b));
  if (timing) timing.db = performance.now() - t;
  t = performance.now();
  checkWindow(pq, weekStart, 'weekStartDate');
  const { from, to } = weeklyDays(weekStart, pq);
  const { availability, firstAvailable } = dayAvailability(pq.days(from, to), pq.req, pq.lastBookable);
  if (timing) timing.engine = performance.now() - t;
  const base = {
    first_available_date: firstAvailable,
    max_days: pq.catalogue.salon.check_ncob_availability_until,
    last_bookable_date: pq.lastBookable,
    earliest_date: pq.earliest,
  };
  if (!firstAvailable) return { ...base, availability, message: MSG_FULLY_BOOKED, slot_message: MSG_NO_SLOTS };
  if (firstAvailable > pq.lastBookable) {
    return { ...base, availability: { [MSG_EXCEEDS_MAX_DAYS]: false }, message: MSG_EXCEEDS_MAX_DAYS, slot_message: MSG_NO_SLOTS };
  }
  return { ...base, availability, message: null, slot_message: null };
}

/** The bookable start times of one day, keyed by local ISO time with offset. */
export async function slotsOn(db: D1Database, q: BookingQuery, date: string, timing?: Timing): Promise<DaySlots> {
  let t = performance.now();
  const pq = await prepareQuery(db, q, { from: date, to: date });
  if (timing) timing.db = performance.now() - t;
  t = performance.now();
  checkWindow(pq, date, 'date');
  const data: DaySlots['data'] = {};
  if (date >= pq.earliest && date <= pq.lastBookable) {
    const day = pq.days(date, date)[0]!;
    for (const s of daySlots(day, pq.req)) data[localIso(day, s.utc)] = { count: s.count, has_more: s.count > 1 };
  }
  if (timing) timing.engine = performance.now() - t;
  let message: string | null = null;
  if (Object.keys(data).length === 0) {
    if (date > pq.lastBookable) message = MSG_NO_SLOTS;
    else if (q.patchTime !== null && date < pq.earliest && date >= localDateOf(q.patchTime, pq.catalogue.salon.timezone)) {
      message = MSG_KEEP_SCROLLING;
    } else message = q.waitlist ? MSG_NO_SLOTS_WAITLIST : MSG_NO_SLOTS_ON_DATE;
  }
  return { data, message };
}

export type { StylistsAtTime } from '../../shared/availability';

/**
 * Staff selection once a time is chosen: for each service, the stylists who can take it at
 * that time (with the rest of the booking still fitting), and the assignment 'I don't mind'
 * would get. 409 when the time is no longer free.
 */
export async function stylistsAtTime(db: D1Database, q: BookingQuery, startIso: string): Promise<StylistsAtTime> {
  const utc = Date.parse(startIso);
  const date = startIso.slice(0, 10);
  const pq = await prepareQuery(db, q, { from: date, to: date });
  const day = pq.days(date, date)[0]!;
  const { possible, first } =
    date >= pq.earliest && date <= pq.lastBookable ? assignmentsAt(day, pq.req, utc) : { possible: [], first: null };
  if (!first) throw new AppError('CONFLICT', 'That time is no longer available. Please choose another time.', 'start_time');
  const { offers, stylists } = pq.catalogue;
  const option = (serviceId: number, stylistId: number): StylistOption => {
    const o = offers.find((x) => x.service_id === serviceId && x.stylist_id === stylistId)!;
    const st = stylists.get(stylistId)!;
    return {
      stylist_id: st.id,
      stylist_name: st.name,
      stylist_role: st.role,
      stylist_photo: st.photo,
      service_id: serviceId,
      price: toMajor(o.price),
      duration: o.duration,
      processing: o.processing,
    };
  };
  return {
    start_time: localIso(day, utc),
    services: (first as Assignment[]).map((a, i) => ({
      service_id: a.serviceId,
      start_time: localIso(day, a.start),
      available: [...possible[i]!].map((id) => option(a.serviceId, id)),
      assigned: option(a.serviceId, a.stylistId),
    })),
  };
}
