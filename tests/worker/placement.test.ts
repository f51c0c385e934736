import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { moveSalon } from '../../worker/db/move-salon';
import { forgetPlacements } from '../../worker/db/placement';
import { GLOBAL_TABLES } from '../../worker/db/salon-rows';
import { call, patchSalon } from './helpers';
import { APART, consoleCall, STAFF, staffLogin } from './console-helpers';
import { demoClient, newClient, restyleRequest, restyleTimes, tuesday } from './client-bookings-helpers';

/**
 * Salons across databases (docs/scale.md): salon 2 is moved to the second database (DB_2) and
 * every statement each database runs is recorded, so a salon's calls are seen to reach only its
 * own database (and, for the directory and what is global, the first).
 */
type Ran = { binding: string; sql: string }[];

function recorded(binding: string, db: D1Database, ran: Ran): D1Database {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key) as unknown;
        if (key === 'prepare')
          return (sql: string) => {
            ran.push({ binding, sql });
            return (value as (s: string) => unknown).call(t, sql);
          };
        if (key === 'withSession')
          return (start?: string) => {
            ran.push({ binding, sql: `(session from ${start})` });
            return wrap((value as (s?: string) => object).call(t, start));
          };
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
    });
  return wrap(db);
}

/** Calls the Worker with both databases recorded: the answer and every statement, by database. */
async function traced(path: string, init: RequestInit = {}) {
  const ran: Ran = [];
  const res = await call(path, init, { DB: recorded('DB', env.DB, ran), DB_2: recorded('DB_2', env.DB_2, ran) });
  return { res, ran };
}

const GLOBAL = new RegExp(`\\b(?:${GLOBAL_TABLES.join('|')})\\b`);
/** a statement that touches only what is global (the directory, settings versions, cards) */
const isGlobal = (sql: string) => GLOBAL.test(sql) && !/\b(?:salons|appointments|stylists|services|holds|clients)\b/.test(sql);

// salon 2 in DB_2 for this file (with TEST_DATABASES=2 apply-migrations.ts has moved it already)
beforeAll(async () => {
  const placed = await env.DB.prepare('SELECT binding FROM salon_placements WHERE salon_id = 2').first<{ binding: string }>();
  if (placed?.binding !== 'DB_2') await moveSalon({ env, salonId: 2, to: 'DB_2', leaseMs: 0 });
  forgetPlacements();
});

describe('moving a salon to another database', () => {
  it('salon 2 is in DB_2: the directory names it, DB keeps none of its rows', async () => {
    const placed = await env.DB.prepare('SELECT binding, moving_since, group_id FROM salon_placements WHERE salon_id = 2').first();
    expect(placed).toEqual({ binding: 'DB_2', moving_since: null, group_id: 1 });
    expect(await env.DB.prepare('SELECT 1 FROM salons WHERE id = 2').first()).toBeNull();
    expect(await env.DB_2.prepare('SELECT name FROM salons WHERE id = 2').first()).toEqual({ name: 'Willow & Co Shoreditch' });
  });

  it('copies its rows, verifies the counts, switches the directory and removes them from the source, both ways', async () => {
    const count = async (db: D1Database, table: string) =>
      (await db.prepare(`SELECT count(*) AS n FROM ${table} WHERE salon_id = 3`).first<{ n: number }>())!.n;
    const before = { services: await count(env.DB, 'services'), stylists: await count(env.DB, 'stylists') };
    const lines: string[] = [];
    const there = await moveSalon({ env, salonId: 3, to: 'DB_2', leaseMs: 0, log: (l) => lines.push(l) });
    forgetPlacements();
    expect(there).toMatchObject({ salonId: 3, from: 'DB', to: 'DB_2', counts: { salons: 1, ...before } });
    expect(lines[0]).toContain('salon 3: moving from DB to DB_2');
    for (const table of ['services', 'stylists']) {
      expect(await count(env.DB, table)).toBe(0);
      expect(await count(env.DB_2, table)).toBe(before[table as keyof typeof before]);
    }
    const page = await call('/api/book-online/salon/3/');
    expect(((await page.json()) as { name: string }).name).toBe('Brooklyn Barber Co.');
    const back = await moveSalon({ env, salonId: 3, to: 'DB', leaseMs: 0 });
    forgetPlacements();
    expect(back.counts).toEqual(there.counts);
    expect(await count(env.DB_2, 'services')).toBe(0);
    expect(await count(env.DB, 'services')).toBe(before.services);
  });

  it('answers 503 while a salon is moving, and a move whose ids clash in the target leaves the salon where it was', async () => {
    await env.DB.prepare(
      "INSERT INTO salon_placements (salon_id, binding, moving_since) VALUES (3, 'DB', 1) ON CONFLICT (salon_id) DO UPDATE SET moving_since = 1",
    ).run();
    forgetPlacements();
    const moving = await call('/admin/salons/3', { headers: { Authorization: 'Bearer demo-admin-3' } });
    expect(moving.status).toBe(503);
    expect(await moving.json()).toMatchObject({ code: 'MOVING' });
    await env.DB.prepare('UPDATE salon_placements SET moving_since = NULL WHERE salon_id = 3').run();
    // a stylist of salon 2 in DB_2 takes the id one of salon 3's stylists has
    const { id } = (await env.DB.prepare('SELECT min(id) AS id FROM stylists WHERE salon_id = 3').first<{ id: number }>())!;
    await env.DB_2.prepare("INSERT INTO stylists (id, salon_id, name) VALUES (?, 2, 'Clash')").bind(id).run();
    await expect(moveSalon({ env, salonId: 3, to: 'DB_2', leaseMs: 0 })).rejects.toThrow();
    forgetPlacements();
    expect(await env.DB.prepare('SELECT binding, moving_since FROM salon_placements WHERE salon_id = 3').first()).toEqual({
      binding: 'DB',
      moving_since: null,
    });
    expect(await env.DB_2.prepare('SELECT count(*) AS n FROM services WHERE salon_id = 3').first()).toEqual({ n: 0 });
    expect((await call('/api/book-online/salon/3/')).status).toBe(200);
    await env.DB_2.prepare('DELETE FROM stylists WHERE id = ?').bind(id).run();
  });

  it("refuses a move where the target's staff member with the same id is another person (never grants them the role)", async () => {
    // (the move there and back above left a copy of salon 3's owner, staff 4, in DB_2: shared rows stay)
    await env.DB_2.prepare(
      "INSERT OR REPLACE INTO staff (id, sub, email, name, invited_at) VALUES (4, 'someone-else', 'else@example.test', 'Else', 0)",
    ).run();
    await expect(moveSalon({ env, salonId: 3, to: 'DB_2', leaseMs: 0 })).rejects.toThrow(
      /staff rows of the target have the ids of other ones/,
    );
    forgetPlacements();
    expect(await env.DB_2.prepare('SELECT count(*) AS n FROM staff_roles WHERE salon_id = 3').first()).toEqual({ n: 0 });
    expect((await call('/api/book-online/salon/3/')).status).toBe(200);
    await env.DB_2.prepare('DELETE FROM staff WHERE id = 4').run();
  });
});

