import type { GroupNextTimes } from '../../shared/types';
import { prepareQuery } from '../availability/booking-query';
import { addDays, localIso } from '../availability/calendar';
import { daySlots, hasSlot } from '../availability/engine';
import { groupBookableServices } from '../db/services';

/** How far ahead the picker looks for each location's next time. */
export const NEXT_TIME_DAYS = 14;

/** The first bookable start of one service at one salon within NEXT_TIME_DAYS, as local ISO time, or null. */
async function nextTimeAt(db: D1Database, salonId: number, serviceId: number, now: number): Promise<string | null> {
  const q = { salonId, serviceIds: [serviceId], choices: [null], patchTime: null, waitlist: false, now, holdId: null };
  const pq = await prepareQuery(db, q, (b) => ({ from: b.earliest, to: addDays(b.earliest, NEXT_TIME_DAYS - 1) }));
  const last = addDays(pq.earliest, NEXT_TIME_DAYS - 1);
  for (const day of pq.days(pq.earliest, last < pq.lastBookable ? last : pq.lastBookable)) {
    if (!hasSlot(day, pq.req)) continue;
    const first = daySlots(day, pq.req)[0];
    if (first) return localIso(day, first.utc);
  }
  return null;
}

/**
 * Each visible location's next time for the service a campaign link names (by name, as each
 * location has its own ids; case and spaces ignored) or else the location's first service,
 * computed by the availability engine for the whole group in one call: one read of the group's
 * services, then the locations side by side (one round trip each, as an availability call).
 */
export async function groupNextTimes(
  locationsIn: D1Database[],
  groupId: number,
  serviceName: string | null,
  now: number,
): Promise<GroupNextTimes> {
  // each database that holds locations of the group (db/spanning.ts) is asked for its own
  const found = await Promise.all(locationsIn.map(async (db) => ({ db, services: await groupBookableServices(db, groupId) })));
  const wanted = serviceName?.trim().toLowerCase().replace(/\s+/g, ' ') || null;
  const bySalon = new Map<number, { db: D1Database; list: (typeof found)[number]['services'] }>();
  for (const { db, services } of found)
    for (const s of services) bySalon.set(s.salon_id, { db, list: [...(bySalon.get(s.salon_id)?.list ?? []), s] });
  const salons = await Promise.all(
    [...bySalon]
      .sort(([a], [b]) => a - b)
      .map(async ([id, { db, list }]) => {
        const chosen = (wanted && list.find((s) => s.name.toLowerCase().replace(/\s+/g, ' ') === wanted)) || list[0]!;
        const next = chosen.online_booking ? await nextTimeAt(db, id, chosen.id, now) : null;
        return { id, service: { id: chosen.id, name: chosen.name }, next };
      }),
  );
  return { salons };
}
