import { describe, expect, it } from 'vitest';
import { bootstrapOf, call, patchSalon, themeOf } from './helpers';

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

  it('redirects a short URL to the salon, keeping the query string', async () => {
    const res = await call('/s/demo?utm_source=instagram&utm_medium=social');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/salon/1?utm_source=instagram&utm_medium=social');
  });

  it.each([
    ['/s/nope', 'short URL'],
    ['/s/..%2f..', 'short URL'],
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

  it.each(['/verify/12/abc', '/opt-out/verify/12/abc', '/login/3/xyz', '/invite/1/abc/', '/'])(
    'serves the app at the top-level route %s',
    async (path) => {
      const res = await call(path);
      expect(res.status).toBe(200);
      expect(bootstrapOf(await res.text()).page).toBe('landing');
    },
  );

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

  it('shows a new custom domain, and the loss of an old one, on the very next request', async () => {
    const onHost = (host: string) => call('/', { headers: { Host: host } });
    expect((await onHost('new.shoreditch-salon.test')).status).toBe(404);
    expect((await patchSalon(2, { custom_domain: 'new.shoreditch-salon.test' })).status).toBe(200);
    const now = await onHost('new.shoreditch-salon.test');
    expect(now.status).toBe(200);
    expect(bootstrapOf(await now.text())).toMatchObject({ page: 'salon', salon: { id: 2 } });
    expect((await patchSalon(2, { custom_domain: null })).status).toBe(200);
    expect((await onHost('new.shoreditch-salon.test')).status).toBe(404);
  });

  it('shows a changed short URL on the very next request', async () => {
    expect((await call('/s/shoreditch')).headers.get('Location')).toBe('/salon/2');
    expect((await patchSalon(2, { short_slug: 'shoreditch-e2' })).status).toBe(200);
    expect((await call('/s/shoreditch-e2')).headers.get('Location')).toBe('/salon/2');
    expect((await call('/s/shoreditch')).status).toBe(404);
    expect((await patchSalon(2, { short_slug: 'shoreditch' })).status).toBe(200);
    expect((await call('/s/shoreditch')).headers.get('Location')).toBe('/salon/2');
  });

  it('answers the tenancy calls with the salon, a 404, or a 400 that says what is wrong', async () => {
    expect(await (await call('/api/book-online/salon/by-domain/book.demo-salon.test/')).json()).toEqual({ id: 1 });
    expect(await (await call('/api/book-online/salon/by-slug/demo/')).json()).toEqual({ id: 1 });
    const unknown = await call('/api/book-online/salon/by-slug/no-such-salon/');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'No salon has this short URL' });
    for (const [path, detail] of [
      ['/api/book-online/salon/by-slug/Bad_Slug!/', /slug must be/],
      [`/api/book-online/salon/by-domain/${'a'.repeat(250)}.test/`, /host is too long|host must be/],
      ['/api/book-online/salon/by-domain/not a host/', /host must be/],
    ] as const) {
      const res = await call(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toMatch(detail);
    }
  });
});
