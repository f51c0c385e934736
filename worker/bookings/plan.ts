import { AppError } from '../errors';
import { assignmentsAt, freeRuns } from '../availability/engine';
import { prepareQuery } from '../availability/booking-query';
import type { Catalogue } from '../db/schedule';
import { MINUTE } from '../availability/calendar';
import { BLOCK_MS } from '../db/blocks';
import { assertWithinOpeningHours } from './opening-hours';

interface PlannedProcedure {
  serviceId: number;
  stylistId: number;
  start: number;
  /** the stylist is busy until here (processing time frees them) */
  end: number;
  price: number;
}

export interface Plan {
  catalogue: Catalogue;
  start: number;
  end: number;
  procedures: PlannedProcedure[];
  /** minor units, from the salon's own prices */
  total: number;
  /** each stylist's day (the salon's), as 5-minute blocks: its bounds and how many of them the stylist works */
  stylistDays: StylistDay[];
}

export interface StylistDay {
  stylistId: number;
  firstBlock: number;
  endBlock: number;
  workingBlocks: number;
}

const TIMES_CHANGED = 'The times of your booking no longer add up. Please choose your time again.';

/**
 * Checks a requested booking against the salon's data, from the server's own prices and
 * durations (never the client's): each stylist performs their service, the services follow one
 * another, and the time is within working hours and free of appointments.
 */
export async function planBooking(
  db: D1Database,
  q: {
    salonId: number;
    start: string;
    /** each service's start, checked when given (a salon may leave them to follow one another) */
    procedures: { service_id: number; stylist_id: number; start_time?: string }[];
    waitlist: boolean;
    now: number;
    holdId?: string | null;
    /**
     * a manager's desk booking at any time the stylists are free: not only the times offered
     * online (the stylists' blocks still refuse a taken time, in the booking's batch)
     */
    anyFreeTime?: boolean;
    /** the desk: a time outside the salon's opening hours is refused as such (online: as a time not available) */
    explainHours?: boolean;
  },
): Promise<Plan> {
  const serviceIds = q.procedures.map((p) => p.service_id);
  if (new Set(serviceIds).size !== serviceIds.length)
    throw new AppError('BAD_REQUEST', 'A service can only be booked once per appointment', 'procedures');
  const pq = await prepareQuery(
    db,
    {
      salonId: q.salonId,
      serviceIds,
      choices: q.procedures.map((p) => p.stylist_id),
      patchTime: null,
      waitlist: q.waitlist,
      now: q.now,
      holdId: q.holdId,
    },
    { from: q.start.slice(0, 10), to: q.start.slice(0, 10) },
  );
  const start = Date.parse(q.start);
  let at = start;
  const procedures = q.procedures.map((p) => {
    const offer = pq.catalogue.offers.find((o) => o.service_id === p.service_id && o.stylist_id === p.stylist_id)!;
    if (p.start_time !== undefined && Date.parse(p.start_time) !== at) throw new AppError('BAD_REQUEST', TIMES_CHANGED, 'procedures');
    const planned = { serviceId: p.service_id, stylistId: p.stylist_id, start: at, end: at + offer.duration * MINUTE, price: offer.price };
    at += (offer.duration + offer.processing) * MINUTE;
    return planned;
  });
  if (q.explainHours && !q.anyFreeTime) assertWithinOpeningHours(pq.catalogue.salon, start, at);
  const date = q.start.slice(0, 10);
  const fits =
    q.anyFreeTime ||
    (date >= pq.earliest && date <= pq.lastBookable && assignmentsAt(pq.days(date, date)[0]!, pq.req, start, 1).first !== null);
  if (!fits) throw new AppError('CONFLICT', 'That time is no longer available. Please choose another time.', 'start_time');
  const day = pq.days(date, date)[0]!;
  const stylistDays = [...new Set(procedures.map((p) => p.stylistId))].map((stylistId) => {
    const cal = pq.req.stylists.get(stylistId);
    const runs = cal ? freeRuns(day, cal, true) : null;
    const workingBlocks = runs ? runs.reduce((n, r, i) => (i < runs.length - 1 && r > 0 ? n + 1 : n), 0) : 0;
    return { stylistId, firstBlock: Math.floor(day.startUtc / BLOCK_MS), endBlock: Math.ceil(day.endUtc / BLOCK_MS), workingBlocks };
  });
  return { catalogue: pq.catalogue, start, end: at, procedures, total: procedures.reduce((t, p) => t + p.price, 0), stylistDays };
}
