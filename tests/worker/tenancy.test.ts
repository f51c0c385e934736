import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { scheduled } from '../../worker/scheduled';
import { bootstrapOf, call, patchSalon, standIn, themeOf } from './helpers';

describe('tenancy: a salon from its path, custom domain or short URL', () => {
  it("serves /salon/1 with the salon's theme, data and services injected", async () => {
    const res = await call('/salon/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expect(themeOf(html)).toBe('slick');
    expect(html).toContain('<title>Willow &amp; Co Islington | Book online</title>');
    const boot = bootstrapOf(html);
    expect(boot.page).toBe('salon');
    if (boot.page !== 'salon') return;
    expect(boot.basePath).toBe('/salon/1');
    expect(boot.salon).toMatchObject({ id: 1, timezone: 'Europe/London', currency: 'GBP', theme_mode: 'slick' });
    expect(boot.services.map((c) => c.name)).toContain('Colour');
  });

  it.each([
    [2, 'dark', 'Willow & Co Shoreditch'],
    [3, 'neutral', 'Brooklyn Barber Co.'],
  ])('serves salon %i in its %s theme', async (id, theme, name) => {
    const html = await (await call(`/salon/${id}/summary`)).text();
    expect(themeOf(html)).toBe(theme);
    const boot = bootstrapOf(html);
    expect(boot.page === 'salon' && boot.salon.name).toBe(name);
  });

  it('serves the same salon at / on its custom domain', async () => {
    const res = await call('/', { headers: { Host: 'book.demo-salon.test' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const boot = bootstrapOf(html);
    expect(boot.page === 'salon' && boot.salon.id).toBe(1);
    expect(boot.page === 'salon' && boot.basePath).toBe('');
    expect(themeOf(html)).toBe('slick');
  });

  it("serves only its own salon on a custom domain: another salon's short URL or page, or a group, is not found there", async () => {
    const on = (path: string) => call(path, { headers: { Host: 'book.demo-salon.test' } });
    // issue 34 item 11: /s/shoreditch on salon 1's domain served salon 2; issue 33: /salon/3 served salon 3
    for (const path of ['/s/shoreditch', '/salon/3', '/salon/2/timeselect', '/group/1/']) {
      const res = await on(path);
      expect(res.status, path).toBe(404);
      expect(bootstrapOf(await res.text()).page, path).toBe('not-found');
    }
    const own = await on('/s/demo?utm_source=flyer');
    expect(own.status).toBe(302);
    expect(own.headers.get('Location')).toBe('/?utm_source=flyer');
    const ownPath = await on('/salon/1/timeselect');
    expect(ownPath.status).toBe(302);
    expect(ownPath.headers.get('Location')).toBe('/timeselect');
    expect((await on('/salon/1')).headers.get('Location')).toBe('/');
  });

  it('serves deeper booking paths on the custom domain too', async () => {
    const res = await call('/timeselect', { headers: { Host: 'BOOK.demo-salon.test:443' } });
    expect(res.status).toBe(200);
    expect(bootstrapOf(await res.text()).page).toBe('salon');
  });

  it('answers an unknown domain with a not-found page', async () => {
    const res = await call('/', { headers: { Host: 'unknown.example.com' } });
    expect(res.status).toBe(404);
    expect(bootstrapOf(await res.text())).toMatchObject({ page: 'not-found', what: 'domain' });
  });

  it('answers an over-long or malformed host with a not-found page', async () => {
    for (const host of [`${'a'.repeat(250)}.test`, '127.0.0.2', 'book_demo.test']) {
      const res = await call('/', { headers: { Host: host } });
      expect(res.status).toBe(404);
      expect(bootstrapOf(await res.text())).toMatchObject({ page: 'not-found', what: 'domain' });
    }
  });

  it('redirects a short URL typed in capitals to the salon', async () => {
    const res = await call('/s/Shoreditch');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/salon/2');
  });

  it('redirects a short URL to the salon, keeping the query string', async () => {
    const res = await call('/s/demo?utm_source=instagram&utm_medium=social');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/salon/1?utm_source=instagram&utm_medium=social');
  });

  it.each([
    ['/s/nope', 'short URL'],
    ['/s/..%2f..', 'short URL'],
    ['/s/-demo', 'short URL'],
    ['/s/bad_slug!', 'short URL'],
    [`/s/${'a'.repeat(41)}`, 'short URL'],
    ['/salon/999', 'salon'],
    ['/salon/999/timeselect', 'salon'],
    ['/salon/abc', 'salon'],
    ['/salon/1x', 'salon'],
    ['/group/999/', 'group'],
    ['/group/abc/', 'group'],
  ])('answers %s with HTTP 404 and a not-found page', async (path, what) => {
    const res = await call(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(bootstrapOf(html)).toMatchObject({ page: 'not-found', what });
    expect(html).toContain('<div id="root">');
  });

  it('serves the group picker with its salons', async () => {
    const res = await call('/group/1/?utm_source=sms');
    expect(res.status).toBe(200);
    const boot = bootstrapOf(await res.text());
    expect(boot.page === 'group' && boot.group.salons.map((s) => s.ncob_tiny_url)).toEqual(['/s/demo', '/s/shoreditch']);
  });

  it.each(['/verify/12/abc', '/opt-out/verify/12/abc', '/'])('serves the app at the top-level route %s', async (path) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(bootstrapOf(await res.text()).page).toBe('landing');
  });

  it('serves a texted link of a salon in its theme, with its name; salon 2 lives in the second database (issue 56)', async () => {
    // the demo's salon 2 is dark
    for (const path of ['/verify/2/abcd1234', '/opt-out/verify/2/abcd1234/']) {
      const html = await (await call(path)).text();
      expect(themeOf(html), path).toBe('dark');
      expect(bootstrapOf(html)).toEqual({ page: 'landing', release: expect.any(String), salon: { id: 2, name: 'Willow & Co Shoreditch' } });
    }
    expect(await (await call('/verify/2/abcd1234')).text()).toContain('<title>Willow &amp; Co Shoreditch | Your booking</title>');
    // no such salon: the platform's own page, as before
    expect(bootstrapOf(await (await call('/verify/999999/abcd1234')).text())).toEqual({ page: 'landing', release: expect.any(String) });
  });

  it('sends any other path back to /', async () => {
    const res = await call('/no/such/page?x=1');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/');
  });

  it('sends security headers with every page', async () => {
    const res = await call('/salon/1');
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });
});

type ApiError = { detail: string; code: string; field?: string; request_id: string };

describe('tenancy calls of the API: which salon a custom domain or short URL belongs to', () => {
  it('GET book-online/salon/by-domain/{host}/ answers the salon of a custom domain', async () => {
    const res = await call('/api/book-online/salon/by-domain/book.demo-salon.test/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 1 });
    const again = await call('/api/book-online/salon/by-domain/book.demo-salon.test/');
    expect(again.headers.get('X-Cache')).toBe('HIT');
    expect(await again.json()).toEqual({ id: 1 });
    expect(await (await call('/api/book-online/salon/by-domain/BOOK.Demo-Salon.test/')).json()).toEqual({ id: 1 });
  });

  it('GET book-online/salon/by-slug/{slug}/ answers the salon of a short URL', async () => {
    expect(await (await call('/api/book-online/salon/by-slug/demo/')).json()).toEqual({ id: 1 });
    expect(await (await call('/api/book-online/salon/by-slug/shoreditch/')).json()).toEqual({ id: 2 });
    expect(await (await call('/api/book-online/salon/by-slug/Brooklyn/')).json()).toEqual({ id: 3 });
  });

  it.each([
    ['by-domain/nobody.example.com/', 'No salon books online at nobody.example.com'],
    ['by-slug/nobody/', 'No salon has the short URL /s/nobody'],
  ])('answers 404 JSON for %s, each time with its own request id', async (path, detail) => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await call(`/api/book-online/salon/${path}`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as ApiError;
      expect(body).toMatchObject({ detail, code: 'NOT_FOUND' });
      ids.push(body.request_id);
    }
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it.each([
    ['by-slug/bad_slug!/', 'slug', 'slug must be 1-40 lower-case letters, digits or dashes'],
    ['by-slug/-demo/', 'slug', 'slug must be 1-40 lower-case letters, digits or dashes'],
    [`by-slug/${'a'.repeat(41)}/`, 'slug', 'slug must be at most 40 characters'],
    [`by-domain/${'a'.repeat(250)}.test/`, 'host', 'host must be at most 253 characters'],
    ['by-domain/localhost/', 'host', 'host must be a host name such as book.example.com'],
    ['by-domain/book.demo-salon.test:8787/', 'host', 'host must be a host name such as book.example.com'],
    ['by-domain/exa%20mple.com/', 'host', 'host must be a host name such as book.example.com'],
  ])('answers 400 naming the field for %s', async (path, field, detail) => {
    const res = await call(`/api/book-online/salon/${path}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ detail, field, code: 'BAD_REQUEST' });
  });
});

describe("a change of a salon's custom domain or short URL", () => {
  /** A domain set up through the admin API goes live as the console's do: its CNAME points here, the Cron Trigger sees it. */
  async function goLive(host: string) {
    await standIn(`/__dev/cloudflare/custom_hostnames/${host}/dns`, { method: 'POST', body: JSON.stringify({ pointed: true }) });
    for (let i = 0; i < 4; i++) await scheduled({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry: () => undefined }, env);
  }

  it('is seen on the very next request: the new names serve the salon, a removed domain is not found', async () => {
    // Warm every answer first: the old names found, the new ones not.
    expect(bootstrapOf(await (await call('/', { headers: { Host: 'book.demo-salon.test' } })).text())).toMatchObject({
      page: 'salon',
      salon: { id: 1 },
    });
    expect((await call('/', { headers: { Host: 'book.willow-islington.test' } })).status).toBe(404);
    expect((await call('/s/demo')).headers.get('Location')).toBe('/salon/1');
    expect((await call('/s/islington')).status).toBe(404);

    const res = await patchSalon(1, { custom_domain: null, short_slug: 'Islington' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ custom_domain: null, domain: null, short_slug: 'islington' });
    const gone = await call('/', { headers: { Host: 'book.demo-salon.test' } });
    expect(gone.status).toBe(404);
    expect(bootstrapOf(await gone.text())).toMatchObject({ page: 'not-found', what: 'domain' });
    expect((await call('/s/islington?utm_source=sms')).headers.get('Location')).toBe('/salon/1?utm_source=sms');
    // the old short name redirects for 90 days, as the console's does
    expect((await call('/s/demo')).headers.get('Location')).toBe('/salon/1');
    expect(await (await call('/api/book-online/salon/by-slug/islington/')).json()).toEqual({ id: 1 });

    // a new domain is set up through Cloudflare: served from the moment it is live
    const added = await patchSalon(1, { custom_domain: 'Book.Willow-Islington.test' });
    expect(await added.json()).toMatchObject({
      custom_domain: null,
      domain: { hostname: 'book.willow-islington.test', phase: 'waiting_for_dns' },
    });
    expect((await call('/', { headers: { Host: 'book.willow-islington.test' } })).status).toBe(404);
    await goLive('book.willow-islington.test');
    const moved = await call('/', { headers: { Host: 'book.willow-islington.test' } });
    expect(moved.status).toBe(200);
    expect(bootstrapOf(await moved.text())).toMatchObject({ page: 'salon', salon: { id: 1 }, basePath: '' });
  });

  it('lets another salon claim a domain given up, at once, but not a short URL that still redirects', async () => {
    expect((await call('/', { headers: { Host: 'book.demo-salon.test' } })).status).toBe(404);
    const res = await patchSalon(2, { custom_domain: 'book.demo-salon.test' });
    expect(res.status).toBe(200);
    await goLive('book.demo-salon.test');
    const page = await call('/', { headers: { Host: 'book.demo-salon.test' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(themeOf(html)).toBe('dark');
    expect(bootstrapOf(html)).toMatchObject({ page: 'salon', salon: { id: 2 } });
    const slug = await patchSalon(2, { short_slug: 'demo' });
    expect(slug.status).toBe(409);
    expect(await slug.json()).toMatchObject({ field: 'short_slug' });
  });

  it('refuses a domain or short URL another salon has, and keeps serving both as they were', async () => {
    const res = await patchSalon(3, { custom_domain: 'book.demo-salon.test' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ field: 'custom_domain' });
    expect((await patchSalon(3, { short_slug: 'islington' })).status).toBe(409);
    expect(bootstrapOf(await (await call('/', { headers: { Host: 'book.demo-salon.test' } })).text())).toMatchObject({ salon: { id: 2 } });
    expect((await call('/s/islington')).headers.get('Location')).toBe('/salon/1');
  });
});
