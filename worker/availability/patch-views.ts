import { PATCH_TEST_MINUTES } from '../../shared/availability-messages';
import type { DayAvailability, PatchSlots } from '../../shared/availability';
import { MSG_FULLY_BOOKED, MSG_NO_SLOTS, MSG_NO_SLOTS_ON_DATE } from '../../shared/availability-messages';
import { salonExists } from '../db/salons';
import { patchTestServiceIds } from '../db/services';
import { AppError } from '../errors';
import { localIso } from './calendar';
import { dayAvailability, daySlots, freeRuns } from './engine';
import { prepareQuery, type PreparedQuery, type QueryWindow } from './booking-query';

/**
 * A patch test is a 5-minute appointment with any stylist who performs one of the salon's
 * patch-test services (or of `serviceIds`, when given).
 */
async function preparePatch(db: D1Database, salonId: number, serviceIds: number[] | null, now: number, window?: QueryWindow) {
  let ids = await patchTestServiceIds(db, salonId);
  if (serviceIds) ids = ids.filter((id) => serviceIds.includes(id));
  if (ids.length === 0) {
    if (!(await salonExists(db, salonId))) throw new AppError('NOT_FOUND', 'Salon not found');
    throw new AppError('BAD_REQUEST', 'None of these services needs a patch test', 'services');
  }
  const pq = await prepareQuery(
    db,
    { salonId, serviceIds: ids, choices: ids.map(() => null), patchTime: null, waitlist: false, now },
    window,
  );
  const testers = new Set(pq.catalogue.offers.map((o) => o.stylist_id));
  pq.req.steps = [{ serviceId: 0, options: new Map([...testers].map((id) => [id, { duration: PATCH_TEST_MINUTES, processing: 0 }])) }];
  pq.req.sameStylist = false;
  return pq;
}

function checkDate(pq: PreparedQuery, date: string) {
  if (date > pq.searchEnd) throw new AppError('BAD_REQUEST', 'date is beyond the days this salon takes bookings for', 'date');
}

export async function patchWeekly(
  db: D1Database,
  salonId: number,
  serviceIds: number[] | null,
  from: string,
  now: number,
): Promise<DayAvailability> {
  const days = (b: { earliest: string; searchEnd: string }) => ({ from: from > b.earliest ? from : b.earliest, to: b.searchEnd });
  const pq = await preparePatch(db, salonId, serviceIds, now, days);
  checkDate(pq, from);
  const start = days(pq).from;
  const { availability, firstAvailable } = dayAvailability(pq.days(start, pq.searchEnd), pq.req, pq.lastBookable);
  return {
    availability,
    first_available_date: firstAvailable,
    message: firstAvailable ? null : MSG_FULLY_BOOKED,
    slot_message: firstAvailable ? null : MSG_NO_SLOTS,
    max_days: pq.catalogue.salon.check_ncob_availability_until,
    last_bookable_date: pq.lastBookable,
    earliest_date: pq.earliest,
  };
}

/** Patch test times of a day, each with the stylist who would do it. */
export async function patchSlots(db: D1Database, salonId: number, date: string, now: number): Promise<PatchSlots> {
  const pq = await preparePatch(db, salonId, null, now, { from: date, to: date });
  checkDate(pq, date);
  const data: PatchSlots['data'] = {};
  if (date >= pq.earliest && date <= pq.lastBookable) {
    const day = pq.days(date, date)[0]!;
    const testers = [...pq.req.steps[0]!.options.keys()];
    const runs = testers.map((id) => [id, freeRuns(day, pq.req.stylists.get(id)!, false)] as const);
    for (const slot of daySlots(day, pq.req)) {
      const b = Math.round((slot.utc - day.startUtc) / 300_000);
      const who = runs.find(([, r]) => r && r[b]! >= 1)?.[0];
      if (who !== undefined) data[localIso(day, slot.utc)] = who;
    }
  }
  return { data, message: Object.keys(data).length ? null : MSG_NO_SLOTS_ON_DATE };
}
