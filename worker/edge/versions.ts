/**
 * Settings versions that cache keys carry. They live in D1 (strongly consistent), so the
 * first request after a salon's change already reads the new version and misses the cache.
 */
export async function versionOf(db: D1Database, scope: string): Promise<string> {
  const row = await db.prepare('SELECT version FROM cache_versions WHERE scope = ?').bind(scope).first<{ version: string }>();
  return row?.version ?? '0';
}

export async function bumpVersions(db: D1Database, scopes: string[]): Promise<void> {
  if (scopes.length === 0) return;
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
