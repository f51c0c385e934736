import type { MenuService, StylistOffer } from '../../shared/console/menu';
import { lastNewId, newId } from './ids';
import { menuHistoryStatement } from './settings-history';

/**
 * The salon's services in the console (issue 48; docs/console/services.md). What a change names
 * (a category, a stylist, a finishing service) is looked up inside its own statement as a scalar
 * that is NULL when it is not the salon's, live one: the NOT NULL column refuses it and the whole
 * batch with it (`refusedField` names the field), so no read-then-write decides it.
 */

interface ServiceRow {
  id: number;
  category_id: number;
  name: string;
  description: string;
  show: number;
  has_patch_test: number;
  variable_pricing: number;
  version: number;
  archived_at: number | null;
}

/**
 * The salon's live services in the menu's order (or one service, archived or not), each with who
 * performs it (active stylists) and its finishing services; `stylistId`: only the services that
 * stylist performs, with their own row only.
 */
export async function readServices(
  db: D1Database,
  salonId: number,
  o: { serviceId?: number; stylistId?: number | null } = {},
): Promise<MenuService[]> {
  const one = o.serviceId !== undefined;
  const [services, offers, recommended] = await db.batch([
    db
      .prepare(
        `SELECT s.id, s.category_id, s.name, s.description, s.show, s.has_patch_test, s.variable_pricing, s.version, s.archived_at
           FROM services s JOIN service_categories c ON c.id = s.category_id
          WHERE s.salon_id = ? AND ${one ? 's.id = ?' : 's.archived_at IS NULL'}
          ORDER BY c.position, c.id, s.position, s.id`,
      )
      .bind(salonId, ...(one ? [o.serviceId] : [])),
    db
      .prepare(
        `SELECT ss.service_id, ss.stylist_id, ss.price, ss.duration, ss.processing
           FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id AND st.active = 1
          WHERE st.salon_id = ? ORDER BY st.position, st.id`,
      )
      .bind(salonId),
    db
      .prepare(
        `SELECT r.service_id, r.recommended_service_id AS id FROM service_recommendations r
           JOIN services s ON s.id = r.service_id WHERE s.salon_id = ? ORDER BY r.recommended_service_id`,
      )
      .bind(salonId),
  ]);
  const offersOf = new Map<number, StylistOffer[]>();
  for (const r of offers!.results as (StylistOffer & { service_id: number })[]) {
    if (o.stylistId != null && r.stylist_id !== o.stylistId) continue;
    const { service_id, ...offer } = r;
    offersOf.set(service_id, [...(offersOf.get(service_id) ?? []), offer]);
  }
  const recommendedOf = new Map<number, number[]>();
  for (const r of recommended!.results as { service_id: number; id: number }[])
    recommendedOf.set(r.service_id, [...(recommendedOf.get(r.service_id) ?? []), r.id]);
  const placeIn = new Map<number, number>();
  const list = (services!.results as unknown as ServiceRow[]).map((r): MenuService => {
    const position = (placeIn.get(r.category_id) ?? 0) + 1;
    placeIn.set(r.category_id, position);
    return {
      id: r.id,
      category_id: r.category_id,
      name: r.name,
      description: r.description,
      online: r.show === 1,
      patch_test: r.has_patch_test === 1,
      variable_price: r.variable_pricing === 1,
      position,
      recommended: recommendedOf.get(r.id) ?? [],
      stylists: offersOf.get(r.id) ?? [],
      version: r.version,
      archived_at: r.archived_at === null ? null : new Date(r.archived_at).toISOString(),
    };
  });
  if (o.stylistId === undefined) return list;
  // a stylist reads the services they perform
  return list.filter((s) => s.stylists.length > 0);
}

/** The position a single service has among its category's live services (readServices numbers the list). */
export async function serviceOf(db: D1Database, salonId: number, serviceId: number, stylistId?: number | null) {
  const [one] = await readServices(db, salonId, { serviceId, stylistId });
  if (!one) return null;
  if (one.archived_at) return one;
  const sameCategory = (await readServices(db, salonId)).filter((s) => s.category_id === one.category_id);
  return { ...one, position: sameCategory.findIndex((s) => s.id === one.id) + 1 };
}

