import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DATABASE_TABLES, GLOBAL_TABLES, SALON_TABLES } from '../../worker/db/salon-rows';

/**
 * Every table is either some salon's (db/salon-rows.ts says how its rows are found, so a move
 * carries them), global (kept in the first database only) or each database's own (its migrations,
 * its id range). A migration that adds a table
 * fails here until it is classified.
 */
describe("the salons' tables", () => {
  it('names every table of the schema as a salon’s, as global or as each database’s own', async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ).all<{ name: string }>();
    const known = new Set<string>([...SALON_TABLES.map((t) => t.table), ...GLOBAL_TABLES, ...DATABASE_TABLES]);
    expect(results.map((r) => r.name).filter((name) => !known.has(name))).toEqual([]);
    expect([...known].filter((name) => !results.some((r) => r.name === name))).toEqual([]);
  });

  it("selects one salon's rows with each condition (every one runs, and salon 3's are not salon 1's)", async () => {
    for (const t of SALON_TABLES) {
      const count = (salon: number) =>
        env.DB.prepare(`SELECT count(*) AS n FROM ${t.table} WHERE ${t.rows}`).bind(salon).first<{ n: number }>();
      await expect(count(1)).resolves.toMatchObject({ n: expect.any(Number) });
    }
    const stylists = SALON_TABLES.find((t) => t.table === 'stylists')!;
    const ids = async (salon: number) =>
      (await env.DB.prepare(`SELECT id FROM stylists WHERE ${stylists.rows}`).bind(salon).all<{ id: number }>()).results.map((r) => r.id);
    const [one, three] = await Promise.all([ids(1), ids(3)]);
    expect(one.length).toBeGreaterThan(0);
    expect(one.filter((id) => three.includes(id))).toEqual([]);
  });
});
