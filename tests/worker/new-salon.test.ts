import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Category } from '../../shared/types';
import { MSG_NEW_SALON_LIMIT } from '../../worker/abuse/limits';
import { databaseNames } from '../../worker/db/placement';
import { json, newClient, tuesday } from './client-bookings-helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { create, created, GB_SALON, me, newOwner, WEEK } from './new-salon-helpers';
import { bootstrapOf, call, demoLogin } from './helpers';
import { dbOf } from './salon-db';

// Issue 49: a signed-in person sets up a salon of their own (POST /api/console/salons), placed in
// the database the directory chooses, with a starter menu, the owner as its first stylist with the
// salon's hours, no admin key, and a booking page that clients can book on at once.
describe('POST /api/console/salons', () => {
  it("sets up a new owner's first salon: placed by the directory, its owner and first stylist, a starter menu, no admin key", async () => {
    const owner = await newOwner();
    expect(await me(owner.token)).toMatchObject({ email: owner.email, name: 'Robin Shaw', salons: [] });
    const salon = await created(owner.token);
    expect(salon).toEqual({
      id: expect.any(Number),
      name: 'Shaw Hair',
      country: 'GB',
      currency: 'GBP',
      timezone: 'Europe/London',
      booking_page: `https://app.invalid/salon/${salon.id}`,
      services: 6,
    });
    expect((await me(owner.token)).salons).toEqual([{ id: salon.id, name: 'Shaw Hair', role: 'owner', group_id: null }]);
    // the newest database with headroom (DB_2 beside DB in these tests), its directory row with it
    const newest = databaseNames(env).at(-1);
    expect(await env.DB.prepare('SELECT binding FROM salon_placements WHERE salon_id = ?').bind(salon.id).first()).toEqual({
      binding: newest,
    });
    const db = await dbOf(salon.id);
    const row = await db
      .prepare('SELECT phone, postcode, email, admin_key_hash FROM salons WHERE id = ?')
      .bind(salon.id)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ phone: '020 7946 0321', postcode: 'N1 0PQ', email: owner.email });
    // no admin key: nothing opens the admin API, not even the stored value itself
    for (const key of [row!.admin_key_hash, 'demo-admin-1', '']) {
      const res = await call(`/admin/salons/${salon.id}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(401);
    }
    // the owner works in the first stylist's column, with the salon's hours
    const stylist = await db
      .prepare('SELECT st.name, r.role FROM staff_roles r JOIN stylists st ON st.id = r.stylist_id WHERE r.salon_id = ?')
      .bind(salon.id)
      .first();
    expect(stylist).toEqual({ name: 'Robin Shaw', role: 'owner' });
    const hours = await db
      .prepare(
        'SELECT weekday, start_min, end_min FROM stylist_hours h JOIN stylists st ON st.id = h.stylist_id WHERE st.salon_id = ? ORDER BY weekday',
      )
      .bind(salon.id)
      .all();
    expect(hours.results).toEqual(WEEK.map((d) => ({ weekday: d.weekday, start_min: 540, end_min: 1050 })));
  });

  it('the booking page is live with the starter menu, its hours and currency, and a client books on it through the API', async () => {
    const owner = await newOwner();
    const salon = await created(owner.token);
    const details = (await (await call(`/api/book-online/salon/${salon.id}/`)).json()) as { currency: string; opening_hours: unknown[][] };
    expect(details.currency).toBe('GBP');
    expect(details.opening_hours[0]).toEqual([]);
    expect(details.opening_hours[1]).toEqual([{ open: '09:00', close: '17:30' }]);
    const menu = (await (await call(`/api/book-online/services/${salon.id}/`)).json()) as Category[];
    expect(menu.map((c) => c.name)).toEqual(['Cut & Style', 'Colour']);
    const cut = menu[0]!.services.find((s) => s.name === 'Cut & Blow Dry')!;
    expect(cut).toMatchObject({ min_price: 45, min_duration: 60 });
    // the page: live, and for search engines (it has a service and hours)
    const page = await call(`/salon/${salon.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(bootstrapOf(html)).toMatchObject({ page: 'salon', salon: { name: 'Shaw Hair' } });
    expect(html).not.toContain('noindex');

    const stylist = (await (
      await dbOf(salon.id)
    )
      .prepare('SELECT id FROM stylists WHERE salon_id = ?')
      .bind(salon.id)
      .first<{ id: number }>())!.id;
    const date = tuesday(1);
    const slots = await call(`/api/book-online/new/availability/appointment/${salon.id}/${date}/${cut.id}/${stylist}/null/`);
    expect(slots.status).toBe(200);
    const times = Object.keys(((await slots.json()) as { data: Record<string, unknown> }).data);
    expect(times.length).toBeGreaterThan(10);
    const start = times[0]!;
    const client = await newClient();
    const booked = await call(
      `/api/book-online/appointment/create/${salon.id}/`,
      json(
        {
          start_time: start,
          procedures: [
            { service_id: cut.id, stylist_id: stylist, role: 'Owner', start_time: start, duration: 60, price: 45, processing: 0 },
          ],
          total_price: 45,
          cognito_username: client.username,
          notes: '',
          deposit: 0,
          user: { name: 'Robin Mover', phone_number: client.phone, salon_id: salon.id },
          payment_needed: false,
        },
        { ...client.auth, 'Idempotency-Key': crypto.randomUUID() },
      ),
    );
    expect(booked.status, await booked.clone().text()).toBe(201);
    // the owner sees it in the console's diary
    const diary = await consoleCall(`/api/console/salons/${salon.id}/diary/${date}`, owner.token);
    expect(diary.status).toBe(200);
    expect(JSON.stringify(await diary.json())).toContain('Cut & Blow Dry');
  });

  it('a salon with no service is noindex: not for search engines', async () => {
    const owner = await newOwner();
    const salon = await created(owner.token, { ...GB_SALON, name: 'Empty Shelf', starter_menu: 'none' });
    expect(salon.services).toBe(0);
    expect(await (await call(`/salon/${salon.id}`)).text()).toContain('<meta name="robots" content="noindex" />');
  });

  it('the country sets the currency and time zone (a choice where it has several), and its prices', async () => {
    const owner = await newOwner();
    const us = {
      ...GB_SALON,
      name: 'Brooklyn Nails',
      country: 'US',
      timezone: 'America/New_York',
      postcode: '11201',
      phone: '(718) 555-0134',
      starter_menu: 'nails',
    };
    const salon = await created(owner.token, us);
    expect(salon).toMatchObject({ currency: 'USD', timezone: 'America/New_York', services: 5 });
    const menu = (await (await call(`/api/book-online/services/${salon.id}/`)).json()) as Category[];
    // £30 at the US price level, to a round figure
    expect(menu[0]!.services[0]).toMatchObject({ name: 'Gel Manicure', min_price: 40 });
    const nz = await created(owner.token, {
      ...GB_SALON,
      name: 'Kiwi Barbers',
      country: 'NZ',
      postcode: '1010',
      phone: '09 555 0123',
      starter_menu: 'barber',
    });
    expect(nz).toMatchObject({ currency: 'NZD', timezone: 'Pacific/Auckland' });
    // one person, two salons: the console lists each as theirs
    expect((await me(owner.token)).salons.map((s) => s.name)).toEqual(['Brooklyn Nails', 'Kiwi Barbers']);
  });

  it('refuses what does not fit the country, with the field and words to act on', async () => {
    const owner = await newOwner();
    const fieldOf = async (body: unknown) => {
      const res = await create(owner.token, body);
      expect(res.status).toBe(400);
      return (await res.json()) as { field: string; detail: string };
    };
    expect(await fieldOf({ ...GB_SALON, country: 'FR' })).toMatchObject({ field: 'country' });
    expect(await fieldOf({ ...GB_SALON, country: 'US', postcode: '11201', phone: '(718) 555-0134' })).toMatchObject({
      field: 'timezone',
      detail: "Choose the salon's time zone: Eastern, Central, Mountain, Arizona, Pacific, Alaska, Hawaii",
    });
    expect(await fieldOf({ ...GB_SALON, timezone: 'America/New_York' })).toMatchObject({ field: 'timezone' });
    expect(await fieldOf({ ...GB_SALON, phone: '12345' })).toMatchObject({ field: 'phone' });
    expect(await fieldOf({ ...GB_SALON, phone: '+1 718 555 0134' })).toMatchObject({
      field: 'phone',
      detail: 'Enter a phone number in United Kingdom, with its area code',
    });
    expect(await fieldOf({ ...GB_SALON, postcode: '11201' })).toMatchObject({
      field: 'postcode',
      detail: 'Enter the postcode as the post office writes it, such as N1 8ED',
    });
    expect(await fieldOf({ ...GB_SALON, hours: [{ weekday: 1, open: '17:00', close: '09:00' }] })).toMatchObject({
      detail: 'A day closes after it opens',
    });
    expect(await fieldOf({ ...GB_SALON, starter_menu: 'spa' })).toMatchObject({ field: 'starter_menu' });
    expect(await fieldOf({ ...GB_SALON, admin_key: 'mine' })).toMatchObject({ detail: 'Unknown field: admin_key' });
    expect((await me(owner.token)).salons).toEqual([]);
  });

  it('one person sets up at most 10 salons a day: 12 at once, 10 set up', async () => {
    const owner = await newOwner();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(owner.token, { ...GB_SALON, name: `Chain ${i}`, starter_menu: 'none' })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(await answers[statuses.indexOf(429)]!.json()).toMatchObject({ detail: MSG_NEW_SALON_LIMIT });
    expect((await me(owner.token)).salons).toHaveLength(10);
    // at once, the sign-ups reserved the same ids and asked again: each salon its own id, each
    // named by the directory and the staff index, and nothing else named for the person
    const ids = await Promise.all(answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { id: number }).id));
    expect(new Set(ids).size).toBe(10);
    const indexed = await env.DB.prepare("SELECT place_id FROM staff_salons WHERE email = ? AND kind = 'salon' ORDER BY place_id")
      .bind(owner.email)
      .all<{ place_id: number }>();
    expect(indexed.results.map((r) => r.place_id)).toEqual([...ids].sort((a, b) => a - b));
    const placed = await env.DB.prepare(`SELECT count(*) AS n FROM salon_placements WHERE salon_id IN (${ids.join(',')})`).first();
    expect(placed).toEqual({ n: 10 });
  });

  it('needs a console sign-in: none is 401, a client token is 401; a member of a salon may set up another', async () => {
    expect((await create(null, GB_SALON)).status).toBe(401);
    expect((await create((await demoLogin()).token, GB_SALON)).status).toBe(401);
    const owner3 = await staffLogin(STAFF.owner3);
    const salon = await created(owner3.access_token, { ...GB_SALON, name: 'Brooklyn Barber Co. Two', starter_menu: 'barber' });
    const salons = (await me(owner3.access_token)).salons;
    expect(salons).toContainEqual({ id: salon.id, name: 'Brooklyn Barber Co. Two', role: 'owner', group_id: null });
    expect(salons).toContainEqual({ id: 3, name: 'Brooklyn Barber Co.', role: 'owner', group_id: null });
  });
});
