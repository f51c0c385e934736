import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_TABLES, rangeOf } from '../../worker/db/ids';
import { moveSalon, placedIn } from '../../worker/db/move-salon';
import { forgetPlacements, type BindingName } from '../../worker/db/placement';
import { bookedRestyle, demoClient, restyleTimes, tuesday } from './client-bookings-helpers';
import { patchSalon } from './helpers';
import { DEMO_LINK, salonsOf, tokenOf } from './rebooking-helpers';

/**
 * Ids across databases (worker/db/ids.ts, docs/scale.md): each database makes ids from a range of
 * its own, so a salon that made ids in one database moves to another, and back, without a clash.
 */
const sources = import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true });

const inRange = (binding: BindingName) => {
  const { lo, hi } = rangeOf(binding);
  return (id: number) => id >= lo && id <= hi;
};

/** Times of the day at least 75 minutes apart (a Restyle's length), so each can be booked. */
function apart(times: string[]): string[] {
  const out: string[] = [];
  for (const t of times) if (!out.length || Date.parse(t) - Date.parse(out.at(-1)!) >= 75 * 60_000) out.push(t);
  return out;
}

async function move(salonId: number, to: BindingName) {
  if ((await placedIn(env, salonId)) !== to) await moveSalon({ env, salonId, to, leaseMs: 0 });
  forgetPlacements();
}

/** The id of the newest settings change of a salon (a PATCH of its theme writes one). */
async function changedTheme(salonId: number, theme: string, db: D1Database): Promise<number> {
  expect((await patchSalon(salonId, { theme_mode: theme })).status).toBe(200);
  const row = await db.prepare('SELECT max(id) AS id FROM settings_history WHERE salon_id = ?').bind(salonId).first<{ id: number }>();
  return row!.id;
}

beforeAll(() => move(2, 'DB_2'));
afterAll(async () => {
  await move(3, 'DB');
  await move(2, 'DB_2');
});

describe('ids across databases', () => {
  it('names every table with an `id INTEGER PRIMARY KEY` in ID_TABLES', async () => {
    const { results } = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all<{
      name: string;
      sql: string;
    }>();
    const withIds = results
      .filter((t) => t.name !== 'd1_migrations' && /[(,]\s*id\s+INTEGER\s+PRIMARY\s+KEY/i.test(t.sql))
      .map((t) => t.name);
    expect(withIds.sort()).toEqual([...ID_TABLES].sort());
  });

  it("every INSERT of the Worker into such a table names the row's id as newId(table)", () => {
    const inserts = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/INSERT\s+(?:OR\s+\w+\s+)?INTO\s+(\w+)\s*\(([^)]*)\)(?=([\s\S]{0,400}))/g)].map((m) => ({
        file,
        table: m[1]!,
        columns: m[2]!.split(',').map((c) => c.trim()),
        after: m[3]!,
      })),
    );
    const ofIdTables = inserts.filter((i) => (ID_TABLES as readonly string[]).includes(i.table));
    expect(ofIdTables.length).toBeGreaterThanOrEqual(13); // (as of migration 0026)
    // a copy of a row another database made keeps its id: a group's row in each database holding
    // its salons (worker/db/new-group.ts), the first one made with newId
    const copies = (i: { file: string; table: string; after: string }) =>
      i.file.endsWith('worker/db/new-group.ts') && i.table === 'salon_groups' && i.after.startsWith(' SELECT ?3, ?2, ?1 ');
    const wrong = ofIdTables.filter((i) => !copies(i) && (i.columns[0] !== 'id' || !i.after.includes(`\${newId('${i.table}')}`)));
    expect(wrong.map((i) => `${i.file}: ${i.table}`)).toEqual([]);
  });

  it('a booking of the salon in DB_2 takes an id of DB_2’s range; the first database keeps 1 to 2^40 − 1', async () => {
    expect(rangeOf('DB')).toEqual({ lo: 1, hi: 2 ** 40 - 1 });
    expect(rangeOf('DB_2')).toEqual({ lo: 2 ** 40, hi: 2 ** 41 - 1 });
    expect(await env.DB_2.prepare('SELECT lo, hi FROM id_range').first()).toEqual(rangeOf('DB_2'));
    expect(await env.DB.prepare('SELECT count(*) AS n FROM id_range').first()).toEqual({ n: 0 });
    const client = await demoClient();
    const [start] = await restyleTimes(tuesday(1));
    const id = await bookedRestyle(client, start!);
    expect(inRange('DB_2')(id)).toBe(true);
    const procedures = await env.DB_2.prepare('SELECT id FROM appointment_procedures WHERE appointment_id = ?')
      .bind(id)
      .all<{ id: number }>();
    expect(procedures.results.length).toBe(1);
    expect(procedures.results.every((p) => inRange('DB_2')(p.id))).toBe(true);
  });

  it('a salon that made ids in DB_2 moves to DB and back, while DB_2 makes ids for another salon: no clash, no id made twice', async () => {
    const client = await demoClient();
    const [first, second, third] = apart(await restyleTimes(tuesday(2)));
    const inDb2 = await bookedRestyle(client, first!);
    const historyInDb2 = await changedTheme(2, 'slick', env.DB_2);
    expect(inRange('DB_2')(historyInDb2)).toBe(true);

    await move(2, 'DB');
    // in DB its next booking takes DB's range, not the largest id there (salon 2's) + 1
    const inDb = await bookedRestyle(client, second!);
    expect(inRange('DB')(inDb)).toBe(true);
    // DB_2 keeps the ids salon 2 took away as a floor: salon 3, moved there, never makes them again
    await move(3, 'DB_2');
    const history3 = await changedTheme(3, 'dark', env.DB_2);
    expect(history3).toBeGreaterThan(historyInDb2);
    expect(inRange('DB_2')(history3)).toBe(true);

    await move(2, 'DB_2');
    const back = await bookedRestyle(client, third!);
    expect(back).toBeGreaterThan(inDb2);
    expect(inRange('DB_2')(back)).toBe(true);
    const ids = await env.DB_2.prepare('SELECT id FROM appointments WHERE salon_id = 2 AND id IN (?, ?, ?)').bind(inDb2, inDb, back).all();
    expect(ids.results).toHaveLength(3);
  });

  it("the rebooking flow's client numbers are unique across databases: each made in its salon's database's range", async () => {
    await move(2, 'DB');
    await move(3, 'DB');
    // salons 1 and 2 in DB: one INSERT makes both numbers, one apart
    const inDb = await salonsOf(await tokenOf(DEMO_LINK));
    expect(inDb.map((s) => s.salon.id)).toEqual([1, 2]);
    expect(inDb.every((s) => inRange('DB')(s.id))).toBe(true);
    expect(new Set(inDb.map((s) => s.id)).size).toBe(2);

    await env.DB.prepare('DELETE FROM rebooking_clients WHERE salon_id = 2').run();
    await move(2, 'DB_2');
    await env.DB_2.prepare('DELETE FROM rebooking_clients').run();
    const across = await salonsOf(await tokenOf(DEMO_LINK));
    expect(across.find((s) => s.salon.id === 1)!.id).toBe(inDb[0]!.id);
    expect(inRange('DB_2')(across.find((s) => s.salon.id === 2)!.id)).toBe(true);
  });
});
