import { describe, expect, it } from 'vitest';
import { call } from './helpers';

/** Whether a robots.txt path rule matches a path (Google's rules: prefix, '*' any run, '$' end). */
function ruleMatches(rule: string, path: string): boolean {
  const anchored = rule.endsWith('$');
  const body = (anchored ? rule.slice(0, -1) : rule)
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
}

/** Whether a crawler may fetch a path: the longest matching rule wins, Allow on a tie. */
function allowed(robots: string, path: string): boolean {
  let best = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const m = /^(Allow|Disallow):\s*(\S*)$/.exec(line);
    if (!m || !m[2] || !ruleMatches(m[2], path)) continue;
    const allow = m[1] === 'Allow';
    if (m[2].length > best.length || (m[2].length === best.length && allow)) best = { length: m[2].length, allow };
  }
  return best.allow;
}

describe('GET /robots.txt', () => {
  it('answers a plain-text robots file, not the app', async () => {
    const res = await call('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Disallow: /api/',
        'Disallow: /admin/',
        'Disallow: /salon/*/my-book',
        'Disallow: /salon/*/profile',
        'Disallow: /my-book',
        'Disallow: /pusher/',
        'Disallow: /salon/*/pay-deposit',
        'Disallow: /salon/*/invite/',
        'Disallow: /login/',
      ]),
    );
    expect(lines).not.toContain('Disallow: /');
  });

  it.each(['book.demo-salon.test', 'unknown.example.com', '127.0.0.1'])('answers the same file on the host %s', async (host) => {
    const here = await call('/robots.txt', { headers: { Host: host } });
    expect(here.status).toBe(200);
    expect(await here.text()).toBe(await (await call('/robots.txt')).text());
  });

  it('lets crawlers read the booking pages and keeps them out of the API and private screens', async () => {
    const robots = await (await call('/robots.txt')).text();
    for (const open of ['/', '/salon/1', '/salon/1/', '/salon/1/timeselect', '/group/1/', '/s/demo', '/stylistselect']) {
      expect(allowed(robots, open), open).toBe(true);
    }
    for (const shut of [
      '/api/book-online/salon/1/',
      '/admin/salons/1',
      '/session/login',
      '/salon/1/my-book',
      '/salon/12/profile',
      '/salon/1/my-profile',
      '/salon/1/add-new-card',
      '/my-book',
      '/profile',
      '/verify/12/abc',
      '/login/3/xyz',
      '/invite/1/abc/',
      '/salon',
    ]) {
      expect(allowed(robots, shut), shut).toBe(false);
    }
  });
});

describe("Apple Pay's domain association file", () => {
  const path = '/.well-known/apple-developer-merchantid-domain-association';
  it("answers the file Stripe provides as plain text, on the platform and on a salon's own domain", async () => {
    const file =
      '7B227073704964223A2239373943394538343346343131343044463144313834343232393232313734313034353044314339464446394437384337313531303944334643463542433731...';
    for (const host of [undefined, 'book.demo-salon.test']) {
      const res = await call(path, { headers: host ? { Host: host } : {} }, { APPLE_PAY_DOMAIN_ASSOCIATION: file });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe(file);
    }
  });

  it('without the setting is a plain 404 that names nothing of the deployment, not a redirect to the booking pages (issue 56)', async () => {
    const res = await call(path, {}, { APPLE_PAY_DOMAIN_ASSOCIATION: undefined });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('Not found\n');
  });
});
