import { describe, expect, it } from 'vitest';
import { call, patchSalon } from './helpers';

/** The sources of each directive of a page's Content-Security-Policy. */
function cspOf(res: Response): Record<string, string[]> {
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}
const pixelHostsIn = (csp: Record<string, string[]>) =>
  Object.entries(csp).flatMap(([directive, sources]) => sources.filter((s) => s.includes('facebook')).map((s) => `${directive} ${s}`));

describe("the CSP of a salon's pages and its Facebook pixel", () => {
  it('keeps every Facebook host out where the salon has no pixel, and on the group and landing pages', async () => {
    for (const path of ['/salon/3', '/salon/3/timeselect', '/group/1/', '/']) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(pixelHostsIn(cspOf(res)), path).toEqual([]);
    }
  });

  it("allows exactly the pixel's script host and report host once the salon has a pixel id, on the very next load", async () => {
    expect(pixelHostsIn(cspOf(await call('/salon/2')))).toEqual([]);
    expect((await patchSalon(2, { fb_pixel_id: '123456789012345' })).status).toBe(200);
    for (const path of ['/salon/2', '/salon/2/summary']) {
      const csp = cspOf(await call(path));
      expect(pixelHostsIn(csp).sort(), path).toEqual(['connect-src https://www.facebook.com', 'script-src https://connect.facebook.net']);
      expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://connect.facebook.net']);
    }
    // Another salon's page is unchanged.
    expect(pixelHostsIn(cspOf(await call('/salon/3')))).toEqual([]);
    // And the pixel hosts go again with the pixel.
    expect((await patchSalon(2, { fb_pixel_id: '' })).status).toBe(200);
    const after = cspOf(await call('/salon/2'));
    expect(pixelHostsIn(after)).toEqual([]);
    expect(after['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
  });

  it('answers a 304 with the same CSP as the page it revalidates (a 304 updates the stored headers)', async () => {
    expect((await patchSalon(1, { fb_pixel_id: '42' })).status).toBe(200);
    const first = await call('/salon/1');
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const again = await call('/salon/1', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('Content-Security-Policy')).toBe(first.headers.get('Content-Security-Policy'));
    expect(pixelHostsIn(cspOf(again))).toHaveLength(2);
  });

  it('refuses a pixel id that is not digits, with a clear message', async () => {
    const res = await patchSalon(1, { fb_pixel_id: 'https://evil.example/x.js' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('A Facebook pixel id is up to 20 digits, or empty');
  });
});
