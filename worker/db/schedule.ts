import { storedImageUrl } from './media';

/** The catalogue side of availability: a salon's rules, stylists and who performs what. */

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
  /** JSON: the salon's opening hours (seven lists, Sunday first), or null: bound by its stylists' hours only */
  opening_hours: string | null;
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

/** The statements of a catalogue: the salon's rules, its active stylists and who performs which of `serviceIds`. */
export function catalogueStatements(db: D1Database, salonId: number, serviceIds: number[]): D1PreparedStatement[] {
  const ids = serviceIds.length ? serviceIds : [0];
  const marks = ids.map(() => '?').join(',');
  return [
    db
      .prepare(
        'SELECT id, timezone, skip_today, book_ncob_with_same, check_ncob_availability_until, slot_interval, has_waitlist, needs_card, ncob_deposit_settings, currency, opening_hours FROM salons WHERE id = ?',
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
  ];
}

/** The catalogue from the results of catalogueStatements (in order); null when there is no such salon. */
export function catalogueOf([salon, services, stylists, offers]: D1Result[]): Catalogue | null {
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

/** The salon's rules, its active stylists and who performs which of `serviceIds` (one round trip). */
export async function loadCatalogue(db: D1Database, salonId: number, serviceIds: number[]): Promise<Catalogue | null> {
  return catalogueOf(await db.batch(catalogueStatements(db, salonId, serviceIds)));
}
