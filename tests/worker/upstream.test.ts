import { describe, expect, inject, it } from 'vitest';
import { bootstrapOf, call, themeOf } from './helpers';

/** The edge in front of a remote booking API (UPSTREAM_API): same paths, same cache and checks. */
describe('UPSTREAM_API: the edge proxies the same paths to a real HTTP upstream', () => {
  const upstream = inject('upstreamUrl');
  const viaUpstream = (path: string, init: RequestInit = {}) => call(path, init, { UPSTREAM_API: upstream });
  const hits = async () => (await (await fetch(`${upstream}__hits`)).json()) as Record<string, number>;

  it('proxies a public call, then serves it from the cache', async () => {
    const before = (await hits())['services:7'] ?? 0;
    const first = await viaUpstream('/api/book-online/services/7/');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([{ id: 1, name: 'Upstream cuts', services: [] }]);
    const second = await viaUpstream('/api/book-online/services/7/');
    expect(second.headers.get('X-Cache')).toBe('HIT');
    expect((await hits())['services:7']).toBe(before + 1);
  });

  it('forwards path, query and authorization but never the browser cookies', async () => {
    const res = await viaUpstream('/api/book-online/echo/?a=1&b=two', {
      headers: { Authorization: 'Bearer abc', Cookie: 'session=secret' },
    });
    expect(await res.json()).toEqual({ path: '/book-online/echo/', query: { a: '1', b: 'two' }, auth: 'Bearer abc', cookie: null });
  });

  it("passes the upstream's errors through and does not follow its redirects", async () => {
    const missing = await viaUpstream('/api/book-online/salon/8/');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Salon not found' });
    const redirect = await viaUpstream('/api/book-online/redirect/');
    expect(redirect.status).toBe(302);
  });

  it("serves the salon's page from the upstream's data, and shows its admin change at once", async () => {
    const html = await (await viaUpstream('/salon/7')).text();
    expect(themeOf(html)).toBe('dark');
    expect(bootstrapOf(html)).toMatchObject({ page: 'salon', salon: { name: 'Upstream Salon' } });
    const res = await viaUpstream('/admin/salons/7', {
      method: 'PATCH',
      headers: { Authorization: 'Bearer upstream-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed Upstream' }),
    });
    expect(res.status).toBe(200);
    const after = bootstrapOf(await (await viaUpstream('/salon/7')).text());
    expect(after).toMatchObject({ page: 'salon', salon: { name: 'Renamed Upstream' } });
  });

  it('resolves a custom domain and a short URL through the upstream, and caches the answer', async () => {
    const domain = (init?: RequestInit) => viaUpstream('/', { ...init, headers: { Host: 'upstream-salon.test' } });
    const first = await domain();
    expect(first.status).toBe(200);
    expect(bootstrapOf(await first.text())).toMatchObject({ page: 'salon', basePath: '', salon: { id: 7 } });
    const after = await hits();
    expect(after['by-domain:upstream-salon.test']).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i++) expect((await domain()).status).toBe(200);
    expect((await hits())['by-domain:upstream-salon.test']).toBe(after['by-domain:upstream-salon.test']);

    const short = await viaUpstream('/s/upstream?utm_source=sms');
    expect(short.headers.get('Location')).toBe('/salon/7?utm_source=sms');
    const slugHits = (await hits())['by-slug:upstream'];
    await viaUpstream('/s/upstream');
    expect((await hits())['by-slug:upstream']).toBe(slugHits);
  });

  it('remembers an unknown domain too, so repeated requests do not reach the upstream', async () => {
    const unknown = () => viaUpstream('/', { headers: { Host: 'nobody-here.test' } });
    const res = await unknown();
    expect(res.status).toBe(404);
    expect(bootstrapOf(await res.text())).toMatchObject({ page: 'not-found', what: 'domain' });
    const n = (await hits())['by-domain:nobody-here.test'];
    expect((await unknown()).status).toBe(404);
    expect((await hits())['by-domain:nobody-here.test']).toBe(n);
  });

  it('answers 502 with a clear message when the upstream is unreachable', async () => {
    const res = await call('/api/book-online/salon/1/', {}, { UPSTREAM_API: 'http://127.0.0.1:9/' });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/unreachable/);
  });

  it('refuses an invalid UPSTREAM_API setting loudly', async () => {
    const res = await call('/api/book-online/salon/1/', {}, { UPSTREAM_API: 'ftp://nope' });
    expect(res.status).toBe(500);
  });
});
