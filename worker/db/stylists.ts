import type { ExtraDay, StylistService, WeekdayHours } from '../../shared/console/stylists';
import { dayHoursOf, timeOf } from '../../shared/console/stylists';
import { breaksOf } from '../../shared/working-hours';
import { lastNewId, newId } from './ids';
import { menuHistoryStatement } from './settings-history';

/**
 * The salon's stylists in the console (issue 48; docs/console/stylists.md): the diary's columns,
 * what each performs, their weekly hours (any number of breaks) and extra working days. A change
 * is one batch, every statement under the condition that the stylist is still at the version it
 * started from and that their appointments to come are still the ones the change was checked
 * against (`futureKey`); a service named is looked up inside its own statement as a scalar that
 * is NULL when it is not the salon's, live one, so the NOT NULL column refuses the whole batch.
 */

/** Whether the stylist performs patch tests at the salon (does a service that needs one). */
export async function doesPatchTests(db: D1Database, salonId: number, stylistId: number): Promise<boolean> {
  const row = await db
    .prepare(
      'SELECT 1 AS ok FROM stylist_services ss JOIN services s ON s.id = ss.service_id WHERE s.salon_id = ? AND s.has_patch_test = 1 AND ss.stylist_id = ? LIMIT 1',
    )
    .bind(salonId, stylistId)
    .first();
  return row !== null;
}

/** What each active stylist of the salon charges for each service (minor units). */
export async function pricesAt(db: D1Database, salonId: number): Promise<{ service_id: number; stylist_id: number; price: number }[]> {
  const { results } = await db
    .prepare(
      'SELECT ss.service_id, ss.stylist_id, ss.price FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id WHERE st.salon_id = ? AND st.active = 1',
    )
    .bind(salonId)
    .all<{ service_id: number; stylist_id: number; price: number }>();
  return results;
}

/** The salon's working stylists by id and name (an import names them by name). */
export async function activeStylistNames(db: D1Database, salonId: number): Promise<{ id: number; name: string }[]> {
  const { results } = await db
    .prepare('SELECT id, name FROM stylists WHERE salon_id = ? AND active = 1')
    .bind(salonId)
    .all<{ id: number; name: string }>();
  return results;
}

/** A new working stylist column after the salon's last (an imported staff row: no sign-in until invited). */
export const appendStylistStatement = (db: D1Database, salonId: number, name: string, role: string) =>
  db
    .prepare(
      `INSERT INTO stylists (id, salon_id, name, role, position, active)
       VALUES (${newId('stylists')}, ?1, ?2, ?3, ifnull((SELECT max(position) FROM stylists WHERE salon_id = ?1), 0) + 1, 1)`,
    )
    .bind(salonId, name, role);

export interface StylistRow {
  id: number;
  name: string;
  title: string;
  active: boolean;
  staff_id: number | null;
  /** JSON {key, width, height} or null */
  photo: string | null;
  position: number;
  services: StylistService[];
  hours: WeekdayHours[];
  extra_days: ExtraDay[];
  version: number;
}

const breaksJson = (d: { breaks: { start: string; end: string }[] }) =>
  JSON.stringify(dayHoursOf({ start: '00:00', end: '24:00', ...d }).breaks);
const breaksOut = (json: string) => breaksOf(json).map(([s, e]) => ({ start: timeOf(s), end: timeOf(e) }));

