import { newId } from './ids';

/**
 * A new salon's rows, written in one batch in the database the directory chose (issue 49): the
 * salon, its owner's staff row (kept if they already have one there) and owner role, the first
 * stylist (the owner, in whose column the owner works) with the salon's hours, and the starter
 * menu, each service performed by that stylist. The salon has no admin key: its admin_key_hash
 * is a marker no key's SHA-256 can equal (not 64 hex digits) until its owner makes a key in the
 * console; the batch's other rows find the salon by it.
 */
export interface NewSalonRows {
  /** the id reserved for it (nextSalonId), already named by the directory */
  id: number;
  marker: string;
  name: string;
  email: string;
  phone: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  postcode: string;
  timezone: string;
  currency: string;
  country_code: string;
  /** JSON: seven lists of {open, close}, Sunday first */
  opening_hours: string;
  owner: { sub: string; email: string; name: string };
  /** the first stylist's working days (minutes from local midnight) */
  hours: { weekday: number; start: number; end: number }[];
  menu: { name: string; services: { name: string; minutes: number; price: number }[] }[];
}

const SALON = '(SELECT id FROM salons WHERE admin_key_hash = ?1)';
const STYLIST = `(SELECT id FROM stylists WHERE salon_id = ${SALON} AND position = 1)`;

export async function insertNewSalon(db: D1Database, s: NewSalonRows, now: number): Promise<number> {
  const statements: D1PreparedStatement[] = [
    // the reserved id, only while it is still the database's next (newId: its range, its floor)
    db
      .prepare(
        `INSERT INTO salons (id, admin_key_hash, name, email, phone, address_line_1, address_line_2, city, postcode,
           timezone, currency, country_code, opening_hours, setup_checklist)
         SELECT ?13, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 1 WHERE ?13 = ${newId('salons')}`,
      )
      .bind(
        s.marker,
        s.name,
        s.email,
        s.phone,
        s.address_line_1,
        s.address_line_2,
        s.city,
        s.postcode,
        s.timezone,
        s.currency,
        s.country_code,
        s.opening_hours,
        s.id,
      ),
    // a salon not written (its id taken meanwhile) fails the batch here: no stylist without its salon
    db
      .prepare(`INSERT INTO stylists (id, salon_id, name, role, position) VALUES (${newId('stylists')}, ${SALON}, ?2, 'Owner', 1)`)
      .bind(s.marker, s.owner.name),
    db
      .prepare(
        `INSERT INTO staff (id, sub, email, name, invited_at, joined_at) VALUES (${newId('staff')}, ?1, ?2, ?3, ?4, ?4)
         ON CONFLICT (email) DO UPDATE SET sub = excluded.sub WHERE sub <> excluded.sub`,
      )
      .bind(s.owner.sub, s.owner.email, s.owner.name, now),
    db
      .prepare(
        `INSERT INTO staff_roles (staff_id, salon_id, role, name, created_at, joined_at, stylist_id)
         SELECT st.id, ${SALON}, 'owner', ?4, ?3, ?3, ${STYLIST} FROM staff st WHERE st.sub = ?2`,
      )
      .bind(s.marker, s.owner.sub, now, s.owner.name),
    ...s.hours.map((h) =>
      db
        .prepare(`INSERT INTO stylist_hours (stylist_id, weekday, start_min, end_min) VALUES (${STYLIST}, ?2, ?3, ?4)`)
        .bind(s.marker, h.weekday, h.start, h.end),
    ),
  ];
  s.menu.forEach((category, c) => {
    statements.push(
      db
        .prepare(`INSERT INTO service_categories (id, salon_id, name, position) VALUES (${newId('service_categories')}, ${SALON}, ?2, ?3)`)
        .bind(s.marker, category.name, c + 1),
    );
    category.services.forEach((service, i) => {
      statements.push(
        db
          .prepare(
            `INSERT INTO services (id, salon_id, category_id, name, position)
             VALUES (${newId('services')}, ${SALON}, (SELECT id FROM service_categories WHERE salon_id = ${SALON} AND name = ?2), ?3, ?4)`,
          )
          .bind(s.marker, category.name, service.name, i + 1),
        db
          .prepare(
            `INSERT INTO stylist_services (stylist_id, service_id, price, duration)
             VALUES (${STYLIST}, (SELECT id FROM services WHERE salon_id = ${SALON} AND name = ?2), ?3, ?4)`,
          )
          .bind(s.marker, service.name, service.price, service.minutes),
      );
    });
  });
  statements.push(
    db
      .prepare(`SELECT s.id FROM salons s JOIN staff_roles r ON r.salon_id = s.id AND r.role = 'owner' WHERE s.admin_key_hash = ?1`)
      .bind(s.marker),
  );
  const results = await db.batch<{ id: number }>(statements);
  const id = results.at(-1)?.results[0]?.id;
  if (id === undefined) throw new Error('a new salon without its owner');
  return id;
}

/**
 * The id the next salon of `db` takes (newId's), reserved before its rows are written so that the
 * directory names it first (worker/console/new-salon.ts). Two sign-ups reading the same id at once
 * both name the same database for it; the second one's batch then writes no salon and fails on
 * its first stylist (isIdTaken), and it asks again.
 */
export const nextSalonId = async (db: D1Database) => (await db.prepare(`SELECT ${newId('salons')} AS id`).first<{ id: number }>())!.id;

/** The batch lost its reserved id to another new salon: its stylist found no salon (or, at worst, the key refused a second one). */
export const isIdTaken = (e: unknown) =>
  e instanceof Error && /NOT NULL constraint failed: stylists\.salon_id|UNIQUE constraint failed: salons\.id/.test(e.message);

/** An email is an owner of a salon (by its own role). */
export const ownsSalon = async (db: D1Database, email: string, salonId: number) =>
  (await db
    .prepare(
      "SELECT 1 AS ok FROM staff_roles r JOIN staff st ON st.id = r.staff_id WHERE r.salon_id = ? AND r.role = 'owner' AND st.email = ?",
    )
    .bind(salonId, email)
    .first()) !== null;

/** How many salons a database holds (the placement of a new one). */
export const salonCount = async (db: D1Database) => (await db.prepare('SELECT COUNT(*) AS n FROM salons').first<{ n: number }>())?.n ?? 0;