describe("a salon's calls reach only its own database", () => {
  it("salon 2's page, data, availability, booking and settings run on DB_2; DB serves only the directory", async () => {
    const client = await newClient();
    const start = (await restyleTimes())[0]!;
    const calls = [
      await traced('/salon/2'),
      await traced('/api/book-online/salon/2/'),
      await traced('/api/book-online/services/2/'),
      await traced(`/api/book-online/new/availability/appointment/2/${tuesday()}/10/5/null/`),
    ];
    for (const { res } of calls) expect(res.status).toBe(200);
    const booking = await traced('/api/book-online/appointment/create/2/', restyleRequest(client, start));
    expect(booking.res.status).toBe(201);
    const { appointment_id: id } = (await booking.res.json()) as { appointment_id: number };
    // the answer's bookmark is DB_2's (numbered), and the client's next read of salon 2 starts from it there
    const bookmark = booking.res.headers.get('X-D1-Bookmark')!;
    expect(bookmark).toMatch(/(?:^|~)2\.[0-9a-f]+-/);
    const atDb2 = bookmark
      .split('~')
      .find((b) => b.startsWith('2.'))!
      .slice(2);
    const upcoming = await traced(`/api/ncob/client/appointments/2/future/${client.username}/`, {
      headers: { ...client.auth, 'X-D1-Bookmark': bookmark },
    });
    expect(upcoming.ran).toContainEqual({ binding: 'DB_2', sql: `(session from ${atDb2})` });
    expect(upcoming.res.status).toBe(200);
    expect(JSON.stringify(await upcoming.res.json())).toContain(String(id));
    const settings = await traced('/admin/salons/2', { method: 'PATCH', ...adminJson({ theme_mode: 'neutral' }) });
    expect(settings.res.status).toBe(200);
    const ran = [...calls, booking, upcoming, settings].flatMap((c) => c.ran).filter((r) => !r.sql.startsWith('(session'));
    expect(ran.filter((r) => r.binding === 'DB_2').length).toBeGreaterThan(20);
    expect(ran.filter((r) => r.binding === 'DB' && !isGlobal(r.sql)).map((r) => r.sql)).toEqual([]);
    // the booking is in salon 2's database, not the first
    expect(await env.DB_2.prepare('SELECT salon_id FROM appointments WHERE id = ?').bind(id).first()).toEqual({ salon_id: 2 });
    expect(await env.DB.prepare('SELECT 1 FROM appointments WHERE salon_id = 2').first()).toBeNull();
  });

  it("salon 1's calls never touch DB_2", async () => {
    const calls = [
      await traced('/salon/1'),
      await traced('/api/book-online/salon/1/'),
      await traced('/api/book-online/services/1/'),
      await traced(`/api/book-online/new/availability/appointment/1/${tuesday()}/1/1/null/`),
    ];
    for (const { res } of calls) expect(res.status).toBe(200);
    const ran = calls.flatMap((c) => c.ran).filter((r) => !r.sql.startsWith('(session'));
    expect(ran.filter((r) => r.binding === 'DB').length).toBeGreaterThan(5);
    expect(ran.filter((r) => r.binding === 'DB_2')).toEqual([]);
    expect((await patchSalon(1, { theme_mode: 'dark' })).status).toBe(200);
  });
});

