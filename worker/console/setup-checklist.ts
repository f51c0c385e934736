import type { SetupItem, SetupKey } from '../../shared/console/setup';
import { SETUP_ITEMS } from '../../shared/console/setup';
import { setupFactsOf, type SetupFacts } from '../db/setup-checklist';

/** The salon's opening hours have an open day (an unreadable value counts as none). */
function opensOnADay(json: string | null): boolean {
  try {
    const week: unknown = JSON.parse(json ?? 'null');
    return Array.isArray(week) && week.some((day) => Array.isArray(day) && day.length > 0);
  } catch {
    return false;
  }
}

/** Each item, ticked from the salon's rows (docs/get-started.md "What is left"). */
export function setupItemsOf(f: SetupFacts): SetupItem[] {
  const hours = opensOnADay(f.opening_hours) && f.stylists_with_hours > 0;
  const done: Record<SetupKey, boolean> = {
    get_paid: f.charges_enabled === 1,
    services: f.services > 0,
    hours,
    photos: f.has_picture === 1,
    address: f.has_address === 1,
    team: f.team > 1,
    // as the booking page's robots rule (worker/edge/pages.ts): a service to book and opening hours
    search: f.services > 0 && opensOnADay(f.opening_hours),
    first_booking: f.bookings > 0,
  };
  return SETUP_ITEMS.map((key) => ({ key, done: done[key] }));
}

/**
 * Today's checklist of a new salon: null when the salon does not show it (made before the guided
 * set-up, or dismissed) or when every item is done.
 */
export async function setupChecklistOf(db: D1Database, salonId: number): Promise<SetupItem[] | null> {
  const facts = await setupFactsOf(db, salonId);
  if (!facts || facts.shown !== 1) return null;
  const items = setupItemsOf(facts);
  return items.every((i) => i.done) ? null : items;
}
