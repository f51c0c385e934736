import { applyD1Migrations, env } from 'cloudflare:test';

// Every test file starts from the stand-ins' schema and the demo client. The files share one
// runner (isolate: false, vitest.config.ts), so the database a file finds is the one the file before
// it left: every table is dropped (in one batch, foreign keys checked at its end) and the migrations
// and seed applied again.
const { results } = await env.DB.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC",
).all<{ name: string }>();
if (results.length)
  await env.DB.batch([
    env.DB.prepare('PRAGMA defer_foreign_keys = on'),
    ...results.map((t) => env.DB.prepare(`DROP TABLE IF EXISTS "${t.name.replaceAll('"', '""')}"`)),
  ]);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
