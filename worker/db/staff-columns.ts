import type { StylistColumn } from '../../shared/console/team';

/**
 * Which column of the diary is whose (staff_roles.stylist_id): a stylist on the team sees their
 * own column only. Migration 0034 makes the link one-to-one per column, a column of the same
 * salon, for the role stylist only; the writes here count on it.
 */

/** The salon's working stylist columns, in the diary's order, each with the team member linked to it. */
export async function stylistColumnsOf(db: D1Database, salonId: number): Promise<StylistColumn[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.name, r.staff_id FROM stylists s LEFT JOIN staff_roles r ON r.stylist_id = s.id
        WHERE s.salon_id = ? AND s.active = 1 ORDER BY s.position, s.id`,
    )
    .bind(salonId)
    .all<StylistColumn>();
  return results;
}

/** Links a stylist's role at the salon to a column (null: unlinks); false when they have no stylist role there. */
export async function linkColumn(db: D1Database, q: { salonId: number; staffId: number; stylistId: number | null }): Promise<boolean> {
  const r = await db
    .prepare("UPDATE staff_roles SET stylist_id = ? WHERE staff_id = ? AND salon_id = ? AND role = 'stylist'")
    .bind(q.stylistId, q.staffId, q.salonId)
    .run();
  return r.meta.changes > 0;
}

/** What the database's refusal of a link means (migration 0034), or null for any other failure. */
export function linkRefusal(e: unknown): 'taken' | 'not_a_column' | null {
  const msg = String(e);
  if (msg.includes('UNIQUE') && msg.includes('stylist_id')) return 'taken';
  if (msg.includes('staff_roles.stylist_id must be')) return 'not_a_column';
  return null;
}
