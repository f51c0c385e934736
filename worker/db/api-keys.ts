import type { ApiKeySummary } from '../../shared/console/keys';
import { newId } from './ids';

interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: number;
  last_used_at: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const toSummary = (r: ApiKeyRow): ApiKeySummary => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  created_at: new Date(r.created_at).toISOString(),
  last_used_at: iso(r.last_used_at),
});

/** A salon's live keys, newest first (never their hashes). */
export async function apiKeysOf(db: D1Database, salonId: number): Promise<ApiKeySummary[]> {
  const { results } = await db
    .prepare('SELECT id, name, prefix, created_at, last_used_at FROM api_keys WHERE salon_id = ? AND revoked_at IS NULL ORDER BY id DESC')
    .bind(salonId)
    .all<ApiKeyRow>();
  return results.map(toSummary);
}

export async function insertApiKey(
  db: D1Database,
  k: { salonId: number; name: string; prefix: string; hash: string; createdBy: number },
  now: number,
): Promise<ApiKeySummary> {
  const row = await db
    .prepare(
      `INSERT INTO api_keys (id, salon_id, name, prefix, key_hash, created_by, created_at) VALUES (${newId('api_keys')}, ?, ?, ?, ?, ?, ?)
       RETURNING id, name, prefix, created_at, last_used_at`,
    )
    .bind(k.salonId, k.name, k.prefix, k.hash, k.createdBy, now)
    .first<ApiKeyRow>();
  if (!row) throw new Error('api key not stored');
  return toSummary(row);
}

/** Revokes a key of this salon; false when the salon has no such live key. */
export async function revokeApiKey(db: D1Database, salonId: number, id: number, now: number): Promise<boolean> {
  const r = await db
    .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND salon_id = ? AND revoked_at IS NULL')
    .bind(now, id, salonId)
    .run();
  return r.meta.changes > 0;
}

/** Whether a live key of this salon has this hash; its use is recorded. */
export async function useApiKey(db: D1Database, salonId: number, hash: string, now: number): Promise<boolean> {
  const r = await db
    .prepare('UPDATE api_keys SET last_used_at = ? WHERE key_hash = ? AND salon_id = ? AND revoked_at IS NULL')
    .bind(now, hash, salonId)
    .run();
  return r.meta.changes > 0;
}
