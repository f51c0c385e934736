/**
 * cache_versions: the settings version of each cache scope ('salon:1', 'group:1', 'tenancy').
 * The edge's own bookkeeping of its cache (read through a lease in edge/versions.ts).
 */
export async function cacheVersion(db: D1Database, scope: string): Promise<string> {
  const row = await db.prepare('SELECT version FROM cache_versions WHERE scope = ?').bind(scope).first<{ version: string }>();
  return row?.version ?? '0';
}

/** Gives each scope a new random version. */
export async function renewCacheVersions(db: D1Database, scopes: string[]): Promise<void> {
  await db.batch(
    scopes.map((scope) =>
      db
        .prepare(
          `INSERT INTO cache_versions (scope, version) VALUES (?1, lower(hex(randomblob(8))))
           ON CONFLICT (scope) DO UPDATE SET version = excluded.version`,
        )
        .bind(scope),
    ),
  );
}
