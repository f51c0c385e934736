/** short_name_history (migration 0021) with salons.short_slug: a salon's short name and the names it gave up. */

/** Which salon a short name is for: its current one, or the one that gave it up less than 90 days ago. */
export async function salonOfShortName(db: D1Database, name: string, now: number): Promise<{ id: number; current: boolean } | null> {
  const row = await db
    .prepare(
      `SELECT id, 1 AS current FROM salons WHERE short_slug = ?1
       UNION ALL SELECT salon_id, 0 FROM short_name_history WHERE short_slug = ?1 AND until > ?2 LIMIT 1`,
    )
    .bind(name, now)
    .first<{ id: number; current: number }>();
  return row ? { id: row.id, current: row.current === 1 } : null;
}

export async function shortNameOf(db: D1Database, salonId: number, now: number) {
  const [current, previous] = await db.batch<{ short_slug: string | null; until: number }>([
    db.prepare('SELECT short_slug, 0 AS until FROM salons WHERE id = ?').bind(salonId),
    db.prepare('SELECT short_slug, until FROM short_name_history WHERE salon_id = ? AND until > ? ORDER BY until DESC').bind(salonId, now),
  ]);
  return {
    short_name: current?.results[0]?.short_slug ?? null,
    previous: (previous?.results ?? []).map((r) => ({ short_name: r.short_slug!, until: r.until })),
  };
}

/**
 * The salon's new short name; its old one keeps redirecting until `until` (and taking back one
 * of its own old names ends that redirect). False when another salon has the name, or had it
 * less than 90 days ago: the WHERE NOT EXISTS and salons.short_slug's UNIQUE decide, not a read
 * before the write.
 */
export async function changeShortName(db: D1Database, salonId: number, name: string, now: number, until: number): Promise<boolean> {
  try {
    const [, , changed] = await db.batch([
      db
        .prepare(
          `INSERT INTO short_name_history (short_slug, salon_id, until)
           SELECT short_slug, id, ?2 FROM salons WHERE id = ?1 AND short_slug IS NOT NULL AND short_slug <> ?3
             AND NOT EXISTS (SELECT 1 FROM short_name_history h WHERE h.short_slug = ?3 AND h.salon_id <> ?1 AND h.until > ?4)
           ON CONFLICT (short_slug) DO UPDATE SET salon_id = excluded.salon_id, until = excluded.until`,
        )
        .bind(salonId, until, name, now),
      db.prepare('DELETE FROM short_name_history WHERE short_slug = ?2 AND (salon_id = ?1 OR until <= ?3)').bind(salonId, name, now),
      db
        .prepare(
          `UPDATE salons SET short_slug = ?2 WHERE id = ?1
             AND NOT EXISTS (SELECT 1 FROM short_name_history h WHERE h.short_slug = ?2 AND h.salon_id <> ?1 AND h.until > ?3)`,
        )
        .bind(salonId, name, now),
    ]);
    return (changed?.meta.changes ?? 0) === 1;
  } catch (e) {
    if (e instanceof Error && e.message.includes('UNIQUE')) return false;
    throw e;
  }
}
