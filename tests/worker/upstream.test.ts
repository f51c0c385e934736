import { describe, expect, inject, it } from 'vitest';
import { MISS_LIMIT } from '../../worker/edge/public-cache';
import { STAFF } from './console-helpers';
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
    expect(await res.json()).toMatchObject({ path: '/book-online/echo/', query: { a: '1', b: 'two' }, auth: 'Bearer abc', cookie: null });
  });

  it("tells the upstream who calls in the headers it trusts from the edge alone, never the browser's own", async () => {
    const res = await viaUpstream('/api/book-online/echo/', {
      headers: { 'X-Client-Sub': 'someone-else', 'X-Hold-Browser': 'forged', 'X-Forwarded-Origin': 'https://evil.test' },
    });
    const { caller } = (await res.json()) as { caller: Record<string, string | null> };
    expect(caller).toEqual({ sub: null, browser: null, origin: 'http://localhost', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
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

  const onDomain = (host: string) => viaUpstream('/', { headers: { Host: host } });
  const patchUpstreamSalon = (body: unknown) =>
    viaUpstream('/admin/salons/7', {
      method: 'PATCH',
      headers: { Authorization: 'Bearer upstream-key', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('serves a custom domain resolved by the upstream, and asks it only once', async () => {
    const before = (await hits())['by-domain:book.upstream-salon.test'] ?? 0;
    for (let i = 0; i < 2; i++) {
      const res = await onDomain('book.upstream-salon.test');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(themeOf(html)).toBe('dark');
      expect(bootstrapOf(html)).toMatchObject({ page: 'salon', salon: { id: 7 }, basePath: '' });
    }
    expect((await hits())['by-domain:book.upstream-salon.test']).toBe(before + 1);
  });

  it('redirects a short URL resolved by the upstream, and asks it only once', async () => {
    const before = (await hits())['by-slug:upstream'] ?? 0;
    for (let i = 0; i < 2; i++) {
      const res = await viaUpstream('/s/upstream?utm_source=sms');
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe('/salon/7?utm_source=sms');
    }
    expect((await hits())['by-slug:upstream']).toBe(before + 1);
  });

  it('shows the not-found page for a domain or short URL the upstream does not know, asking it once', async () => {
    const before = await hits();
    for (let i = 0; i < 2; i++) {
      const page = await onDomain('unknown.upstream.test');
      expect(page.status).toBe(404);
      expect(bootstrapOf(await page.text())).toMatchObject({ page: 'not-found', what: 'domain' });
      const short = await viaUpstream('/s/nobody-upstream');
      expect(short.status).toBe(404);
      expect(bootstrapOf(await short.text())).toMatchObject({ page: 'not-found', what: 'short URL' });
    }
    const after = await hits();
    expect(after['by-domain:unknown.upstream.test']).toBe((before['by-domain:unknown.upstream.test'] ?? 0) + 1);
    expect(after['by-slug:nobody-upstream']).toBe((before['by-slug:nobody-upstream'] ?? 0) + 1);
  });

  it('never asks the upstream about a malformed domain or short URL, and passes its 400 through the API', async () => {
    const before = await hits();
    expect((await viaUpstream('/s/bad_slug!')).status).toBe(404);
    expect((await onDomain(`${'a'.repeat(250)}.test`)).status).toBe(404);
    expect(Object.keys(await hits()).filter((k) => !(k in before))).toEqual([]);
    const api = await viaUpstream('/api/book-online/salon/by-slug/bad_slug!/');
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ detail: 'slug must be 1-40 lower-case letters, digits or dashes' });
  });

  it('remembers a bounded number of unknown names: a flood pushes out only other unknown names', async () => {
    const before = await hits();
    expect((await viaUpstream('/s/flood-0')).status).toBe(404);
    for (let i = 1; i <= MISS_LIMIT; i++) expect((await viaUpstream(`/s/flood-${i}`)).status).toBe(404);
    expect((await viaUpstream('/s/flood-0')).status).toBe(404);
    expect((await viaUpstream('/s/upstream')).headers.get('Location')).toBe('/salon/7');
    const after = await hits();
    expect(after['by-slug:flood-0']).toBe(2); // forgotten after MISS_LIMIT newer unknown names
    expect(after[`by-slug:flood-${MISS_LIMIT}`]).toBe(1);
    expect(after['by-slug:upstream']).toBe(before['by-slug:upstream']); // the real answer stayed cached
  }, 30_000); // MISS_LIMIT + 3 requests in a row through the upstream: seconds on a busy machine

  it('a change of other settings does not ask the upstream for the domain again', async () => {
    await onDomain('book.upstream-salon.test');
    const before = (await hits())['by-domain:book.upstream-salon.test'];
    expect((await patchUpstreamSalon({ name: 'Upstream Salon Again' })).status).toBe(200);
    const page = bootstrapOf(await (await onDomain('book.upstream-salon.test')).text());
    expect(page).toMatchObject({ page: 'salon', salon: { name: 'Upstream Salon Again' } });
    expect((await hits())['by-domain:book.upstream-salon.test']).toBe(before);
  });

  it('a change of custom domain or short URL made through the upstream is seen on the next request', async () => {
    expect((await onDomain('book.upstream-salon.test')).status).toBe(200);
    expect((await onDomain('book.upstream-moved.test')).status).toBe(404);
    expect((await viaUpstream('/s/upstream-moved')).status).toBe(404);
    const res = await patchUpstreamSalon({ custom_domain: 'book.upstream-moved.test', short_slug: 'upstream-moved' });
    expect(res.status).toBe(200);
    const moved = await onDomain('book.upstream-moved.test');
    expect(moved.status).toBe(200);
    expect(bootstrapOf(await moved.text())).toMatchObject({ page: 'salon', salon: { id: 7 } });
    expect(bootstrapOf(await (await onDomain('book.upstream-salon.test')).text())).toMatchObject({ page: 'not-found', what: 'domain' });
    expect((await viaUpstream('/s/upstream-moved')).headers.get('Location')).toBe('/salon/7');
    expect(bootstrapOf(await (await viaUpstream('/s/upstream')).text())).toMatchObject({ page: 'not-found', what: 'short URL' });
  });

  it("makes the edge's own calls through the upstream as the caller: the console's me for the member signed in", async () => {
    const login = (apart: string) =>
      viaUpstream('/console/session/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': apart },
        body: JSON.stringify(STAFF.groupOwner),
      });
    const res = await login('198.51.100.77');
    expect(res.status).toBe(200);
    const { access_token, me } = (await res.json()) as { access_token: string; me: Record<string, unknown> };
    const { sub } = JSON.parse(atob(access_token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string };
    expect(me).toEqual({
      email: 'staff@upstream.test',
      name: 'Upstream Staff',
      salons: [{ id: 7, name: expect.any(String), role: 'owner', group_id: null }],
      sub,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: null,
    });
    // the API's refusal is the session's: its status and words, and no session cookie
    await fetch(`${upstream}__me-refused`, { method: 'PUT', body: 'true' });
    try {
      const refused = await login('198.51.100.78');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', detail: 'You are no longer on the team of any salon.' });
      expect(refused.headers.get('Set-Cookie') ?? '').not.toMatch(/__Host-staff_session=[^;]/);
    } finally {
      await fetch(`${upstream}__me-refused`, { method: 'PUT', body: 'false' });
    }
  });

  it("sends a reminder's link to its appointment through the upstream's answer", async () => {
    const token = `7.${'a'.repeat(21)}_`;
    const before = (await hits())[`link:/appointment-links/${token}`] ?? 0;
    const res = await viaUpstream(`/r/${token}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/salon/7/visit/${token}`);
    expect((await hits())[`link:/appointment-links/${token}`]).toBe(before + 1);
  });

  it('answers 502 with a clear message when the upstream is unreachable', async () => {
    // a call the edge never answers from its cache (a salon's details may be cached by an earlier file)
    const hold = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' };
    const res = await call('/api/book-online/hold/1/', hold, { UPSTREAM_API: 'http://127.0.0.1:9/' });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/unreachable/);
  });

  it('refuses an invalid UPSTREAM_API setting loudly', async () => {
    const res = await call('/api/book-online/salon/1/', {}, { UPSTREAM_API: 'ftp://nope' });
    expect(res.status).toBe(500);
  });
});