describe('one database', () => {
  it('a Worker with DB alone never reads the directory: every salon is in DB, as before', async () => {
    const ran: Ran = [];
    const res = await call('/api/book-online/services/1/', {}, { DB: recorded('DB', env.DB, ran), DB_2: undefined });
    expect(res.status).toBe(200);
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.filter((r) => /salon_placements/.test(r.sql))).toEqual([]);
  });
});

describe('what spans salons, across databases', () => {
  it("a client's salons come from the index: the demo client's two salons, one in each database", async () => {
    const jamie = await demoClient();
    const res = await call(`/api/ncob/client/salons/${jamie.username}/`, { headers: jamie.auth });
    expect(res.status).toBe(200);
    const salons = (await res.json()) as { id: number; name: string }[];
    expect(salons.map((s) => s.id).sort()).toEqual([1, 2]);
    expect(salons.find((s) => s.id === 2)?.name).toBe('Willow & Co Shoreditch');
  });

  it("a new client's first booking at the salon in DB_2 puts the salon in the index, and its salons then name it", async () => {
    const client = await newClient();
    const before = await call(`/api/ncob/client/salons/${client.username}/`, { headers: client.auth });
    expect(await before.json()).toEqual([]);
    const start = (await restyleTimes(tuesday(1)))[0]!;
    expect((await call('/api/book-online/appointment/create/2/', restyleRequest(client, start))).status).toBe(201);
    expect(await env.DB.prepare('SELECT salon_id FROM client_salons WHERE client_id = ?').bind(client.username).all()).toMatchObject({
      results: [{ salon_id: 2 }],
    });
    const after = (await (await call(`/api/ncob/client/salons/${client.username}/`, { headers: client.auth })).json()) as { id: number }[];
    expect(after.map((s) => s.id)).toEqual([2]);
  });

  it("a group's picker and its next times list the locations of both databases", async () => {
    const group = (await (await call('/api/book-online/group/1/')).json()) as { salons: { id: number }[] };
    expect(group.salons.map((s) => s.id).sort()).toEqual([1, 2]);
    const next = (await (await call('/api/book-online/group/1/next-times/')).json()) as { salons: { id: number }[] };
    expect(next.salons.map((s) => s.id)).toEqual([1, 2]);
  });

  it('the short URL of the salon in DB_2 still leads to it: one read of the name index in DB, then one of DB_2', async () => {
    // (setting its name again renews the tenancy version, so the lookup is not answered from the edge's cache)
    expect((await patchSalon(2, { short_slug: 'shoreditch' })).status).toBe(200);
    const { res, ran } = await traced('/api/book-online/salon/by-slug/shoreditch/');
    expect(await res.json()).toEqual({ id: 2 });
    expect(res.headers.get('X-Cache')).toBe('MISS');
    const statements = ran.filter((r) => !r.sql.startsWith('(session'));
    const inDb = statements.filter((r) => r.binding === 'DB');
    expect(inDb.filter((r) => !isGlobal(r.sql))).toEqual([]);
    expect(inDb.filter((r) => /\bsalon_names\b/.test(r.sql))).toHaveLength(1);
    expect(statements.filter((r) => r.binding === 'DB_2')).toHaveLength(1);
    expect((await call('/s/shoreditch')).headers.get('Location')).toBe('/salon/2');
  });
});

describe('staff across databases', () => {
  it('the group owner signs in to the console with both locations, and reads the diary of the one in DB_2', async () => {
    const owner = await staffLogin(STAFF.groupOwner);
    expect(owner.me.salons.map((s) => [s.id, s.role])).toEqual(
      expect.arrayContaining([
        [1, 'owner'],
        [2, 'owner'],
      ]),
    );
    const diary = await consoleCall(`/api/console/salons/2/diary/${tuesday()}`, owner.access_token);
    expect(diary.status).toBe(200);
  });

  it("the console's member lookup asks only the databases the staff index names for them", async () => {
    const me = async (who: { email: string; password: string }) =>
      traced('/api/console/me', { headers: { Authorization: `Bearer ${(await staffLogin(who, APART)).access_token}` } });
    const owner3 = await me(STAFF.owner3);
    expect(owner3.res.status).toBe(200);
    expect(owner3.ran.some((r) => /\bstaff_salons\b/.test(r.sql) && r.binding === 'DB')).toBe(true);
    expect(owner3.ran.filter((r) => r.binding === 'DB_2' && !r.sql.startsWith('(session'))).toEqual([]);
    const group = await me(STAFF.groupOwner);
    expect(group.ran.some((r) => r.binding === 'DB_2' && /\bstaff\b/.test(r.sql))).toBe(true);
  });
});

const adminJson = (body: unknown) => ({
  headers: { Authorization: 'Bearer demo-admin-2', 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
