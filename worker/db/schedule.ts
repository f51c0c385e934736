import { BLOCK_MS, intervalsOf, PENDING_TTL_MS } from './blocks';
import { storedImageUrl } from './media';

/** A stylist's working hours on one weekday (minutes from local midnight), as the engine reads them. */
interface DayHours {
  start: number;
  end: number;
  breakStart: number | null;
  breakEnd: number | null;
}

/** One stylist's hours by weekday, days off and busy intervals (UTC ms, sorted by start). */
interface Calendar {
  id: number;
  hours: (DayHours | undefined)[];
  daysOff: Set<string>;
  busy: [number, number][];
}

interface SalonRules {
  id: number;
  timezone: string;
  skip_today: number;
  book_ncob_with_same: number;
  check_ncob_availability_until: number;
  slot_interval: number;
  has_waitlist: number;
  needs_card: number;
  /** JSON: null, {type: 'percentage', value} or {type: 'fixed', amount} */
  ncob_deposit_settings: string;
  currency: string;
}

interface StylistInfo {
  id: number;
  name: string;
  role: string;
  /** the photo's URL (/media/...), or null */
  photo: string | null;
}

export interface Offer {
  stylist_id: number;
  service_id: number;
  price: number;
  duration: number;
  processing: number;
}

export interface Catalogue {
  salon: SalonRules;
  services: Map<number, { id: number; name: string; has_patch_test: boolean }>;
  stylists: Map<number, StylistInfo>;
  offers: Offer[];
}

/** The salon's rules, its active stylists and who performs which of `serviceIds` (one round trip). */
export async function loadCatalogue(db: D1Database, salonId: number, serviceIds: number[]): Promise<Catalogue | null> {
  const ids = serviceIds.length ? serviceIds : [0];
  const marks = ids.map(() => '?').join(',');
  const [salon, services, stylists, offers] = await db.batch([
    db
      .prepare(
        'SELECT id, timezone, skip_today, book_ncob_with_same, check_ncob_availability_until, slot_interval, has_waitlist, needs_card, ncob_deposit_settings, currency FROM salons WHERE id = ?',
      )
      .bind(salonId),
    db.prepare(`SELECT id, name, has_patch_test FROM services WHERE salon_id = ? AND id IN (${marks})`).bind(salonId, ...ids),
    db.prepare('SELECT id, name, role, photo FROM stylists WHERE salon_id = ? AND active = 1 ORDER BY position, id').bind(salonId),
    db
      .prepare(
        `SELECT ss.stylist_id, ss.service_id, ss.price, ss.duration, ss.processing
           FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id AND st.active = 1
          WHERE st.salon_id = ? AND ss.service_id IN (${marks})
          ORDER BY st.position, st.id`,
      )
      .bind(salonId, ...ids),
  ]);
  const s = salon!.results[0] as SalonRules | undefined;
  if (!s) return null;
  return {
    salon: s,
    services: new Map(
      (services!.results as { id: number; name: string; has_patch_test: number }[]).map((r) => [
        r.id,
        { id: r.id, name: r.name, has_patch_test: !!r.has_patch_test },
      ]),
    ),
    stylists: new Map((stylists!.results as StylistInfo[]).map((r) => [r.id, { ...r, photo: storedImageUrl(r.photo) }])),
    offers: offers!.results as Offer[],
  };
}

/** Hours, days off and busy intervals of `stylistIds` between two instants (one round trip). */
export async function loadCalendars(
  db: D1Database,
  salonId: number,
  stylistIds: number[],
  range: { fromUtc: number; toUtc: number; fromDate: string; toDate: string },
  holds: { now: number; own: string | null; ignoreAppointment?: number | null } = { now: Date.now(), own: null },
): Promise<Map<number, Calendar>> {
  const ids = stylistIds.length ? stylistIds : [0];
  const marks = ids.map(() => '?').join(',');
  const [hours, daysOff, busy, held] = await db.batch([
    db
      .prepare(`SELECT stylist_id, weekday, start_min, end_min, break_start, break_end FROM stylist_hours WHERE stylist_id IN (${marks})`)
      .bind(...ids),
    db
      .prepare(`SELECT stylist_id, date FROM stylist_days_off WHERE stylist_id IN (${marks}) AND date BETWEEN ? AND ?`)
      .bind(...ids, range.fromDate, range.toDate),
    db
      .prepare(
        `SELECT p.stylist_id, p.start_at, p.end_at FROM appointment_procedures p
          WHERE p.salon_id = ? AND p.occupies = 1 AND p.start_at < ? AND p.end_at > ? AND p.stylist_id IN (${marks})
            -- a pending appointment whose deposit was abandoned no longer takes the time
            AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.id = p.appointment_id AND a.status = 'pending' AND a.created_at <= ?)
            -- a booking being moved does not stand in its own way
            AND p.appointment_id IS NOT ?
          ORDER BY p.start_at`,
      )
      .bind(salonId, range.toUtc, range.fromUtc, ...ids, holds.now - PENDING_TTL_MS, holds.ignoreAppointment ?? null),
    // Other clients' live holds are taken too; the client's own hold is not.
    db
      .prepare(
        `SELECT stylist_id, block FROM stylist_blocks
          WHERE hold_id IS NOT NULL AND expires_at > ? AND hold_id IS NOT ? AND block >= ? AND block < ? AND stylist_id IN (${marks})
          ORDER BY stylist_id, block`,
      )
      .bind(holds.now, holds.own, Math.floor(range.fromUtc / BLOCK_MS), Math.ceil(range.toUtc / BLOCK_MS), ...ids),
  ]);
  const calendars = new Map<number, Calendar>();
  for (const id of stylistIds) calendars.set(id, { id, hours: [], daysOff: new Set(), busy: [] });
  for (const h of hours!.results as {
    stylist_id: number;
    weekday: number;
    start_min: number;
    end_min: number;
    break_start: number | null;
    break_end: number | null;
  }[]) {
    calendars.get(h.stylist_id)!.hours[h.weekday] = {
      start: h.start_min,
      end: h.end_min,
      breakStart: h.break_start,
      breakEnd: h.break_end,
    };
  }
  for (const d of daysOff!.results as { stylist_id: number; date: string }[]) calendars.get(d.stylist_id)!.daysOff.add(d.date);
  for (const b of busy!.results as { stylist_id: number; start_at: number; end_at: number }[]) {
    calendars.get(b.stylist_id)!.busy.push([b.start_at, b.end_at]);
  }
  const heldBy = new Map<number, number[]>();
  for (const h of held!.results as { stylist_id: number; block: number }[]) {
    if (!heldBy.has(h.stylist_id)) heldBy.set(h.stylist_id, []);
    heldBy.get(h.stylist_id)!.push(h.block);
  }
  for (const [id, blocks] of heldBy) {
    const cal = calendars.get(id)!;
    cal.busy.push(...intervalsOf(blocks));
    cal.busy.sort((a, b) => a[0] - b[0]);
  }
  return calendars;
}
