/** What the desk's calls need to know of the staff member making them. */

/** Their name, as redemptions and notes record who made them. */
export async function staffNameOf(db: D1Database, staffId: number): Promise<string> {
  const row = await db.prepare('SELECT name FROM staff WHERE id = ?').bind(staffId).first<{ name: string }>();
  return row?.name ?? '';
}

/** The diary column (stylist) a stylist's account is at the salon, or null when it is none. */
export async function stylistColumnOf(db: D1Database, staffId: number, salonId: number): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT r.stylist_id FROM staff_roles r JOIN stylists s ON s.id = r.stylist_id AND s.salon_id = r.salon_id
        WHERE r.staff_id = ? AND r.salon_id = ? AND r.role = 'stylist'`,
    )
    .bind(staffId, salonId)
    .first<{ stylist_id: number }>();
  return row?.stylist_id ?? null;
}
