import { PATCH_LEAD_HOURS, SEARCH_DAYS } from '../../shared/availability-messages';
import { AppError } from '../errors';
import { addDays, HOUR, localDateOf, salonDays, type SalonDay } from './calendar';
import { mergeIntervals, type AvailabilityRequest } from './engine';
import { loadBookingCalendars, loadCalendars, type CalendarRange } from '../db/calendars';
import type { Catalogue } from '../db/schedule';
import { stepsFor } from './steps';
import { storedHours, weekMinutes, type WeekMinutes } from '../../shared/opening-hours';

/** The salon's opening hours as the engine bounds times with them (null: none set, the stylists' hours only). */
function openingsOf(stored: string | null): WeekMinutes | null {
  const week = storedHours(stored);
  return week ? weekMinutes(week) : null;
}

export interface BookingQuery {
  salonId: number;
  serviceIds: number[];
  /** per service: a stylist id, or null for 'I don't mind' */
  choices: (number | null)[];
  /** the chosen patch test time (UTC ms), when the client takes one first */
  patchTime: number | null;
  waitlist: boolean;
  now: number;
  /** the client's own hold (its times stay bookable for it) */
  holdId?: string | null;
  /** a booking being moved: its own times do not count as taken */
  ignoreAppointment?: number | null;
}

export interface PreparedQuery {
  catalogue: Catalogue;
  req: AvailabilityRequest;
  today: string;
  /** the first date a booking may be on (tomorrow with skip_today, 2 days after a patch test) */
  earliest: string;
  /** the last date the salon accepts bookings for (check_ncob_availability_until) */
  lastBookable: string;
  /** the end of the search: 181 days from today, or the salon's horizon when that is further */
  searchEnd: string;
  days: (from: string, to: string) => SalonDay[];
}

/** The salon dates a call computes (inclusive): fixed, or chosen once the salon's bounds are known. */
export type QueryWindow =
  { from: string; to: string } | ((bounds: { earliest: string; searchEnd: string }) => { from: string; to: string });

const HOURS_AHEAD_OF_UTC = 14;
const HOURS_BEHIND_UTC = 12;

/**
 * The days to read before the salon's timezone and rules are known, so that its catalogue and
 * calendars come in one round trip: a fixed window's own dates (as instants, wide enough for any
 * timezone); a window chosen from the salon's bounds, with an earliest day from yesterday (UTC)
 * and a search of 181 days, and 3 days to spare (skip_today, the timezone).
 */
function guessedRange(window: QueryWindow | undefined, now: number): CalendarRange {
  const utcToday = new Date(now).toISOString().slice(0, 10);
  let days: { from: string; to: string };
  if (window && typeof window !== 'function') days = window;
  else {
    const bounds = { earliest: addDays(utcToday, -1), searchEnd: addDays(utcToday, SEARCH_DAYS) };
    const chosen = window ? window(bounds) : { from: bounds.earliest, to: bounds.searchEnd };
    days = { from: chosen.from, to: addDays(chosen.to, 3) };
  }
  return {
    fromUtc: Date.parse(`${days.from}T00:00:00Z`) - HOURS_AHEAD_OF_UTC * HOUR,
    toUtc: Date.parse(`${addDays(days.to, 1)}T00:00:00Z`) + HOURS_BEHIND_UTC * HOUR,
    fromDate: days.from,
    toDate: days.to,
  };
}

const covers = (a: CalendarRange, b: CalendarRange) =>
  a.fromUtc <= b.fromUtc && a.toUtc >= b.toUtc && a.fromDate <= b.fromDate && a.toDate >= b.toDate;

/**
 * Checks the services and stylists against the salon and loads what the engine needs for the
 * days of `window` (by default the whole search, earliest to searchEnd): the busy times of
 * those days only, of the stylists who may take the services.
 */
export async function prepareQuery(db: D1Database, q: BookingQuery, window?: QueryWindow): Promise<PreparedQuery> {
  const holds = { now: q.now, own: q.holdId ?? null, ignoreAppointment: q.ignoreAppointment ?? null };
  const guess = guessedRange(window, q.now);
  const loaded = await loadBookingCalendars(db, q, guess, holds);
  const { catalogue } = loaded;
  if (!catalogue) throw new AppError('NOT_FOUND', 'Salon not found');
  for (const [i, id] of q.serviceIds.entries()) {
    const service = catalogue.services.get(id);
    if (!service) throw new AppError('NOT_FOUND', `Service ${id} is not offered by this salon`, 'services');
    const performers = catalogue.offers.filter((o) => o.service_id === id);
    if (performers.length === 0) throw new AppError('BAD_REQUEST', `${service.name} cannot be booked online`, 'services');
    const choice = q.choices[i];
    if (choice != null) {
      const stylist = catalogue.stylists.get(choice);
      if (!stylist) throw new AppError('NOT_FOUND', `Stylist ${choice} does not work at this salon`, 'stylists');
      if (!performers.some((o) => o.stylist_id === choice)) {
        throw new AppError('BAD_REQUEST', `${stylist.name} does not perform ${service.name}`, 'stylists');
      }
    }
  }
  const { salon } = catalogue;
  const tz = salon.timezone;
  const today = localDateOf(q.now, tz);
  let earliest = salon.skip_today ? addDays(today, 1) : today;
  let notBefore = q.now;
  if (q.patchTime !== null) {
    // The appointment must be at least 48 real hours after the patch test, and the search
    // starts 2 days after it.
    notBefore = Math.max(notBefore, q.patchTime + PATCH_LEAD_HOURS * HOUR);
    const afterPatch = addDays(localDateOf(q.patchTime, tz), 2);
    if (afterPatch > earliest) earliest = afterPatch;
  }
  // The last day the salon takes bookings for; the search covers at least 181 days (to find a
  // first free day beyond a short horizon) and at most a year.
  const lastBookable = addDays(today, salon.check_ncob_availability_until);
  const searchEnd = addDays(today, Math.max(SEARCH_DAYS - 1, Math.min(salon.check_ncob_availability_until, 365)));
  const steps = stepsFor(catalogue.offers, q.serviceIds, q.choices);
  const stylistIds = [...new Set(steps.flatMap((s) => [...s.options.keys()]))];
  const { from, to } = typeof window === 'function' ? window({ earliest, searchEnd }) : (window ?? { from: earliest, to: searchEnd });
  const span = salonDays(from, 1, tz)[0]!;
  const range = { fromUtc: span.startUtc, toUtc: salonDays(to, 1, tz)[0]!.endUtc, fromDate: from, toDate: to };
  // The days read with the catalogue cover these days but for a far patch test or a horizon
  // beyond 181 days: then they are read again, exactly.
  const stylists = covers(guess, range) ? loaded.calendars : await loadCalendars(db, q, range, holds);
  for (const id of stylistIds) if (!stylists.has(id)) stylists.set(id, { id, hours: [], extraDays: new Map(), busy: [], away: [] });
  // the engine wants each stylist's absence sorted and disjoint (time off and blocks may overlap)
  for (const cal of stylists.values()) if (cal.away.length > 1) cal.away = mergeIntervals(cal.away);
  return {
    catalogue,
    req: {
      steps,
      stylists,
      sameStylist: !!salon.book_ncob_with_same,
      intervalMin: salon.slot_interval,
      notBefore,
      ignoreBusy: q.waitlist,
      openings: openingsOf(salon.opening_hours),
    },
    today,
    earliest,
    lastBookable,
    searchEnd,
    days: (a, b) => salonDays(a, Math.max(0, Math.round((Date.parse(b) - Date.parse(a)) / (24 * HOUR))) + 1, tz),
  };
}