/** The salon's live ids of each kind a service may name, for per-field messages before a write. */
export async function menuRefs(db: D1Database, salonId: number) {
  const [categories, stylists, services] = await db.batch([
    db.prepare('SELECT id FROM service_categories WHERE salon_id = ? AND archived_at IS NULL').bind(salonId),
    db.prepare('SELECT id FROM stylists WHERE salon_id = ? AND active = 1').bind(salonId),
    db.prepare('SELECT id FROM services WHERE salon_id = ? AND archived_at IS NULL').bind(salonId),
  ]);
  const ids = (r: D1Result | undefined) => new Set((r!.results as { id: number }[]).map((x) => x.id));
  return { categories: ids(categories), stylists: ids(stylists), services: ids(services) };
}

interface Who {
  salonId: number;
  who: string;
  now: number;
}
type Cond = { sql: string; params: unknown[] };
const ALWAYS: Cond = { sql: '1', params: [] };

const liveCategory = '(SELECT id FROM service_categories WHERE id = ? AND salon_id = ? AND archived_at IS NULL)';
const activeStylist = '(SELECT id FROM stylists WHERE id = ? AND salon_id = ? AND active = 1)';
const liveService = '(SELECT id FROM services WHERE id = ? AND salon_id = ? AND archived_at IS NULL)';

/** Statements giving `serviceId` (SQL) these stylists' offers, under `cond` (a patch first clears the active stylists' rows). */
function offerStatements(
  db: D1Database,
  salonId: number,
  serviceId: { sql: string; params: unknown[] },
  offers: StylistOffer[],
  cond: Cond,
) {
  return offers.map((o) =>
    db
      .prepare(
        `INSERT INTO stylist_services (stylist_id, service_id, price, duration, processing)
         SELECT ${activeStylist}, ${serviceId.sql}, ?, ?, ? WHERE ${cond.sql}`,
      )
      .bind(o.stylist_id, salonId, ...serviceId.params, o.price, o.duration, o.processing, ...cond.params),
  );
}

function recommendationStatements(
  db: D1Database,
  salonId: number,
  serviceId: { sql: string; params: unknown[] },
  ids: number[],
  cond: Cond,
) {
  return ids.map((id) =>
    db
      .prepare(
        `INSERT INTO service_recommendations (service_id, recommended_service_id)
         SELECT ${serviceId.sql}, ${liveService} WHERE ${cond.sql}`,
      )
      .bind(...serviceId.params, id, salonId, ...cond.params),
  );
}

export interface ServiceFields {
  name: string;
  category_id: number;
  description: string;
  online: boolean;
  patch_test: boolean;
  variable_price: boolean;
  recommended: number[];
  stylists: StylistOffer[];
}

