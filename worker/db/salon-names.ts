/**
 * salon_names (migrations 0027, 0029; in the first database only): which salon holds each custom
 * domain and short name, and when its claim was made. The rules of claiming and looking up are
 * worker/names/claims.ts.
 */
export type NameKind = 'domain' | 'short';

interface ClaimRow {
  salon_id: number;
  claimed_at: number | null;
}

/**
 * Claims a name for the salon at `now`: a free name becomes its, and its own claim is renewed; a
 * claim of another salon's is left as it is. Answers the holder now, when its claim was made, and
 * whether this claim made it (one batch: nothing comes between the three).
 */
export async function claimRow(directory: D1Database, kind: NameKind, name: string, salonId: number, now: number) {
  const read = directory.prepare('SELECT salon_id, claimed_at FROM salon_names WHERE kind = ?1 AND name = ?2').bind(kind, name);
  const [before, , after] = await directory.batch<ClaimRow>([
    read,
    directory
      .prepare(
        `INSERT INTO salon_names (kind, name, salon_id, claimed_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (kind, name) DO UPDATE SET claimed_at = excluded.claimed_at WHERE salon_names.salon_id = excluded.salon_id`,
      )
      .bind(kind, name, salonId, now),
    read,
  ]);
  const row = after!.results[0]!;
  return { holder: row.salon_id, claimedAt: row.claimed_at, made: before!.results.length === 0 };
}

/**
 * Gives the name to `salonId` if `from` still holds it in the index by the claim made at
 * `claimedAt` (false: someone changed it first, or `from` renewed its claim meanwhile).
 */
export async function takeOverRow(
  directory: D1Database,
  kind: NameKind,
  name: string,
  from: { salonId: number; claimedAt: number | null },
  salonId: number,
  now: number,
): Promise<boolean> {
  const r = await directory
    .prepare('UPDATE salon_names SET salon_id = ?4, claimed_at = ?5 WHERE kind = ?1 AND name = ?2 AND salon_id = ?3 AND claimed_at IS ?6')
    .bind(kind, name, from.salonId, salonId, now, from.claimedAt)
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
