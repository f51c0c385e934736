/** The stand-in's custom hostnames (migration 0009): every SQL statement of the Cloudflare stand-in. */
export interface HostnameRow {
  id: string;
  zone_id: string;
  hostname: string;
  ssl_id: string;
  ownership_value: string;
  dns_pointed: number;
  stage: number;
  validation_started: number;
  created_at: number;
}

export async function insertHostname(db: D1Database, row: HostnameRow): Promise<boolean> {
  const r = await db
    .prepare(
      `INSERT INTO cf_custom_hostnames (id, zone_id, hostname, ssl_id, ownership_value, dns_pointed, stage, validation_started, created_at)
       VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?) ON CONFLICT (hostname) DO NOTHING`,
    )
    .bind(row.id, row.zone_id, row.hostname, row.ssl_id, row.ownership_value, row.validation_started, row.created_at)
    .run();
  return r.meta.changes === 1;
}

export const hostnameById = (db: D1Database, zone: string, id: string) =>
  db.prepare('SELECT * FROM cf_custom_hostnames WHERE zone_id = ? AND id = ?').bind(zone, id).first<HostnameRow>();

export const hostnameByName = (db: D1Database, hostname: string) =>
  db.prepare('SELECT * FROM cf_custom_hostnames WHERE hostname = ?').bind(hostname).first<HostnameRow>();

export async function hostnamesOf(db: D1Database, zone: string, hostname: string | null): Promise<HostnameRow[]> {
  const q = hostname
    ? db.prepare('SELECT * FROM cf_custom_hostnames WHERE zone_id = ? AND hostname = ? ORDER BY created_at').bind(zone, hostname)
    : db.prepare('SELECT * FROM cf_custom_hostnames WHERE zone_id = ? ORDER BY created_at LIMIT 100').bind(zone);
  return (await q.all<HostnameRow>()).results;
}

/** Moves a pointed hostname one step on (a read): at most to `last`. */
export const advanceStage = (db: D1Database, id: string, last: number) =>
  db.prepare('UPDATE cf_custom_hostnames SET stage = MIN(stage + 1, ?) WHERE id = ? AND dns_pointed = 1').bind(last, id).run();

/** A PATCH: the 7-day validation schedule starts again. */
export const restartValidation = (db: D1Database, id: string, now: number) =>
  db.prepare('UPDATE cf_custom_hostnames SET validation_started = ? WHERE id = ?').bind(now, id).run();

export const deleteHostname = (db: D1Database, zone: string, id: string) =>
  db.prepare('DELETE FROM cf_custom_hostnames WHERE zone_id = ? AND id = ?').bind(zone, id).run();

/** Tests only: the hostname's DNS points at the zone (or no longer does); answers whether it exists. */
export async function setDnsPointed(db: D1Database, hostname: string, pointed: boolean): Promise<boolean> {
  const r = await db
    .prepare('UPDATE cf_custom_hostnames SET dns_pointed = ?, stage = CASE WHEN ? THEN stage ELSE 0 END WHERE hostname = ?')
    .bind(pointed ? 1 : 0, pointed ? 1 : 0, hostname)
    .run();
  return r.meta.changes === 1;
}

/** Tests only: the hostname's validation started this long ago (to reach the 7-day timeout). */
export const backdateValidation = (db: D1Database, hostname: string, startedAt: number) =>
  db
    .prepare('UPDATE cf_custom_hostnames SET validation_started = ?, created_at = MIN(created_at, ?) WHERE hostname = ?')
    .bind(startedAt, startedAt, hostname)
    .run();