/** A new service at the end of its category; its id. Throws what `refusedField` names when a reference is not the salon's. */
export async function createService(db: D1Database, w: Who, s: ServiceFields, history: string): Promise<number> {
  const id = { sql: lastNewId('services'), params: [] };
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO services (id, salon_id, category_id, name, description, variable_pricing, has_patch_test, show, position)
         SELECT ${newId('services')}, ?, ${liveCategory}, ?, ?, ?, ?, ?,
                ifnull((SELECT MAX(position) FROM services WHERE category_id = ? AND archived_at IS NULL), 0) + 1
         RETURNING id`,
      )
      .bind(
        w.salonId,
        s.category_id,
        w.salonId,
        s.name,
        s.description,
        Number(s.variable_price),
        Number(s.patch_test),
        Number(s.online),
        s.category_id,
      ),
    ...offerStatements(db, w.salonId, id, s.stylists, ALWAYS),
    ...recommendationStatements(db, w.salonId, id, s.recommended, ALWAYS),
    menuHistoryStatement(db, w, { field: 'menu_service', old: null, new: history }, w.now, ALWAYS),
  ]);
  return (inserted!.results[0] as { id: number }).id;
}

const atVersion = (w: Who, serviceId: number, from: number): Cond => ({
  sql: 'EXISTS (SELECT 1 FROM services WHERE id = ? AND salon_id = ? AND version = ? AND archived_at IS NULL)',
  params: [serviceId, w.salonId, from],
});

/**
 * A service's change from version `from`: the fields as they will be, the category's order when
 * it moved (ids, first first), History's words before and after. False when it was stale.
 */
export async function patchService(
  db: D1Database,
  w: Who,
  serviceId: number,
  from: number,
  p: {
    fields: ServiceFields;
    stylists: boolean;
    recommended: boolean;
    order: number[] | null;
    history: { old: string; new: string } | null;
  },
): Promise<boolean> {
  const cond = atVersion(w, serviceId, from);
  const self = { sql: '?', params: [serviceId] };
  const f = p.fields;
  const results = await db.batch([
    ...(p.history ? [menuHistoryStatement(db, w, { field: 'menu_service', ...p.history }, w.now, cond)] : []),
    ...(p.stylists
      ? [
          db
            .prepare(
              `DELETE FROM stylist_services WHERE service_id = ? AND stylist_id IN (SELECT id FROM stylists WHERE salon_id = ? AND active = 1) AND ${cond.sql}`,
            )
            .bind(serviceId, w.salonId, ...cond.params),
          ...offerStatements(db, w.salonId, self, f.stylists, cond),
        ]
      : []),
    ...(p.recommended
      ? [
          db.prepare(`DELETE FROM service_recommendations WHERE service_id = ? AND ${cond.sql}`).bind(serviceId, ...cond.params),
          ...recommendationStatements(db, w.salonId, self, f.recommended, cond),
        ]
      : []),
    ...(p.order ?? [])
      .filter((id) => id !== serviceId)
      .map((id) =>
        db
          .prepare(`UPDATE services SET position = ? WHERE id = ? AND salon_id = ? AND ${cond.sql}`)
          .bind(p.order!.indexOf(id) + 1, id, w.salonId, ...cond.params),
      ),
    db
      .prepare(
        `UPDATE services SET name = ?, description = ?, show = ?, has_patch_test = ?, variable_pricing = ?,
                category_id = ${liveCategory}, position = ifnull(?, position), version = version + 1
          WHERE id = ? AND salon_id = ? AND version = ? AND archived_at IS NULL`,
      )
      .bind(
        f.name,
        f.description,
        Number(f.online),
        Number(f.patch_test),
        Number(f.variable_price),
        f.category_id,
        w.salonId,
        p.order ? p.order.indexOf(serviceId) + 1 : null,
        serviceId,
        w.salonId,
        from,
      ),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/**
 * Removes a service from version `from`. Nobody performs it any more and no service suggests it
 * (so the booking page, the group's picker and rebooking leave it out at once); a service any
 * appointment names (past, future, cancelled or held) is archived and keeps its row, so its
 * appointments, their history, texts and reports keep its name (their prices are their own); one
 * no appointment ever named is deleted outright. The database decides which, in one batch.
 */
export async function removeService(db: D1Database, w: Who, serviceId: number, from: number, history: string) {
  const cond = atVersion(w, serviceId, from);
  const named = 'EXISTS (SELECT 1 FROM appointment_procedures WHERE service_id = ?)';
  const results = await db.batch([
    menuHistoryStatement(db, w, { field: 'menu_service', old: history, new: null }, w.now, cond),
    db
      .prepare(`DELETE FROM service_recommendations WHERE (service_id = ? OR recommended_service_id = ?) AND ${cond.sql}`)
      .bind(serviceId, serviceId, ...cond.params),
    db.prepare(`DELETE FROM stylist_services WHERE service_id = ? AND ${cond.sql}`).bind(serviceId, ...cond.params),
    db
      .prepare(
        `UPDATE services SET archived_at = ?, show = 0, version = version + 1
          WHERE id = ? AND salon_id = ? AND version = ? AND archived_at IS NULL AND ${named}`,
      )
      .bind(w.now, serviceId, w.salonId, from, serviceId),
    db
      .prepare(`DELETE FROM services WHERE id = ? AND salon_id = ? AND version = ? AND archived_at IS NULL AND NOT ${named}`)
      .bind(serviceId, w.salonId, from, serviceId),
  ]);
  if (results[3]?.meta.changes) return 'archived' as const;
  if (results[4]?.meta.changes) return 'deleted' as const;
  return 'stale' as const;
}

/** The field a refused batch names (a reference that is not the salon's, live one), or null for another failure. */
export function refusedField(e: unknown): 'category_id' | 'stylists' | 'recommended' | null {
  const m = /NOT NULL constraint failed: (\w+)\.(\w+)/.exec(e instanceof Error ? e.message : '');
  if (!m) return null;
  if (m[1] === 'services' && m[2] === 'category_id') return 'category_id';
  if (m[1] === 'stylist_services') return 'stylists';
  if (m[1] === 'service_recommendations') return 'recommended';
  return null;
}
