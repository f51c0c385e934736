import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StylistOption, ServiceStylists } from '../../shared/availability';
import type { SalonDetails } from '../../shared/types';
import { bootstrapOf, call, patchSalon } from './helpers';
import { jpeg, png, webp } from './image-bytes';

/** A real 1×1 PNG (70 bytes). */
const ONE_PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const admin = (id: number) => ({ Authorization: `Bearer demo-admin-${id}` });
const put = (path: string, type: string, body: Uint8Array, headers: Record<string, string> = admin(1)) =>
  call(path, { method: 'PUT', headers: { ...headers, 'Content-Type': type }, body });
const salon = async (id = 1) => (await (await call(`/api/book-online/salon/${id}/`)).json()) as SalonDetails;
const detail = async (res: Response) => ((await res.json()) as { detail: string }).detail;

describe('salon images: upload, serve, remove', () => {
  it('takes a logo, serves it immutable at its hash, and the very next page load shows it', async () => {
    const before = bootstrapOf(await (await call('/salon/1')).text());
    const bytes = png(320, 200);
    const res = await put('/admin/salons/1/logo', 'image/png', bytes);
    expect(res.status).toBe(200);
    const logo = (await res.json()) as { url: string; width: number; height: number };
    expect(logo).toEqual({ url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/), width: 320, height: 200 });

    const served = await call(logo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

    const page = bootstrapOf(await (await call('/salon/1')).text());
    expect(page.page === 'salon' && page.salon.logo).toEqual(logo);
    expect(page.page === 'salon' && page.salon.image).toBe(logo.url);
    expect(before.page === 'salon' && before.salon.logo?.url).not.toBe(logo.url);
    expect((await salon()).logo).toEqual(logo);
    // the page's icon is the logo too
    expect(await (await call('/salon/1')).text()).toContain(`<link rel="icon" href="${logo.url}"`);
  });

  it('takes a cover up to 5 MB and a stylist photo, each as its bytes really are', async () => {
    const cover = await put('/admin/salons/1/cover', 'image/jpeg', jpeg(1600, 640));
    expect(cover.status).toBe(200);
    expect(await cover.json()).toMatchObject({ url: expect.stringMatching(/\.jpg$/), width: 1600, height: 640 });
    const big = await put('/admin/salons/1/cover', 'image/png', png(1600, 640, 3 * 1024 * 1024));
    expect(big.status).toBe(200);
    const photo = await put('/admin/salons/1/stylists/3/photo', 'image/webp', webp(192, 180));
    expect(photo.status).toBe(200);
    const { url } = (await photo.json()) as { url: string };
    expect(url).toMatch(/\.webp$/);
    expect((await call(url)).headers.get('Content-Type')).toBe('image/webp');

    const [cut] = (await (await call('/api/book-online/services/stylists/1/1/')).json()) as ServiceStylists[];
    const chloe = cut!.stylists.find((s: StylistOption) => s.stylist_id === 3);
    expect(chloe?.stylist_photo).toBe(url);
    expect(cut!.stylists.find((s) => s.stylist_id === 4)?.stylist_photo).toBeNull();
  }, 30_000);

  it.each([
    ['a GIF', 'image/gif', png(10, 10), 415, /Content-Type image\/png, image\/jpeg, image\/webp/],
    ['no Content-Type', '', png(10, 10), 415, /Content-Type/],
    ['SVG', 'image/svg+xml', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, /Content-Type/],
    ['text sent as a PNG', 'image/png', new TextEncoder().encode('<html><script>alert(1)</script></html>'), 415, /not a PNG, JPEG or WebP/],
    ['a JPEG sent as a PNG', 'image/png', jpeg(10, 10), 415, /is image\/jpeg but was sent as image\/png/],
    ['an empty body', 'image/png', new Uint8Array(0), 400, /empty/],
    ['a logo over 2 MB', 'image/png', png(10, 10, 2 * 1024 * 1024 + 1), 413, /logo must be at most 2 MB/],
    ['an image of 9000 pixels a side', 'image/png', png(9000, 100), 400, /at most 8000 pixels/],
    // issue 33 item 7: a real 1×1 PNG cut short was accepted as a logo
    ['a truncated 1×1 PNG', 'image/png', ONE_PIXEL_PNG.slice(0, 50), 415, /not a PNG, JPEG or WebP/],
    ['a 1×1 PNG with a damaged chunk', 'image/png', ONE_PIXEL_PNG.map((b, i) => (i === 40 ? b ^ 1 : b)), 415, /not a PNG/],
  ])('refuses %s with a clear message', async (_what, type, body, status, message) => {
    const res = await put('/admin/salons/1/logo', type, body);
    expect(res.status).toBe(status);
    expect(await detail(res)).toMatch(message);
  });

  it('takes a whole 1×1 PNG', async () => {
    const res = await put('/admin/salons/2/logo', 'image/png', ONE_PIXEL_PNG, admin(2));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ width: 1, height: 1 });
    expect((await call('/admin/salons/2/logo', { method: 'DELETE', headers: admin(2) })).status).toBe(204);
  });

  it('refuses a cover over 5 MB with 413', async () => {
    const res = await put('/admin/salons/2/cover', 'image/png', png(10, 10, 5 * 1024 * 1024 + 1), admin(2));
    expect(res.status).toBe(413);
    expect(await detail(res)).toMatch(/cover must be at most 5 MB/);
    expect((await salon(2)).cover).toBeNull();
  });

  it.each([
    ['no key', {}],
    ["another salon's key", admin(2)],
  ])('refuses an upload or removal with %s (401) and keeps the images', async (_what, headers) => {
    const was = (await salon(1)).logo;
    expect((await put('/admin/salons/1/logo', 'image/png', png(11, 11), headers)).status).toBe(401);
    expect((await call('/admin/salons/1/logo', { method: 'DELETE', headers })).status).toBe(401);
    expect((await call('/admin/salons/1/stylists/1/photo', { method: 'DELETE', headers })).status).toBe(401);
    expect((await salon(1)).logo).toEqual(was);
  });

  it("refuses another salon's stylist with 404", async () => {
    const res = await put('/admin/salons/1/stylists/5/photo', 'image/png', png(10, 10));
    expect(res.status).toBe(404);
    expect((await call('/admin/salons/1/stylists/5/photo', { method: 'DELETE', headers: admin(1) })).status).toBe(404);
    const [restyle] = (await (await call('/api/book-online/services/stylists/2/10/')).json()) as ServiceStylists[];
    expect(restyle!.stylists[0]!.stylist_photo).toBeNull();
  });

  it('answers 404, never immutable, for an image that is not there', async () => {
    for (const path of [
      '/media/0123456789abcdef0123456789abcdef.png',
      '/media/not-a-hash.png',
      '/media/0123456789abcdef0123456789abcdef.svg',
    ]) {
      const res = await call(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    }
  });

  it('removes the logo: the next page load shows the initials again', async () => {
    await put('/admin/salons/2/logo', 'image/webp', webp(64, 64), admin(2));
    expect((await salon(2)).logo).not.toBeNull();
    const res = await call('/admin/salons/2/logo', { method: 'DELETE', headers: admin(2) });
    expect(res.status).toBe(204);
    const page = bootstrapOf(await (await call('/salon/2')).text());
    expect(page.page === 'salon' && page.salon.logo).toBeNull();
    expect(page.page === 'salon' && page.salon.image).toBe('');
  });

  it('stores the bytes once under their hash: the same image twice is the same address', async () => {
    const a = (await (await put('/admin/salons/2/cover', 'image/png', png(40, 30), admin(2))).json()) as { url: string };
    const b = (await (await put('/admin/salons/1/cover', 'image/png', png(40, 30))).json()) as { url: string };
    expect(a.url).toBe(b.url);
    expect(await env.MEDIA.head(a.url.slice('/media/'.length))).not.toBeNull();
  });
});

