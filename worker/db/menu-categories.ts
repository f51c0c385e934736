import type { MenuCategory } from '../../shared/console/menu';
import { newId } from './ids';
import { menuHistoryStatement } from './settings-history';

/**
 * The salon's categories in the console (issue 48; docs/console/services.md). Each change names
 * the version it started from: its statements run in one batch, each under the condition that
 * the category is still at that version, the last one making the next version; none changed
 * means stale (or gone). History's row is written in the same batch, under the same condition.
 */

interface CategoryRow {
  id: number;
  name: string;
  version: number;
  services: number;
}

/** The salon's live categories in order, each with how many live services it holds. */
export async function listCategories(db: D1Database, salonId: number): Promise<MenuCategory[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id, c.name, c.version,
              (SELECT COUNT(*) FROM services s WHERE s.category_id = c.id AND s.archived_at IS NULL) AS services
         FROM service_categories c
        WHERE c.salon_id = ? AND c.archived_at IS NULL
        ORDER BY c.position, c.id`,
    )
    .bind(salonId)
    .all<CategoryRow>();
  return results.map((r, i) => ({ ...r, position: i + 1 }));
}

export const categoryOf = async (db: D1Database, salonId: number, categoryId: number) =>
  (await listCategories(db, salonId)).find((c) => c.id === categoryId) ?? null;

interface Who {
  salonId: number;
  who: string;
  now: number;
}

/** A new category at the end of the list; its id. */
export async function createCategory(db: D1Database, w: Who, name: string): Promise<number> {
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO service_categories (id, salon_id, name, position)
         SELECT ${newId('service_categories')}, ?1, ?2,
                ifnull((SELECT MAX(position) FROM service_categories WHERE salon_id = ?1), 0) + 1
         RETURNING id`,
      )
      .bind(w.salonId, name),
    menuHistoryStatement(db, w, { field: 'menu_category', old: null, new: name }, w.now, { sql: '1', params: [] }),
  ]);
  return (inserted!.results[0] as { id: number }).id;
}

/** The condition every statement of a change runs under: the category still live at `from`. */
const atVersion = (w: Who, categoryId: number, from: number) => ({
  sql: 'EXISTS (SELECT 1 FROM service_categories WHERE id = ? AND salon_id = ? AND version = ? AND archived_at IS NULL)',
  params: [categoryId, w.salonId, from],
});

/** Statements giving the salon's live categories the positions of `order` (ids, first first), under `cond`. */
function reorderStatements(db: D1Database, salonId: number, order: number[], cond: { sql: string; params: unknown[] }) {
  return order.map((id, i) =>
    db
      .prepare(`UPDATE service_categories SET position = ? WHERE id = ? AND salon_id = ? AND ${cond.sql}`)
      .bind(i + 1, id, salonId, ...cond.params),
  );
}

/** Moves `id` to `position` (1 is the first) in `ids`. */
export function movedTo(ids: number[], id: number, position: number): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.min(Math.max(position, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** Renames and/or moves a category from version `from`: false when it was stale. */
export async function patchCategory(
  db: D1Database,
  w: Who,
  current: MenuCategory,
  all: MenuCategory[],
  from: number,
  change: { name?: string; position?: number },
): Promise<boolean> {
  const cond = atVersion(w, current.id, from);
  const name = change.name ?? current.name;
  const order =
    change.position === undefined
      ? null
      : movedTo(
          all.map((c) => c.id),
          current.id,
          change.position,
        );
  const moved = order !== null && order.indexOf(current.id) + 1 !== current.position;
  const history = [
    ...(name !== current.name ? [{ old: current.name, new: name }] : []),
    ...(moved ? [{ old: `${name}: place ${current.position}`, new: `${name}: place ${order.indexOf(current.id) + 1}` }] : []),
  ];
  const results = await db.batch([
    ...history.map((h) => menuHistoryStatement(db, w, { field: 'menu_category', ...h }, w.now, cond)),
    ...(moved ? reorderStatements(db, w.salonId, order, cond) : []),
    db
      .prepare(
        'UPDATE service_categories SET name = ?, version = version + 1 WHERE id = ? AND salon_id = ? AND version = ? AND archived_at IS NULL',
      )
      .bind(name, current.id, w.salonId, from),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/**
 * Removes an empty category from version `from`: deleted when it never held a service, archived
 * when it holds archived ones only (they keep naming it). 'stale', or 'not_empty' while it holds
 * a live service (the database decides: a service added meanwhile keeps it).
 */
export async function removeCategory(
  db: D1Database,
  w: Who,
  current: MenuCategory,
  from: number,
): Promise<'removed' | 'stale' | 'not_empty'> {
  const empty = 'NOT EXISTS (SELECT 1 FROM services WHERE category_id = ? AND archived_at IS NULL)';
  const cond = atVersion(w, current.id, from);
  const when = { sql: `${cond.sql} AND ${empty}`, params: [...cond.params, current.id] };
  const results = await db.batch([
    menuHistoryStatement(db, w, { field: 'menu_category', old: current.name, new: null }, w.now, when),
    db
      .prepare(
        `UPDATE service_categories SET archived_at = ?, version = version + 1
          WHERE id = ? AND salon_id = ? AND version = ? AND archived_at IS NULL AND ${empty}
            AND EXISTS (SELECT 1 FROM services WHERE category_id = ?)`,
      )
      .bind(w.now, current.id, w.salonId, from, current.id, current.id),
    db
      .prepare(
        `DELETE FROM service_categories
          WHERE id = ? AND salon_id = ? AND version = ? AND archived_at IS NULL AND NOT EXISTS (SELECT 1 FROM services WHERE category_id = ?)`,
      )
      .bind(current.id, w.salonId, from, current.id),
  ]);
  if ((results[1]?.meta.changes ?? 0) + (results[2]?.meta.changes ?? 0) > 0) return 'removed';
  const now = await db
    .prepare(
      `SELECT version, EXISTS (SELECT 1 FROM services WHERE category_id = ?1 AND archived_at IS NULL) AS live
         FROM service_categories WHERE id = ?1`,
    )
    .bind(current.id)
    .first<{ version: number; live: number }>();
  return now && now.version === from && now.live ? 'not_empty' : 'stale';
}
