import type { DomainPhase } from '../../shared/console/domains';

/** custom_domains (migration 0021): a salon's own domain on its way to live through Cloudflare for SaaS. */
export interface CustomDomainRow {
  salon_id: number;
  hostname: string;
  cf_id: string;
  status: string;
  ssl_status: string;
  verification_error: string | null;
  txt_name: string | null;
  txt_value: string | null;
  phase: DomainPhase;
  notified_phase: string | null;
  validation_started: number;
  created_at: number;
  checked_at: number;
}

/** What a Cloudflare answer changes on the row. */
export type DomainStatus = Pick<CustomDomainRow, 'status' | 'ssl_status' | 'verification_error' | 'txt_name' | 'txt_value' | 'phase'>;

export const domainOf = (db: D1Database, salonId: number) =>
  db.prepare('SELECT * FROM custom_domains WHERE salon_id = ?').bind(salonId).first<CustomDomainRow>();

/** Whether the salon has `hostname`, on the way (a row here) or live (set by hand too). */
export async function salonHasDomain(db: D1Database, hostname: string, salonId: number): Promise<boolean> {
  const row = await db
    .prepare(
      'SELECT 1 FROM custom_domains WHERE hostname = ?1 AND salon_id = ?2 UNION ALL SELECT 1 FROM salons WHERE custom_domain = ?1 AND id = ?2',
    )
    .bind(hostname, salonId)
    .first();
  return row !== null;
}

/** The salon's domain set by hand (the admin API) with no row here: served as it is. */
export const liveDomainOf = async (db: D1Database, salonId: number) =>
  (await db.prepare('SELECT custom_domain FROM salons WHERE id = ?').bind(salonId).first<{ custom_domain: string | null }>())
    ?.custom_domain ?? null;

/** A new domain; false when the salon has one already or another salon took the hostname meanwhile. */
export async function insertDomain(db: D1Database, row: CustomDomainRow): Promise<boolean> {
  const r = await db
    .prepare(
      `INSERT INTO custom_domains (salon_id, hostname, cf_id, status, ssl_status, verification_error, txt_name, txt_value,
         phase, notified_phase, validation_started, created_at, checked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(
      row.salon_id,
      row.hostname,
      row.cf_id,
      row.status,
      row.ssl_status,
      row.verification_error,
      row.txt_name,
      row.txt_value,
      row.phase,
      row.validation_started,
      row.created_at,
      row.checked_at,
    )
    .run();
  return r.meta.changes === 1;
}

/**
 * Cloudflare's latest word on the domain, and what the tenancy lookup serves: the hostname while
 * live (salons.custom_domain), nothing otherwise. One batch, so the two never disagree.
 */
export async function saveDomainStatus(db: D1Database, row: CustomDomainRow, s: DomainStatus, now: number, restarted: boolean) {
  const live = s.phase === 'live';
  await db.batch([
    db
      .prepare(
        `UPDATE custom_domains SET status = ?, ssl_status = ?, verification_error = ?, txt_name = COALESCE(?, txt_name),
           txt_value = COALESCE(?, txt_value), phase = ?, checked_at = ?, validation_started = CASE WHEN ? THEN ? ELSE validation_started END
         WHERE salon_id = ? AND cf_id = ?`,
      )
      .bind(
        s.status,
        s.ssl_status,
        s.verification_error,
        s.txt_name,
        s.txt_value,
        s.phase,
        now,
        restarted ? 1 : 0,
        now,
        row.salon_id,
        row.cf_id,
      ),
    live
      ? db
          .prepare('UPDATE salons SET custom_domain = ? WHERE id = ? AND custom_domain IS NOT ?')
          .bind(row.hostname, row.salon_id, row.hostname)
      : db.prepare('UPDATE salons SET custom_domain = NULL WHERE id = ? AND custom_domain = ?').bind(row.salon_id, row.hostname),
  ]);
}

/** Removes the salon's domain (row and served hostname) at once; answers the hostname it had, if any. */
export async function removeDomain(db: D1Database, salonId: number): Promise<string | null> {
  // (read first in the batch: an UPDATE's RETURNING answers the new value, NULL)
  const [had] = await db.batch<{ hostname: string | null }>([
    db
      .prepare(
        'SELECT COALESCE((SELECT hostname FROM custom_domains WHERE salon_id = ?1), custom_domain) AS hostname FROM salons WHERE id = ?1',
      )
      .bind(salonId),
    db.prepare('DELETE FROM custom_domains WHERE salon_id = ?').bind(salonId),
    db.prepare('UPDATE salons SET custom_domain = NULL WHERE id = ? AND custom_domain IS NOT NULL').bind(salonId),
  ]);
  return had?.results[0]?.hostname ?? null;
}

/** Domains to ask Cloudflare about: every one not live, and live ones not checked for an hour. */
export async function domainsToRefresh(db: D1Database, now: number, limit = 50): Promise<CustomDomainRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM custom_domains WHERE phase <> 'live' OR checked_at < ? ORDER BY checked_at LIMIT ?`)
    .bind(now - 3_600_000, limit)
    .all<CustomDomainRow>();
  return results;
}

/** Records that the owner was emailed about `phase`; false when another run did so first. */
export async function claimNotice(db: D1Database, salonId: number, phase: DomainPhase): Promise<boolean> {
  const r = await db
    .prepare('UPDATE custom_domains SET notified_phase = ?1 WHERE salon_id = ?2 AND phase = ?1 AND notified_phase IS NOT ?1')
    .bind(phase, salonId)
    .run();
  return r.meta.changes === 1;
}