const week = (day: { open: string; close: string }[]) => ({
  sunday: [],
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: [{ open: '10:00', close: '16:00' }],
});

describe('opening hours and address', () => {
  it("derives the hours from the stylists' working hours until the salon sets them", async () => {
    const s = await salon(2);
    expect(s.opening_hours_source).toBe('stylists');
    // Sam Taylor: Tue-Sat 10:00-18:00, lunch 13:00-13:30
    expect(s.opening_hours[0]).toEqual([]);
    expect(s.opening_hours[2]).toEqual([
      { open: '10:00', close: '13:00' },
      { open: '13:30', close: '18:00' },
    ]);
    // salon 1 on Monday: Ben 10:00-19:00 and Dan 9:00-18:00, their breaks covered by each other
    expect((await salon(1)).opening_hours[1]).toEqual([{ open: '09:00', close: '19:00' }]);
  });

  it('takes hours per weekday, shows them on the next page load, and null goes back to derived', async () => {
    const res = await patchSalon(3, { opening_hours: week([{ open: '09:00', close: '17:30' }]) });
    expect(res.status).toBe(200);
    const page = bootstrapOf(await (await call('/salon/3')).text());
    expect(page.page === 'salon' && page.salon.opening_hours_source).toBe('salon');
    expect(page.page === 'salon' && page.salon.opening_hours[1]).toEqual([{ open: '09:00', close: '17:30' }]);
    expect(page.page === 'salon' && page.salon.opening_hours[6]).toEqual([{ open: '10:00', close: '16:00' }]);
    expect((await patchSalon(3, { opening_hours: null })).status).toBe(200);
    expect((await salon(3)).opening_hours_source).toBe('stylists');
  });

  it.each([
    [{ ...week([]), monday: undefined }, 'List the openings of each day, or none when closed'],
    [week([{ open: '9:00', close: '17:00' }]), 'Enter opening times such as 09:00'],
    [week([{ open: '17:00', close: '09:00' }]), 'Each opening must close after it opens'],
    [
      week([
        { open: '09:00', close: '13:00' },
        { open: '12:00', close: '17:00' },
      ]),
      'List a day’s openings in order, without overlaps',
    ],
    [{ ...week([]), funday: [] }, 'Unknown day: funday (use sunday, monday, tuesday, wednesday, thursday, friday, saturday)'],
    ['9-5', 'Give the openings of all seven days, or none at all'],
  ])('refuses hours %j with 400', async (hours, message) => {
    const res = await patchSalon(3, { opening_hours: hours });
    expect(res.status).toBe(400);
    expect(await detail(res)).toContain(message);
  });

  it('takes the address and answers a plain map link for it', async () => {
    const res = await patchSalon(2, {
      address_line_1: '1 Rue de Rivoli',
      address_line_2: '',
      city: 'Paris',
      postcode: '75001',
      country_code: 'FR',
    });
    expect(res.status).toBe(200);
    const s = await salon(2);
    expect(s.map_link).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Willow & Co Shoreditch, 1 Rue de Rivoli, Paris, 75001, FR')}`,
    );
  });

  it.each([
    [{ postcode: 'x'.repeat(21) }, 'The postcode can be at most 20 characters'],
    [{ country_code: 'France' }, 'Choose a country (a 2-letter code such as GB)'],
    [{ address_line_1: 42 }, 'The address must be text'],
  ])('refuses the address %j with 400', async (body, message) => {
    const res = await patchSalon(2, body);
    expect(res.status).toBe(400);
    expect(await detail(res)).toContain(message);
  });

  it('answers no map link without an address', async () => {
    await patchSalon(3, { address_line_1: '', address_line_2: '', city: '', postcode: '' });
    expect((await salon(3)).map_link).toBeNull();
  });
});