/** The salon's stylists (or one), working ones first in the diary's order, then those who no longer take bookings. */
export async function readStylists(db: D1Database, salonId: number, o: { stylistId?: number } = {}): Promise<StylistRow[]> {
  const one = o.stylistId !== undefined ? 'AND st.id = ?' : '';
  const only = o.stylistId !== undefined ? [o.stylistId] : [];
  const [stylists, services, hours, extra] = await db.batch([
    db
      .prepare(
        `SELECT st.id, st.name, st.role AS title, st.active, st.photo, st.version,
                (SELECT r.staff_id FROM staff_roles r WHERE r.stylist_id = st.id) AS staff_id
           FROM stylists st WHERE st.salon_id = ? ${one} ORDER BY st.active DESC, st.position, st.id`,
      )
      .bind(salonId, ...only),
    db
      .prepare(
        `SELECT ss.stylist_id, ss.service_id, ss.price, ss.duration, ss.processing
           FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id
           JOIN services s ON s.id = ss.service_id AND s.archived_at IS NULL
           JOIN service_categories c ON c.id = s.category_id
          WHERE st.salon_id = ? ${one} ORDER BY c.position, c.id, s.position, s.id`,
      )
      .bind(salonId, ...only),
    db
      .prepare(
        `SELECT h.stylist_id, h.weekday, h.start_min, h.end_min, h.breaks FROM stylist_hours h JOIN stylists st ON st.id = h.stylist_id
          WHERE st.salon_id = ? ${one} ORDER BY h.weekday`,
      )
      .bind(salonId, ...only),
    db
      .prepare(
        `SELECT d.stylist_id, d.date, d.start_min, d.end_min, d.breaks FROM stylist_extra_days d JOIN stylists st ON st.id = d.stylist_id
          WHERE st.salon_id = ? ${one} ORDER BY d.date`,
      )
      .bind(salonId, ...only),
  ]);
  type DayRow = { stylist_id: number; start_min: number; end_min: number; breaks: string };
  const day = (r: DayRow) => ({ start: timeOf(r.start_min), end: timeOf(r.end_min), breaks: breaksOut(r.breaks) });
  const rows = stylists!.results as {
    id: number;
    name: string;
    title: string;
    active: number;
    photo: string | null;
    version: number;
    staff_id: number | null;
  }[];
  return rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    active: r.active === 1,
    staff_id: r.staff_id,
    photo: r.photo,
    position: o.stylistId !== undefined ? 0 : i + 1,
    services: (services!.results as (StylistService & { stylist_id: number })[])
      .filter((s) => s.stylist_id === r.id)
      .map(({ service_id, price, duration, processing }) => ({ service_id, price, duration, processing })),
    hours: (hours!.results as (DayRow & { weekday: number })[])
      .filter((h) => h.stylist_id === r.id)
      .map((h) => ({ weekday: h.weekday, ...day(h) })),
    extra_days: (extra!.results as (DayRow & { date: string })[])
      .filter((d) => d.stylist_id === r.id)
      .map((d) => ({ date: d.date, ...day(d) })),
    version: r.version,
  }));
}

/** One stylist with their place among the salon's (null: not the salon's). */
export async function stylistOf(db: D1Database, salonId: number, stylistId: number): Promise<StylistRow | null> {
  return (await readStylists(db, salonId)).find((s) => s.id === stylistId) ?? null;
}

/** The members of the salon's team with the stylist role (whose sign-in may work in a column). */
export async function stylistStaffOf(db: D1Database, salonId: number): Promise<Set<number>> {
  const { results } = await db
    .prepare("SELECT staff_id FROM staff_roles WHERE salon_id = ? AND role = 'stylist'")
    .bind(salonId)
    .all<{ staff_id: number }>();
  return new Set(results.map((r) => r.staff_id));
}

