import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Group, SalonDetails } from '../../shared/types';
import { CHANGE_SETTLE_MS, LEASE_MS } from '../../worker/edge/versions';
import { bootstrapOf, call as plainCall, patchSalon as plainPatch, themeOf } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The other Worker tests run without the version lease (VERSION_LEASE_MS=0 in vitest.config.ts):
// these are about it, so they run with the lease production has.
const leased = { VERSION_LEASE_MS: String(LEASE_MS) };
const call = (path: string, init?: RequestInit) => plainCall(path, init, leased);
const patchSalon = (id: number, body: unknown) => plainPatch(id, body, undefined, leased);

describe('the edge caches public calls without ever delaying a salon change', () => {
  it('serves a repeated public call from the cache', async () => {
    const first = await call('/api/book-online/services/2/');
    const second = await call('/api/book-online/services/2/');
    expect(second.headers.get('X-Cache')).toBe('HIT');
    expect(await second.json()).toEqual(await first.json());
  });

  it('answers 304 to a browser that already has the current version', async () => {
    const first = await call('/api/book-online/salon/2/');
    const etag = first.headers.get('ETag')!;
    expect(etag).toBeTruthy();
    const again = await call('/api/book-online/salon/2/', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('shows a theme change on the very next page load and API call', async () => {
    await call('/salon/2');
    await call('/api/book-online/salon/2/');
    expect((await patchSalon(2, { theme_mode: 'neutral' })).status).toBe(200);
    const res = await call('/api/book-online/salon/2/');
    expect(res.headers.get('X-Cache')).toBe('MISS');
    expect(((await res.json()) as SalonDetails).theme_mode).toBe('neutral');
    const html = await (await call('/salon/2')).text();
    expect(themeOf(html)).toBe('neutral');
    // and the cache serves the new state from then on
    expect((await call('/api/book-online/salon/2/')).headers.get('X-Cache')).toBe('HIT');
  });

  it('shows online booking switched off on the very next page load', async () => {
    await call('/salon/1');
    await patchSalon(1, { online_booking: false });
    const boot = bootstrapOf(await (await call('/salon/1')).text());
    expect(boot.page === 'salon' && boot.salon.online_booking).toBe(false);
  });

  it('a salon rename reaches its group listing at once', async () => {
    await call('/api/book-online/group/1/');
    await patchSalon(2, { name: 'Willow & Co Hoxton' });
    const group = (await (await call('/api/book-online/group/1/')).json()) as Group;
    expect(group.salons.map((s) => s.name)).toContain('Willow & Co Hoxton');
    const page = bootstrapOf(await (await call('/group/1/')).text());
    expect(page.page === 'group' && page.group.salons.map((s) => s.name)).toContain('Willow & Co Hoxton');
  });

  it('a new short URL works at once, and an old one stops once it is past the 3 kept', async () => {
    expect((await call('/s/shoreditch')).status).toBe(302);
    await patchSalon(2, { short_slug: 'hoxton' });
    expect((await call('/s/hoxton')).headers.get('Location')).toBe('/salon/2');
    expect((await call('/s/shoreditch')).headers.get('Location')).toBe('/salon/2');
    for (const name of ['hoxton-2', 'hoxton-3', 'hoxton-4']) await patchSalon(2, { short_slug: name });
    expect((await call('/s/shoreditch')).status).toBe(404);
  });

  it('resolves a custom domain from the cache, not from the salons table, on every page load', async () => {
    const domain = { headers: { Host: 'book.demo-salon.test' } };
    expect(bootstrapOf(await (await call('/', domain)).text())).toMatchObject({ page: 'salon', salon: { id: 1 } });
    // A row rewritten underneath the edge, with no settings change (as no real change does):
    // the page keeps being served from the cached answer, so it no longer reads the table.
    await env.DB.prepare('UPDATE salons SET custom_domain = NULL WHERE id = 1').run();
    try {
      expect(bootstrapOf(await (await call('/', domain)).text())).toMatchObject({ page: 'salon', salon: { id: 1 } });
      expect((await call('/api/book-online/salon/by-domain/book.demo-salon.test/')).headers.get('X-Cache')).toBe('HIT');
    } finally {
      await env.DB.prepare("UPDATE salons SET custom_domain = 'book.demo-salon.test' WHERE id = 1").run();
    }
  });

  it('remembers that a short URL belongs to no salon, until a change of short URLs', async () => {
    const first = await call('/api/book-online/salon/by-slug/never-heard-of/');
    expect(first.status).toBe(404);
    expect(first.headers.get('X-Cache')).toBe('MISS');
    const again = await call('/api/book-online/salon/by-slug/never-heard-of/');
    expect(again.status).toBe(404);
    expect(again.headers.get('X-Cache')).toBe('HIT');
    expect(again.headers.get('ETag')).toBeNull();
    expect((await again.json()) as { detail: string }).toMatchObject({ detail: 'No salon has the short URL /s/never-heard-of' });
  });

  it('does not cache failures', async () => {
    expect((await call('/api/book-online/salon/404/')).status).toBe(404);
    const again = await call('/api/book-online/salon/404/');
    expect(again.status).toBe(404);
    expect(again.headers.get('X-Cache')).toBeNull();
  });

  it('a change made while pages are being served shows on the first request after the change answers', async () => {
    // Keep the isolate busy with the salon's page before, during and after the change.
    let serving = true;
    const themes: string[] = [];
    const load = (async () => {
      while (serving) {
        themes.push(themeOf(await (await call('/salon/2')).text()) ?? '');
        await sleep(1); // a warm page answers without I/O: let the change's timer run
      }
    })();
    await sleep(50);
    const started = Date.now();
    expect((await patchSalon(2, { theme_mode: 'slick' })).status).toBe(200);
    const answeredAfter = Date.now() - started;
    const right = await call('/salon/2');
    serving = false;
    await load;
    expect(themeOf(await right.text())).toBe('slick');
    expect((await (await call('/api/book-online/salon/2/')).json()) as SalonDetails).toMatchObject({ theme_mode: 'slick' });
    // The change answers only once no shared version read from before it can still be used.
    expect(answeredAfter).toBeGreaterThanOrEqual(LEASE_MS);
    expect(themes.length).toBeGreaterThan(0);
  });

  it('reads a salon version at most once per lease, however busy the salon is', async () => {
    await sleep(CHANGE_SETTLE_MS); // no read of an earlier test is still shared
    const first = await call('/api/book-online/salon/1/');
    expect(first.status).toBe(200);
    // A version bump that skips the change's settle wait (as no real change does) stays unseen
    // until the lease of the last read runs out, which proves later requests reused that read.
    await env.DB.prepare("UPDATE cache_versions SET version = 'bumped-directly' WHERE scope = 'salon:1'").run();
    await env.DB.prepare("INSERT OR IGNORE INTO cache_versions (scope, version) VALUES ('salon:1', 'bumped-directly')").run();
    const soon = await call('/api/book-online/salon/1/');
    expect(soon.headers.get('X-Cache')).toBe('HIT');
    expect(soon.headers.get('ETag')).toBe(first.headers.get('ETag'));
    await sleep(CHANGE_SETTLE_MS);
    const later = await call('/api/book-online/salon/1/');
    expect(later.headers.get('X-Cache')).toBe('MISS');
    expect(later.headers.get('ETag')).not.toBe(first.headers.get('ETag'));
  });
});
