import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShortNameCheck } from '../../shared/console/short-name';
import { moveSalon, placedIn } from '../../worker/db/move-salon';
import { forgetPlacements } from '../../worker/db/placement';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, patchSalon } from './helpers';

/**
 * The name index (worker/names/claims.ts, docs/scale.md "Names across databases"): a custom
 * domain or short name is one salon's across every database by one primary key in the first
 * database, and a lookup reads it there, then the salon's own database.
 */
const holderIn = async (kind: 'domain' | 'short', name: string) =>
  (await env.DB.prepare('SELECT salon_id FROM salon_names WHERE kind = ? AND name = ?').bind(kind, name).first<{ salon_id: number }>())
    ?.salon_id ?? null;
const shortNameOf = async (db: D1Database, salonId: number) =>
  (await db.prepare('SELECT short_slug FROM salons WHERE id = ?').bind(salonId).first<{ short_slug: string }>())?.short_slug;
const TAKEN = { detail: 'That short URL is taken by another salon', field: 'short_slug' };

beforeAll(async () => {
  if ((await placedIn(env, 2)) !== 'DB_2') await moveSalon({ env, salonId: 2, to: 'DB_2', leaseMs: 0 });
  forgetPlacements();
});

describe('the name index', () => {
  it("holds the demo salons' names in the first database, salon 2's too while its rows are in DB_2", async () => {
    expect(await holderIn('short', 'demo')).toBe(1);
    expect(await holderIn('short', 'shoreditch')).toBe(2);
    expect(await holderIn('short', 'brooklyn')).toBe(3);
    expect(await holderIn('domain', 'book.demo-salon.test')).toBe(1);
    expect(await env.DB_2.prepare('SELECT count(*) AS n FROM salon_names').first()).toEqual({ n: 0 });
  });

  it("refuses a name a salon of another database holds: salon 1 cannot take salon 2's short name, nor salon 2 salon 1's domain", async () => {
    const slug = await patchSalon(1, { short_slug: 'shoreditch' });
    expect(slug.status).toBe(409);
    expect(await slug.json()).toMatchObject(TAKEN);
    const domain = await patchSalon(2, { custom_domain: 'book.demo-salon.test' });
    expect(domain.status).toBe(409);
    expect(await domain.json()).toMatchObject({ code: 'CONFLICT', field: 'custom_domain' });
    expect(await shortNameOf(env.DB, 1)).toBe('demo');
  });

  it('gives one new name to exactly one of two salons in two databases asking at the same moment', async () => {
    const answers = await Promise.all([patchSalon(1, { short_slug: 'same-moment' }), patchSalon(2, { short_slug: 'same-moment' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? 1 : 2;
    expect(await holderIn('short', 'same-moment')).toBe(winner);
    expect(await shortNameOf(winner === 1 ? env.DB_2 : env.DB, winner === 1 ? 2 : 1)).toBe(winner === 1 ? 'shoreditch' : 'demo');
    expect(await (await call('/api/book-online/salon/by-slug/same-moment/')).json()).toEqual({ id: winner });
    expect((await patchSalon(winner, { short_slug: winner === 1 ? 'demo' : 'shoreditch' })).status).toBe(200);
  });

  it('takes over a claim left behind, once the salon it names no longer holds the name', async () => {
    await env.DB.prepare("INSERT INTO salon_names (kind, name, salon_id) VALUES ('short', 'left-behind', 2)").run();
    // salon 2 does not hold it (its own database says so): the name is free to check and to take
    const owner3 = await staffLogin(STAFF.owner3);
    const check = await consoleCall('/api/console/salons/3/short-name/check?name=left-behind', owner3.access_token);
    expect((await check.json()) as ShortNameCheck).toMatchObject({ available: true, reason: null });
    expect(await (await call('/api/book-online/salon/by-slug/left-behind/')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await patchSalon(1, { short_slug: 'left-behind' })).status).toBe(200);
    expect(await holderIn('short', 'left-behind')).toBe(1);
    expect(await (await call('/api/book-online/salon/by-slug/left-behind/')).json()).toEqual({ id: 1 });
    expect((await patchSalon(1, { short_slug: 'demo' })).status).toBe(200);
  });

  it('still leads to a salon while it is being moved (its rows are read where they still are)', async () => {
    // (setting its name again renews the tenancy version, so the lookup is not answered from the edge's cache)
    expect((await patchSalon(2, { short_slug: 'shoreditch' })).status).toBe(200);
    await env.DB.prepare('UPDATE salon_placements SET moving_since = 1 WHERE salon_id = 2').run();
    try {
      const res = await call('/api/book-online/salon/by-slug/shoreditch/');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: 2 });
    } finally {
      await env.DB.prepare('UPDATE salon_placements SET moving_since = NULL WHERE salon_id = 2').run();
      forgetPlacements();
    }
  });

  it("lets a claim go when the salon's own write refuses the name: it is free in the index again", async () => {
    // the index without salon 3's name (as for a name written before there was an index): salon 1's claim
    // succeeds, then the first database's own UNIQUE refuses it
    await env.DB.prepare("DELETE FROM salon_names WHERE kind = 'short' AND name = 'brooklyn'").run();
    try {
      const res = await patchSalon(1, { short_slug: 'brooklyn' });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject(TAKEN);
      expect(await holderIn('short', 'brooklyn')).toBeNull();
      expect(await shortNameOf(env.DB, 1)).toBe('demo');
    } finally {
      await env.DB.prepare("INSERT OR REPLACE INTO salon_names (kind, name, salon_id) VALUES ('short', 'brooklyn', 3)").run();
    }
  });
});