/** The salon's live service ids (what a stylist may perform). */
export async function liveServiceIds(db: D1Database, salonId: number): Promise<Set<number>> {
  const { results } = await db
    .prepare('SELECT id FROM services WHERE salon_id = ? AND archived_at IS NULL')
    .bind(salonId)
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

/** One part of an appointment to come in a stylist's column: what it is, when, for whom. */
export interface FutureProcedure {
  appointment_id: number;
  start_at: number;
  end_at: number;
  client_name: string | null;
  service_name: string;
}

/**
 * What a stylist's appointments to come are, as one string (each part's appointment, start and
 * end, in order): the change's batch runs only while it is the same as when the change was
 * checked, so a booking, move or cancellation meanwhile makes the change check again.
 */
const futureKeySql = `ifnull((SELECT group_concat(k, ',') FROM (
    SELECT p.appointment_id || '@' || p.start_at || '-' || p.end_at AS k FROM appointment_procedures p
     WHERE p.stylist_id = ? AND p.occupies = 1 AND p.end_at > ? ORDER BY p.appointment_id, p.start_at, p.end_at)), '')`;

export const futureKeyOf = (parts: FutureProcedure[]) =>
  [...parts]
    .sort((a, b) => a.appointment_id - b.appointment_id || a.start_at - b.start_at || a.end_at - b.end_at)
    .map((p) => `${p.appointment_id}@${p.start_at}-${p.end_at}`)
    .join(',');

/** A stylist's parts of appointments that end after `now` and still take their time (not cancelled or abandoned). */
export async function futureProcedures(db: D1Database, stylistId: number, now: number): Promise<FutureProcedure[]> {
  const { results } = await db
    .prepare(
      `SELECT p.appointment_id, p.start_at, p.end_at, COALESCE(NULLIF(c.name, ''), a.client_name) AS client_name,
              COALESCE(s.name, 'Patch test') AS service_name
         FROM appointment_procedures p JOIN appointments a ON a.id = p.appointment_id
         LEFT JOIN clients c ON c.id = a.client_id LEFT JOIN services s ON s.id = p.service_id
        WHERE p.stylist_id = ? AND p.occupies = 1 AND p.end_at > ? ORDER BY p.appointment_id, p.start_at, p.end_at`,
    )
    .bind(stylistId, now)
    .all<FutureProcedure>();
  return results;
}

interface Who {
  salonId: number;
  who: string;
  now: number;
}
type Cond = { sql: string; params: unknown[] };
const ALWAYS: Cond = { sql: '1', params: [] };

const liveService = '(SELECT id FROM services WHERE id = ? AND salon_id = ? AND archived_at IS NULL)';

/** The rows of a stylist's services, hours and extra days; `stylist` is SQL for their id. */
function listStatements(
  db: D1Database,
  salonId: number,
  stylist: Cond,
  l: { services?: StylistService[]; hours?: WeekdayHours[]; extra_days?: ExtraDay[] },
  cond: Cond,
  replace: boolean,
) {
  const clear = (table: string) =>
    replace
      ? [db.prepare(`DELETE FROM ${table} WHERE stylist_id = ${stylist.sql} AND ${cond.sql}`).bind(...stylist.params, ...cond.params)]
      : [];
  return [
    ...(l.services
      ? [
          ...clear('stylist_services'),
          ...l.services.map((s) =>
            db
              .prepare(
                `INSERT INTO stylist_services (stylist_id, service_id, price, duration, processing)
                 SELECT ${stylist.sql}, ${liveService}, ?, ?, ? WHERE ${cond.sql}`,
              )
              .bind(...stylist.params, s.service_id, salonId, s.price, s.duration, s.processing, ...cond.params),
          ),
        ]
      : []),
    ...(l.hours
      ? [
          ...clear('stylist_hours'),
          ...l.hours.map((h) => {
            const d = dayHoursOf(h);
            return db
              .prepare(
                `INSERT INTO stylist_hours (stylist_id, weekday, start_min, end_min, breaks) SELECT ${stylist.sql}, ?, ?, ?, ? WHERE ${cond.sql}`,
              )
              .bind(...stylist.params, h.weekday, d.start, d.end, breaksJson(h), ...cond.params);
          }),
        ]
      : []),
    ...(l.extra_days
      ? [
          ...clear('stylist_extra_days'),
          ...l.extra_days.map((x) => {
            const d = dayHoursOf(x);
            return db
              .prepare(
                `INSERT INTO stylist_extra_days (stylist_id, date, start_min, end_min, breaks) SELECT ${stylist.sql}, ?, ?, ?, ? WHERE ${cond.sql}`,
              )
              .bind(...stylist.params, x.date, d.start, d.end, breaksJson(x), ...cond.params);
          }),
        ]
      : []),
  ];
}

/** Links the column to a member of the team (or none): whoever had it lets it go; a member with no stylist role is not linked. */
function linkStatements(db: D1Database, salonId: number, stylist: Cond, staffId: number | null, cond: Cond) {
  return [
    db
      .prepare(`UPDATE staff_roles SET stylist_id = NULL WHERE salon_id = ? AND stylist_id = ${stylist.sql} AND ${cond.sql}`)
      .bind(salonId, ...stylist.params, ...cond.params),
    ...(staffId === null
      ? []
      : [
          db
            .prepare(
              `UPDATE staff_roles SET stylist_id = ${stylist.sql} WHERE staff_id = ? AND salon_id = ? AND role = 'stylist' AND ${cond.sql}`,
            )
            .bind(...stylist.params, staffId, salonId, ...cond.params),
        ]),
  ];
}

export interface StylistFields {
  name: string;
  title: string;
  active: boolean;
  staff_id: number | null;
  services: StylistService[];
  hours: WeekdayHours[];
  extra_days: ExtraDay[];
}

/** A new stylist at the end of the salon's list; its id. Throws what `refusedStylistField` names when a service is not the salon's. */
export async function createStylist(db: D1Database, w: Who, s: StylistFields, history: string): Promise<number> {
  const id = { sql: lastNewId('stylists'), params: [] };
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO stylists (id, salon_id, name, role, active, position)
         SELECT ${newId('stylists')}, ?, ?, ?, ?, ifnull((SELECT MAX(position) FROM stylists WHERE salon_id = ?), 0) + 1
         RETURNING id`,
      )
      .bind(w.salonId, s.name, s.title, Number(s.active), w.salonId),
    ...listStatements(db, w.salonId, id, s, ALWAYS, false),
    ...(s.staff_id === null ? [] : linkStatements(db, w.salonId, id, s.staff_id, ALWAYS)),
    menuHistoryStatement(db, w, { field: 'menu_stylist', old: null, new: history }, w.now, ALWAYS),
  ]);
  return (inserted!.results[0] as { id: number }).id;
}

/**
 * A stylist's change from version `from`, while their appointments to come are still `futureKey`
 * (as of `w.now`): the fields as they will be (the lists only when sent), the salon's order when
 * it moved (ids, first first), History's words. False when either moved on meanwhile.
 */
export async function patchStylist(
  db: D1Database,
  w: Who,
  stylistId: number,
  from: number,
  futureKey: string,
  p: {
    fields: StylistFields;
    lists: { services?: StylistService[]; hours?: WeekdayHours[]; extra_days?: ExtraDay[] };
    link: boolean;
    order: number[] | null;
    history: { old: string; new: string } | null;
  },
): Promise<boolean> {
  const cond: Cond = {
    sql: `EXISTS (SELECT 1 FROM stylists WHERE id = ? AND salon_id = ? AND version = ?) AND ${futureKeySql} = ?`,
    params: [stylistId, w.salonId, from, stylistId, w.now, futureKey],
  };
  const self = { sql: '?', params: [stylistId] };
  const f = p.fields;
  const results = await db.batch([
    ...(p.history ? [menuHistoryStatement(db, w, { field: 'menu_stylist', ...p.history }, w.now, cond)] : []),
    ...listStatements(db, w.salonId, self, p.lists, cond, true),
    ...(p.link ? linkStatements(db, w.salonId, self, f.staff_id, cond) : []),
    ...(p.order ?? [])
      .filter((id) => id !== stylistId)
      .map((id) =>
        db
          .prepare(`UPDATE stylists SET position = ? WHERE id = ? AND salon_id = ? AND ${cond.sql}`)
          .bind(p.order!.indexOf(id) + 1, id, w.salonId, ...cond.params),
      ),
    db
      .prepare(
        `UPDATE stylists SET name = ?, role = ?, active = ?, position = ifnull(?, position), version = version + 1
          WHERE id = ? AND salon_id = ? AND ${cond.sql}`,
      )
      .bind(f.name, f.title, Number(f.active), p.order ? p.order.indexOf(stylistId) + 1 : null, stylistId, w.salonId, ...cond.params),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/** The field a refused batch names (a service that is not the salon's live one, a column linked meanwhile), or null. */
export function refusedStylistField(e: unknown): 'services' | 'staff_id' | null {
  const msg = e instanceof Error ? e.message : String(e);
  if (/NOT NULL constraint failed: stylist_services\./.test(msg)) return 'services';
  if (msg.includes('UNIQUE') && msg.includes('stylist_id')) return 'staff_id';
  return null;
}
