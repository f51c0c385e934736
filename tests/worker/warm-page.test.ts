import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { withConfig, type AppEnv } from '../../worker/env';
import { warmSalonPage } from '../../worker/edge/warm-page';
import { BASE, call, patchSalon } from './helpers';

// A salon's first screen already rendered in this isolate is answered before the request's setup
// (worker/edge/warm-page.ts). The answer must be the page route's own, and a change of the salon's
// settings must be on the very next load.

const SAME_HEADERS = ['Content-Type', 'Cache-Control', 'ETag', 'Content-Security-Policy', 'Referrer-Policy', 'X-Content-Type-Options'];

/** The warm path alone: what it does not answer says so, with a status no route of ours gives. */
const warmOnly = new Hono<AppEnv>()
  .use(withConfig)
  .use(warmSalonPage)
  .all('*', (c) => c.text('went the whole way', 418));
// the tests' own setting shares no version read (VERSION_LEASE_MS 0); the warm path needs the lease production has
const leased = { ...env, VERSION_LEASE_MS: '1000' };
const load = (path: string, init: RequestInit = {}) => call(path, init, leased);
const warm = (path: string, init: RequestInit = {}) => warmOnly.fetch(new Request(new URL(path, BASE), init), leased);

describe("a salon's page already rendered", () => {
  it('is answered before the setup with the same page, status and headers as the page route gave', async () => {
    const first = await load('/salon/1');
    const page = await first.text();
    expect(first.status).toBe(200);
    const again = await warm('/salon/1');
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(page);
    for (const name of SAME_HEADERS) expect(again.headers.get(name), name).toBe(first.headers.get(name));
    // the whole app answers the same, with its transport headers
    const whole = await load('/salon/1');
    expect(await whole.text()).toBe(page);
    expect(whole.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('answers 304 to a browser that has the page', async () => {
    const etag = (await load('/salon/1')).headers.get('ETag')!;
    const res = await warm('/salon/1', { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('ETag')).toBe(etag);
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('leaves a later screen, a preview, a cookie choice not rendered yet, a HEAD and a salon domain to the whole way', async () => {
    await load('/salon/1');
    for (const path of ['/salon/1/summary', '/salon/1?preview_theme=dark', '/salon/01', '/salon/1/x']) {
      expect((await warm(path)).status, path).toBe(418);
    }
    expect((await warm('/salon/1', { headers: { Cookie: 'cookie_consent=all' } })).status).toBe(418);
    expect((await warm('/salon/1', { method: 'HEAD' })).status).toBe(418);
    const onDomain = await warmOnly.fetch(new Request('http://willow.example.test/salon/1'), leased);
    expect(onDomain.status).toBe(418);
  });

  it('with no version read to share (a lease of 0), every load goes the whole way', async () => {
    await call('/salon/1');
    const res = await warmOnly.fetch(new Request(new URL('/salon/1', BASE)), env);
    expect(res.status).toBe(418);
  });

  it("a salon's change of theme is on the very next load", async () => {
    expect(await (await load('/salon/1')).text()).toContain('data-theme="slick"');
    expect((await warm('/salon/1')).status).toBe(200);
    expect((await patchSalon(1, { theme_mode: 'dark' }, undefined, leased)).status).toBe(200);
    try {
      expect((await warm('/salon/1')).status).toBe(418);
      expect(await (await load('/salon/1')).text()).toContain('data-theme="dark"');
    } finally {
      await patchSalon(1, { theme_mode: 'slick' }, undefined, leased);
    }
  });
});
