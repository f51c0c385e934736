/**
 * staff_salons (migration 0028, in the first database only): the staff index, the salons and
 * groups each person of the staff pool is on, whichever database holds them. The rules of
 * joining and leaving are worker/console/team.ts.
 */

/**
 * How long a 'leaving' mark holds: a removal deletes the pool user within a request, so a mark
 * older than this was left by one that never finished (the Worker stopped mid-way) and is ignored.
 */
export const LEAVING_MS = 5 * 60_000;
const STALE = "DELETE FROM staff_salons WHERE email = ?1 AND kind = 'leaving' AND place_id < ?2";

/**
 * Claims a place at a salon for an email before its salon's own write: 'new' when this made the
 * row, 'held' when it was there already, 'leaving' when the person's sign-in is being deleted
 * right now (nothing written).
 */
export async function claimPlace(directory: D1Database, email: string, salonId: number, now: number): Promise<'new' | 'held' | 'leaving'> {
  const [, made, leaving] = await directory.batch<{ n: number }>([
    directory.prepare(STALE).bind(email, now - LEAVING_MS),
    directory
      .prepare(
        `INSERT OR IGNORE INTO staff_salons (email, kind, place_id, sub)
         SELECT ?1, 'salon', ?2, (SELECT sub FROM staff_salons WHERE email = ?1 AND sub IS NOT NULL LIMIT 1)
         WHERE NOT EXISTS (SELECT 1 FROM staff_salons WHERE email = ?1 AND kind = 'leaving') RETURNING 1 AS n`,
      )
      .bind(email, salonId),
    directory.prepare("SELECT count(*) AS n FROM staff_salons WHERE email = ? AND kind = 'leaving'").bind(email),
  ]);
  if (made!.results.length) return 'new';
  return leaving!.results[0]!.n > 0 ? 'leaving' : 'held';
}

/** Names the pool user of an email's places (once the invitation has it). */
export const placesAreOf = (directory: D1Database, email: string, sub: string) =>
  directory.prepare('UPDATE staff_salons SET sub = ?2 WHERE email = ?1 AND sub IS NOT ?2').bind(email, sub).run();

/** Forgets a place at a salon (its role is gone, or the invitation that claimed it failed). */
export const releasePlace = (directory: D1Database, email: string, salonId: number) =>
  directory.prepare("DELETE FROM staff_salons WHERE email = ? AND kind = 'salon' AND place_id = ?").bind(email, salonId).run();

/**
 * Forgets a place at a salon and, when it was the email's last anywhere, marks the email leaving
 * (`place_id` the time), in one batch: true when this call may delete the person's sign-in (no
 * salon or group in any database has them, and no invitation can claim them until `leftFor` ends it).
 */
export async function leavePlace(directory: D1Database, email: string, salonId: number, sub: string, now: number): Promise<boolean> {
  const [, , leaving] = await directory.batch([
    directory.prepare("DELETE FROM staff_salons WHERE email = ? AND kind = 'salon' AND place_id = ?").bind(email, salonId),
    directory.prepare(STALE).bind(email, now - LEAVING_MS),
    directory
      .prepare(
        `INSERT OR IGNORE INTO staff_salons (email, kind, place_id, sub) SELECT ?1, 'leaving', ?3, ?2
         WHERE NOT EXISTS (SELECT 1 FROM staff_salons WHERE email = ?1)`,
      )
      .bind(email, sub, now),
  ]);
  return leaving!.meta.changes > 0;
}

/** Ends an email's leaving (the mark made at `since`): it may be invited again, as a new person. */
export const leftFor = (directory: D1Database, email: string, since: number) =>
  directory.prepare("DELETE FROM staff_salons WHERE email = ? AND kind = 'leaving' AND place_id = ?").bind(email, since).run();

/** Whether any salon or group, in any database, still has the pool user `sub`. */
export async function hasPlaces(directory: D1Database, sub: string): Promise<boolean> {
  const row = await directory.prepare("SELECT 1 AS n FROM staff_salons WHERE sub = ? AND kind <> 'leaving' LIMIT 1").bind(sub).first();
  return row !== null;
}

/** The salons and groups the index names for the pool user `sub`. */
export async function placesOf(directory: D1Database, sub: string): Promise<{ salons: number[]; groups: number[] }> {
  const { results } = await directory
    .prepare("SELECT kind, place_id FROM staff_salons WHERE sub = ? AND kind <> 'leaving' ORDER BY kind, place_id")
    .bind(sub)
    .all<{ kind: 'salon' | 'group'; place_id: number }>();
  return {
    salons: results.filter((r) => r.kind === 'salon').map((r) => r.place_id),
    groups: results.filter((r) => r.kind === 'group').map((r) => r.place_id),
  };
}
