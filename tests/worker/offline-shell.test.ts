import { describe, expect, it } from 'vitest';
import { bootstrapOf, call } from './helpers';

// The offline shell's files (worker/edge/service-worker.ts) and what the pages tell the browser
// about them: the service worker is asked for again on every check, the CSP lets it run, and a
// page's ETag changes with the release it carries (client/lib/release-check.ts).

describe('the offline shell', () => {
  it('serves /sw.js as JavaScript that the browser asks for again every time', async () => {
    const res = await call('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const sw = await res.text();
    // Workbox's generated worker: precaches the hashed build output and the offline page…
    expect(sw).toMatch(/url:"assets\/index-[\w-]+\.js"/);
    expect(sw).toContain('url:"offline.html"');
    // …and keeps pages in its 'pages' cache only, network first.
    expect(sw).toContain('cacheName:"pages"');
  });

  it('serves the offline page as HTML, revalidated every time', async () => {
    const res = await call('/offline.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<h1>You are offline</h1>');
    expect(html).toContain('data-theme="neutral"');
  });

  it("serves no other file by the shell's names: those paths fall back to / like any other", async () => {
    const res = await call('/workbox-0000.js');
    expect(res.status).toBe(302); // any other path falls back to / (§2)
    expect((await call('/sw.js.map')).status).toBe(302);
  });

  it("the pages' CSP lets the service worker of the page's own origin run, and no other", async () => {
    const csp = (await call('/salon/1')).headers.get('Content-Security-Policy') ?? '';
    expect(csp).toMatch(/(?:^|; )worker-src 'self'(?:;|$)/);
  });
});

describe('the release a page carries', () => {
  it('is the one the release call answers, for either environment name', async () => {
    const page = bootstrapOf(await (await call('/salon/1')).text());
    for (const env of ['production', 'development']) {
      const res = await call(`/api/latest/release/ui.booking/${env}/`);
      expect(await res.json()).toEqual({ latest_release: page.release });
    }
  });

  it("is part of the page's ETag: after a release the browser's copy is not revalidated", async () => {
    const before = await call('/salon/1', {}, { RELEASE: '2026.01.01' });
    const etag = before.headers.get('ETag')!;
    expect(etag).toBeTruthy();
    expect((await call('/salon/1', { headers: { 'If-None-Match': etag } }, { RELEASE: '2026.01.01' })).status).toBe(304);

    const after = await call('/salon/1', { headers: { 'If-None-Match': etag } }, { RELEASE: '2026.02.01' });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(etag);
    expect(bootstrapOf(await after.text()).release).toBe('2026.02.01');
  });
});
