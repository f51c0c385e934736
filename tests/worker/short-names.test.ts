import { env } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShortNameCheck, ShortNameView } from '../../shared/console/short-name';
import { salonOfShortName } from '../../worker/db/short-names';
import { call, patchSalon } from './helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';

const DAY = 86_400_000;
const owner3 = await staffLogin(STAFF.owner3);
const check = async (name: string, token = owner3.access_token) =>
  (await (await consoleCall(`/api/console/salons/3/short-name/check?name=${encodeURIComponent(name)}`, token)).json()) as ShortNameCheck;
const change = (short_name: string, salon = 3, token = owner3.access_token) =>
  consoleCall(`/api/console/salons/${salon}/short-name`, token, { method: 'PUT', body: JSON.stringify({ short_name }) });
const redirectOf = async (path: string) => (await call(path)).headers.get('Location');

afterAll(async () => {
  await change('brooklyn');
});

describe('short names from the console', () => {
  it('checks a name as the owner types: format, reserved words, another salon, its own', async () => {
    expect(await check('brooklyn')).toMatchObject({ available: true, reason: null });
    expect(await check('demo')).toMatchObject({ available: false, reason: 'Another salon has that short name: choose another' });
    expect((await check('console')).reason).toContain('kept for the booking site');
    expect((await check('-bad-')).reason).toContain('lower-case letters');
    expect((await check('Brooklyn-Cuts')).short_name).toBe('brooklyn-cuts');
  });

  it('changes the name; the old one redirects for 90 days and is held from other salons', async () => {
    const res = await change('Brooklyn-Cuts');
    expect(res.status).toBe(200);
    const view = (await res.json()) as ShortNameView;
    expect(view.short_name).toBe('brooklyn-cuts');
    expect(view.previous).toEqual([{ short_name: 'brooklyn', redirects_until: expect.any(String) }]);
    const days = (Date.parse(view.previous[0]!.redirects_until) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    expect(await redirectOf('/s/brooklyn-cuts')).toBe('/salon/3');
    expect(await redirectOf('/s/brooklyn')).toBe('/salon/3');
    const salon = await (await call('/api/book-online/salon/3/')).json();
    expect(salon).toMatchObject({ ncob_tiny_url: '/s/brooklyn-cuts' });

    // another salon cannot take the old name while it redirects; after 90 days it is free
    const groupOwner = await staffLogin(STAFF.groupOwner);
    const taken = await change('brooklyn', 2, groupOwner.access_token);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ field: 'short_name' });
    expect(await salonOfShortName(env.DB, 'brooklyn', Date.now() + 91 * DAY)).toBeNull();

    // the salon may take its old name back: the redirect entry goes
    const back = (await (await change('brooklyn')).json()) as ShortNameView;
    expect(back).toMatchObject({ short_name: 'brooklyn', previous: [{ short_name: 'brooklyn-cuts' }] });
  });

  it('refuses reserved words and bad names with a message under the field, and managers', async () => {
    for (const name of ['admin', 'a_b', '']) {
      const res = await change(name);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.short_name).toBeTruthy();
    }
    const manager = await staffLogin(STAFF.manager3);
    expect((await change('brooklyn-mgr', 3, manager.access_token)).status).toBe(403);
  });
});

describe('short names cannot be hoarded by renaming', () => {
  it('keeps the last 3 old names redirecting, frees the older ones, and allows 5 renames a day, from the console and the admin API', async () => {
    const groupOwner = await staffLogin(STAFF.groupOwner);
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const res = await change(`hoard-${i}`, 1, groupOwner.access_token);
      statuses.push(res.status);
      if (res.status === 429)
        expect(await res.json()).toMatchObject({ field: 'short_name', detail: expect.stringContaining('5 times a day') });
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const view = (await (await consoleCall('/api/console/salons/1/short-name', groupOwner.access_token)).json()) as ShortNameView;
    expect(view.short_name).toBe('hoard-5');
    expect(view.previous.map((p) => p.short_name)).toEqual(['hoard-4', 'hoard-3', 'hoard-2']);
    // the names beyond the last 3 lead nowhere now and are free for another salon
    expect((await call('/s/hoard-1')).status).toBe(404);
    expect((await call('/s/demo')).status).toBe(404);
    expect(await check('demo')).toMatchObject({ available: true });
    expect(await redirectOf('/s/hoard-2')).toBe('/salon/1');
    // the admin API counts the same renames
    const admin = await patchSalon(1, { short_slug: 'hoard-admin' });
    expect(admin.status).toBe(429);
    expect(await admin.json()).toMatchObject({ field: 'short_slug' });
  });
});
