import { describe, expect, it } from 'vitest';
import { bootstrapOf, call, patchSalon, themeOf } from './helpers';

// The salon console's page (/console, a second entry of the client build) and the live preview of
// a salon's booking page in a theme it has not saved (?preview_theme=): that response only.

describe('the console page', () => {
  it.each(['/console', '/console/', '/console/salons/3/booking-page'])('serves the console at %s, not a salon page', async (path) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Salon console</title>');
    expect(html).not.toContain('id="bootstrap"');
    // the product's own calm look, never a salon's theme
    expect(themeOf(html)).toBe('neutral');
    expect(html).toMatch(/src="\/console\/assets\/[\w-]+\.js"/);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self'");
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
  });

  it('serves its scripts from /console/assets/, and a missing one as a 404 never stored', async () => {
    const html = await (await call('/console')).text();
    const script = /src="(\/console\/assets\/[\w-]+\.js)"/.exec(html)![1]!;
    expect((await call(script)).status).toBe(200);
    const missing = await call('/console/assets/index-nothere.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control')).toBe('no-store');
  });

  it("is not served on a salon's own domain (that domain is the salon's booking page)", async () => {
    const html = await (await call('/console', { headers: { Host: 'book.demo-salon.test' } })).text();
    expect(html).not.toContain('<title>Salon console</title>');
  });
});

describe("the console's preview of a salon page", () => {
  it('answers the asked theme for that response only: no ETag, not stored, framed by this origin', async () => {
    expect((await patchSalon(3, { theme_mode: 'neutral' })).status).toBe(200);
    const preview = await call('/salon/3?preview_theme=dark');
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(themeOf(html)).toBe('dark');
    // the page knows it is a preview (no cookie banner, no client session) and sets no cookie
    expect(bootstrapOf(html)).toMatchObject({ page: 'salon', preview: true });
    expect(preview.headers.get('Set-Cookie')).toBeNull();
    expect(preview.headers.get('ETag')).toBeNull();
    expect(preview.headers.get('Cache-Control')).toBe('no-store');
    expect(preview.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");

    // the client's page, before and after the preview, keeps the saved theme and its own headers
    const page = await call('/salon/3');
    const clientHtml = await page.text();
    expect(themeOf(clientHtml)).toBe('neutral');
    expect(bootstrapOf(clientHtml)).not.toHaveProperty('preview');
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
    expect(page.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    const etag = page.headers.get('ETag')!;
    const again = await call('/salon/3', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('ignores a theme that does not exist', async () => {
    const res = await call('/salon/3?preview_theme=%3Cscript%3E');
    expect(themeOf(await res.text())).toBe('neutral');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('answers an unknown salon as not found', async () => {
    expect((await call('/salon/999?preview_theme=dark')).status).toBe(404);
  });
});
