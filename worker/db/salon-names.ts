/**
 * salon_names (migration 0027, in the first database only): which salon holds each custom domain
 * and short name. The rules of claiming and looking up are worker/names/claims.ts.
 */
export type NameKind = 'domain' | 'short';

/** Claims a free name for the salon; answers the name's holder now and whether this claim made it. */
export async function claimRow(directory: D1Database, kind: NameKind, name: string, salonId: number) {
  const [inserted, holder] = await directory.batch<{ salon_id: number }>([
    directory
      .prepare('INSERT OR IGNORE INTO salon_names (kind, name, salon_id) VALUES (?1, ?2, ?3) RETURNING salon_id')
      .bind(kind, name, salonId),
    directory.prepare('SELECT salon_id FROM salon_names WHERE kind = ?1 AND name = ?2').bind(kind, name),
  ]);
  return { holder: holder!.results[0]!.salon_id, made: inserted!.results.length > 0 };
}

/** Gives the name to `salonId` if `from` still holds it in the index (false: someone else changed it first). */
export async function takeOverRow(directory: D1Database, kind: NameKind, name: string, from: number, salonId: number): Promise<boolean> {
  const r = await directory
    .prepare('UPDATE salon_names SET salon_id = ?4 WHERE kind = ?1 AND name = ?2 AND salon_id = ?3')
    .bind(kind, name, from, salonId)
    .run();
  return r.meta.changes === 1;
}

/** Forgets the salon's claim to a name (none when another salon holds it). */
export const releaseRow = (directory: D1Database, kind: NameKind, name: string, salonId: number) =>
  directory.prepare('DELETE FROM salon_names WHERE kind = ?1 AND name = ?2 AND salon_id = ?3').bind(kind, name, salonId).run();

/** The salon the index names for a name, or null. */
export async function holderRow(directory: D1Database, kind: NameKind, name: string): Promise<number | null> {
  const row = await directory
    .prepare('SELECT salon_id FROM salon_names WHERE kind = ?1 AND name = ?2')
    .bind(kind, name)
    .first<{ salon_id: number }>();
  return row?.salon_id ?? null;
}
