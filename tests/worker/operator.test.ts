import { env } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { moveSalon, placedIn } from '../../worker/db/move-salon';
import { forgetPlacements } from '../../worker/db/placement';
import { call } from './helpers';

/**
 * The operator's move (api/operator.ts): the same move as scripts/move-salon.mjs, run by the
 * deployed Worker on its own bindings, so it reaches production's databases.
 */
const KEY = 'local_operator_key_0000000000000000'; // wrangler.toml's development value
const move = (salon: number | string, body: unknown, key: string | null = KEY, override?: Partial<Cloudflare.Env>) =>
  call(
    `/admin/operator/salons/${salon}/move`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    },
    override,
  );

afterAll(async () => {
  if ((await placedIn(env, 3)) !== 'DB') await moveSalon({ env, salonId: 3, to: 'DB', leaseMs: 0 });
  forgetPlacements();
});

describe('the operator moves a salon between databases', () => {
  it('moves salon 3 to DB_2 and back through the Worker; its page is served from the new database at once', async () => {
    const there = await move(3, { to: 'DB_2' });
    expect(there.status).toBe(200);
    const report = (await there.json()) as { salonId: number; from: string; to: string; counts: Record<string, number> };
    expect(report).toMatchObject({ salonId: 3, from: 'DB', to: 'DB_2' });
    expect(report.counts.services).toBeGreaterThan(0);
    expect(await env.DB.prepare('SELECT binding FROM salon_placements WHERE salon_id = 3').first()).toEqual({ binding: 'DB_2' });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM services WHERE salon_id = 3').first()).toEqual({ n: 0 });
    const page = await call('/api/book-online/salon/3/');
    expect(page.status).toBe(200);
    expect(((await page.json()) as { id: number }).id).toBe(3);

    const back = await move(3, { to: 'DB' });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ salonId: 3, from: 'DB_2', to: 'DB', counts: report.counts });
    expect(await env.DB_2.prepare('SELECT count(*) AS n FROM services WHERE salon_id = 3').first()).toEqual({ n: 0 });
  });

  it('answers what the operator can act on: already there (409), an unknown salon (404), a binding this Worker lacks (400)', async () => {
    const here = await move(3, { to: 'DB' });
    expect(here.status).toBe(409);
    expect(await here.json()).toMatchObject({ detail: 'Salon 3 is already in DB' });
    const unknown = await move(999, { to: 'DB_2' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: 'Salon 999 is not in DB' });
    const lacking = await move(3, { to: 'DB_7' });
    expect(lacking.status).toBe(400);
    expect(await lacking.json()).toMatchObject({
      detail: 'This Worker has no D1 binding DB_7: add it to wrangler.toml and deploy first',
      field: 'to',
    });
    const bad = await move(3, { to: 'users' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'to' });
    expect((await move('x', { to: 'DB_2' })).status).toBe(400);
  });

  it('needs the operator key: none or a wrong one is 401, and a deployment without OPERATOR_KEY answers 403', async () => {
    const none = await move(3, { to: 'DB_2' }, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="operator"');
    expect((await move(3, { to: 'DB_2' }, 'demo-admin-3')).status).toBe(401);
    const unset = await move(3, { to: 'DB_2' }, KEY, { OPERATOR_KEY: '' });
    expect(unset.status).toBe(403);
    expect(await unset.json()).toMatchObject({
      detail: 'This deployment has no OPERATOR_KEY: set it as a secret to use the operator calls',
    });
    // none of these moved it
    expect(await placedIn(env, 3)).toBe('DB');
  });
});
