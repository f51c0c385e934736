import { newId } from './ids';

/**
 * A group made of an owner's salons (issue 49), in one database: the group's row (made here in the
 * first database, a copy of it in another), each salon's group and its History entry, and the
 * owner's role at the group, in one batch, all or nothing: none of it is written when one of the
 * salons here is in a group already. Returns the group's id, or null when nothing was written (a salon was grouped meanwhile).
 */
export async function groupSalonsIn(
  db: D1Database,
  g: { groupId: number | null; marker: string; name: string; salonIds: number[]; sub: string; who: string; now: number },
): Promise<number | null> {
  const list = g.salonIds.map(() => '?').join(', ');
  const G = '(SELECT id FROM salon_groups WHERE picker_change = ?1)';
  // made (or copied) only if none of the salons here is in a group: the rest of the batch follows it
  const noneGrouped = `WHERE NOT EXISTS (SELECT 1 FROM salons WHERE id IN (${list}) AND group_id IS NOT NULL)`;
  const make =
    g.groupId === null
      ? db
          .prepare(`INSERT INTO salon_groups (id, name, picker_change) SELECT ${newId('salon_groups')}, ?2, ?1 ${noneGrouped}`)
          .bind(g.marker, g.name, ...g.salonIds)
      : // a copy of the first database's row keeps the id it made there (as a moved salon's rows keep theirs)
        db
          .prepare(`INSERT INTO salon_groups (id, name, picker_change) SELECT ?3, ?2, ?1 ${noneGrouped}`)
          .bind(g.marker, g.name, g.groupId, ...g.salonIds);
  const results = await db.batch<{ id: number }>([
    make,
    ...g.salonIds.map((id) =>
      db
        .prepare(
          `INSERT INTO settings_history (id, salon_id, version, at, who, field, old_value, new_value)
           SELECT ${newId('settings_history')}, s.id, s.settings_version, ?2, ?3, 'salon_group', 'null', json_quote(?4)
             FROM salons s WHERE s.id = ?5 AND s.group_id IS NULL AND EXISTS ${G}`,
        )
        .bind(g.marker, g.now, g.who, g.name, id),
    ),
    db
      .prepare(`UPDATE salons SET group_id = ${G} WHERE id IN (${list}) AND group_id IS NULL AND EXISTS ${G}`)
      .bind(g.marker, ...g.salonIds),
    db
      .prepare(
        `INSERT OR IGNORE INTO staff_roles (staff_id, group_id, role, created_at, joined_at)
         SELECT st.id, ${G}, 'owner', ?2, ?2 FROM staff st WHERE st.sub = ?3 AND EXISTS ${G}`,
      )
      .bind(g.marker, g.now, g.sub),
    db.prepare(`SELECT id FROM salon_groups WHERE picker_change = ?1`).bind(g.marker),
  ]);
  return results.at(-1)?.results[0]?.id ?? null;
}

/** A salon the staff member (their row in `db`) owns by their own role, and its group (null: none). */
export const ownedSalonOf = (db: D1Database, sub: string, salonId: number) =>
  db
    .prepare(
      `SELECT s.id, s.group_id FROM salons s JOIN staff_roles r ON r.salon_id = s.id AND r.role = 'owner'
        JOIN staff st ON st.id = r.staff_id WHERE s.id = ? AND st.sub = ?`,
    )
    .bind(salonId, sub)
    .first<{ id: number; group_id: number | null }>();

/** The directory's part (the first database): the salons' placements name the group, and the staff index the owner's place at it. */
export const indexGroup = (directory: D1Database, g: { groupId: number; salonIds: number[]; email: string; sub: string }) =>
  directory.batch([
    directory
      .prepare(`UPDATE salon_placements SET group_id = ? WHERE salon_id IN (${g.salonIds.map(() => '?').join(', ')})`)
      .bind(g.groupId, ...g.salonIds),
    directory
      .prepare("INSERT OR IGNORE INTO staff_salons (email, kind, place_id, sub) VALUES (?, 'group', ?, ?)")
      .bind(g.email, g.groupId, g.sub),
  ]);

/**
 * Undoes groupSalonsIn in one database, for a group whose making failed in another: its salons
 * leave it, their History entries of it and the owner's role at it go, and its row.
 */
export const ungroupIn = (db: D1Database, groupId: number) =>
  db.batch([
    db
      .prepare("DELETE FROM settings_history WHERE field = 'salon_group' AND salon_id IN (SELECT id FROM salons WHERE group_id = ?)")
      .bind(groupId),
    db.prepare('UPDATE salons SET group_id = NULL WHERE group_id = ?').bind(groupId),
    db.prepare('DELETE FROM staff_roles WHERE group_id = ?').bind(groupId),
    db.prepare('DELETE FROM salon_groups WHERE id = ?').bind(groupId),
  ]);
