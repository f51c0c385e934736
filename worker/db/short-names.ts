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

/** What a rename did: `dropped` are the salon's old names past the ones kept, which lead nowhere now. */
export interface Rename {
  result: 'changed' | 'taken' | 'limit';
  dropped: string[];
}

/**
 * The salon's new short name (null: none); its old one keeps redirecting until `until`, and
 * taking back one of its own old names ends that redirect. Only the `keep` latest old names stay
 * (the rest are `dropped`), and a salon renames at most `perDay` times a UTC day. Refused as
 * 'taken' when another salon has the name or had it less than 90 days ago, as 'limit' past the
 * renames of the day: the conditions in each statement and salons.short_slug's UNIQUE decide, in
 * one batch, not a read before the write. A name the salon has already is 'changed' (no rename).
 */
export async function changeShortName(
  db: D1Database,
  salonId: number,
  name: string | null,
  now: number,
  rules: { until: number; keep: number; perDay: number },
): Promise<Rename> {
  const day = Math.floor(now / 86_400_000);
  // ?1 salon, ?2 until, ?3 name, ?4 now, ?5 day, ?6 renames a day, ?7 old names kept
  const free = 'NOT EXISTS (SELECT 1 FROM short_name_history h WHERE h.short_slug = ?3 AND h.salon_id <> ?1 AND h.until > ?4)';
  const underLimit = '(short_name_renamed_day IS NOT ?5 OR short_name_renames < ?6)';
  const args = [salonId, rules.until, name, now, day, rules.perDay, rules.keep];
  // each statement is bound up to the highest parameter it names
  const bind = (sql: string) => db.prepare(sql).bind(...args.slice(0, Math.max(...[...sql.matchAll(/\?(\d)/g)].map((m) => Number(m[1])))));
  try {
    const [, , , dropped, after] = await db.batch<{
      short_slug: string;
      short_name_renamed_day: number | null;
      short_name_renames: number;
    }>([
      bind(
        `INSERT INTO short_name_history (short_slug, salon_id, until)
         SELECT short_slug, id, ?2 FROM salons WHERE id = ?1 AND short_slug IS NOT NULL AND short_slug IS NOT ?3 AND ${free} AND ${underLimit}
         ON CONFLICT (short_slug) DO UPDATE SET salon_id = excluded.salon_id, until = excluded.until`,
      ),
      bind(
        `DELETE FROM short_name_history WHERE short_slug = ?3
           AND (until <= ?4 OR (salon_id = ?1 AND EXISTS (SELECT 1 FROM salons WHERE id = ?1 AND ${underLimit} AND ${free})))`,
      ),
      bind(
        `UPDATE salons SET short_slug = ?3, short_name_renamed_day = ?5,
           short_name_renames = CASE WHEN short_name_renamed_day IS ?5 THEN short_name_renames + 1 ELSE 1 END
         WHERE id = ?1 AND short_slug IS NOT ?3 AND ${underLimit} AND ${free}`,
      ),
      bind(
        `DELETE FROM short_name_history WHERE salon_id = ?1 AND short_slug NOT IN
           (SELECT short_slug FROM short_name_history WHERE salon_id = ?1 AND until > ?4 ORDER BY until DESC, rowid DESC LIMIT ?7)
         RETURNING short_slug`,
      ),
      bind('SELECT short_slug, short_name_renamed_day, short_name_renames FROM salons WHERE id = ?1'),
    ]);
    const salon = after?.results[0];
    const names = (dropped?.results ?? []).map((r) => r.short_slug);
    if (salon && salon.short_slug === name) return { result: 'changed', dropped: names };
    const limited = salon?.short_name_renamed_day === day && salon.short_name_renames >= rules.perDay;
    return { result: limited ? 'limit' : 'taken', dropped: names };
  } catch (e) {
    if (e instanceof Error && e.message.includes('UNIQUE')) return { result: 'taken', dropped: [] };
    throw e;
  }
}
