import { describe, expect, it } from 'vitest';
import { call } from './helpers';

// Issue 16 item 8: no HSTS on HTTPS answers, no nosniff on /api/, and a missing hashed asset
// answered 404 with `immutable` for a year.
const https = (path: string) => `https://localhost${path}`;

describe('transport headers on every answer', () => {
  it.each([
    ['/api/book-online/salon/1/', 200],
    ['/api/book-online/salon/999/', 404],
    ['/api/client/get/invite/1/', 401],
    ['/salon/1', 200],
    ['/s/no-such-slug', 404],
    ['/nowhere/at/all', 302],
  ])('%s over HTTPS carries HSTS and nosniff (%i)', async (path, status) => {
    const res = await call(https(path));
    expect(res.status).toBe(status);
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('sends no HSTS over plain http (browsers ignore it there) but still nosniff on /api/', async () => {
    const res = await call('/api/book-online/salon/1/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Strict-Transport-Security')).toBeNull();
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('answers a missing hashed asset 404 that no cache keeps', async () => {
    const res = await call('/assets/index-doesnotexist.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Cache-Control')).not.toContain('immutable');
    expect(((await res.json()) as { detail: string }).detail).toContain('older release');
  });

  it('answers a missing font 404 that no cache keeps, saying it is a font', async () => {
    const res = await call('/fonts/comic-sans.woff2');
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(((await res.json()) as { detail: string }).detail).toBe('No such font.');
  });
});
