/** Opts the client of this marketing link out of the salon's texts; false for an unknown link. */
export async function optOut(db: D1Database, salonId: number, code: string, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      'UPDATE marketing_opt_outs SET opted_out_at = COALESCE(opted_out_at, ?) WHERE salon_id = ? AND code = ? RETURNING opted_out_at',
    )
    .bind(now, salonId, code)
    .first<{ opted_out_at: number }>();
  return row !== null;
}
