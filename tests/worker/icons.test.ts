import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../worker/escape-markup';
import { call, patchSalon } from './helpers';

const DOMAIN = { headers: { Host: 'book.demo-salon.test' } };

/** The <link rel="icon"> of a served page. */
function iconLinkOf(html: string): { href?: string; type?: string } {
  const tag = /<link rel="icon"[^>]*>/.exec(html)?.[0] ?? '';
  return { href: /\shref="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, '&'), type: /\stype="([^"]*)"/.exec(tag)?.[1] };
}

/** The text of an initials icon. */
const initialsIn = (svg: string) => /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1];

async function productIcon(): Promise<string> {
  return (await env.ASSETS.fetch('http://localhost/assets/favicon.svg')).text();
}

// Salons 1 and 3 have uploaded logos in the demo data: these tests are of salons without one (initials).
beforeAll(async () => {
  for (const id of [1, 3]) {
    const res = await call(`/admin/salons/${id}/logo`, { method: 'DELETE', headers: { Authorization: `Bearer demo-admin-${id}` } });
    expect(res.status).toBe(204);
  }
});

describe('GET /favicon.ico', () => {
  it("answers the product's icon on the platform's host", async () => {
    const res = await call('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const body = await res.text();
    expect(body).toMatch(/^<svg /);
    expect(body).toBe(await productIcon());
  });

  it("answers the product's icon on an unknown domain", async () => {
    const res = await call('/favicon.ico', { headers: { Host: 'unknown.example.com' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(await productIcon());
  });

  it("answers the salon's initials in its theme's colours on its own domain, revalidated by ETag", async () => {
    const res = await call('/favicon.ico', DOMAIN);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const svg = await res.text();
    expect(initialsIn(svg)).toBe('WC'); // Willow & Co Islington
    expect(svg).toContain('fill="#111114"'); // slick's button colour
    const again = await call('/favicon.ico', { headers: { ...DOMAIN.headers, 'If-None-Match': res.headers.get('ETag')! } });
    expect(again.status).toBe(304);
  });
});

describe("a salon's icon", () => {
  it("is linked from the salon's pages at its settings version, and kept for a year at that address", async () => {
    const link = iconLinkOf(await (await call('/salon/2')).text());
    expect(link.href).toMatch(/^\/salon\/2\/icon\.svg\?v=[0-9a-f]+$/);
    expect(link.type).toBe('image/svg+xml');
    const res = await call(link.href!);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const svg = await res.text();
    expect(initialsIn(svg)).toBe('WC');
    expect(svg).toContain('fill="#e8c26b"'); // dark's button colour
    // The custom domain's pages link to the same icon of their salon.
    expect(iconLinkOf(await (await call('/', DOMAIN)).text()).href).toMatch(/^\/salon\/1\/icon\.svg\?v=/);
  });

  it('is revalidated at an address without the current version', async () => {
    for (const path of ['/salon/2/icon.svg', '/salon/2/icon.svg?v=0123']) {
      const res = await call(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(initialsIn(await res.text())).toBe('WC');
    }
  });

  it('escapes the initials of a hostile name, and shows a rename on the very next page load', async () => {
    const before = iconLinkOf(await (await call('/salon/3')).text()).href!;
    expect(initialsIn(await (await call(before)).text())).toBe('BB');
    expect((await patchSalon(3, { name: 'Zoë & <script>alert(1)</script> Ångström "Studio"' })).status).toBe(200);
    const after = iconLinkOf(await (await call('/salon/3')).text()).href!;
    expect(after).not.toBe(before);
    const svg = await (await call(after)).text();
    expect(initialsIn(svg)).toBe('ZÅ');
    expect(svg).not.toMatch(/script|alert|Studio/);
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
    // The old address now names an old version: it is revalidated, with the new initials.
    const old = await call(before);
    expect(old.headers.get('Cache-Control')).toBe('no-cache');
    expect(initialsIn(await old.text())).toBe('ZÅ');
  });

  it('escapes every markup character it writes', () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });

  it("is the salon's https logo when it has one, on its pages and as its domain's favicon", async () => {
    expect((await patchSalon(1, { image: 'https://images.example.com/willow.png?w=64&h=64' })).status).toBe(200);
    const link = iconLinkOf(await (await call('/salon/1')).text());
    expect(link).toEqual({ href: 'https://images.example.com/willow.png?w=64&h=64', type: undefined });
    const favicon = await call('/favicon.ico', DOMAIN);
    expect(favicon.status).toBe(302);
    expect(favicon.headers.get('Location')).toBe('https://images.example.com/willow.png?w=64&h=64');
    // An http logo would be blocked on an https page: it is refused, and the https one stays.
    expect((await patchSalon(1, { image: 'http://images.example.com/willow.png' })).status).toBe(400);
    expect(iconLinkOf(await (await call('/salon/1')).text()).href).toBe('https://images.example.com/willow.png?w=64&h=64');
    // Without a logo the initials are the icon.
    expect((await patchSalon(1, { image: '' })).status).toBe(200);
    expect(iconLinkOf(await (await call('/salon/1')).text()).href).toMatch(/^\/salon\/1\/icon\.svg\?v=/);
    expect(initialsIn(await (await call('/favicon.ico', DOMAIN)).text())).toBe('WC');
  });

  it.each([
    ['/salon/abc/icon.svg', 400, 'id'],
    ['/salon/0/icon.svg', 400, 'id'],
    ['/salon/1/icon.svg?v=not-a-version', 400, 'v'],
    ['/salon/999/icon.svg', 404, undefined],
  ])('answers %s with %i JSON', async (path, status, field) => {
    const res = await call(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    const body = (await res.json()) as { code: string; field?: string };
    expect(body.code).toBe(status === 400 ? 'BAD_REQUEST' : 'NOT_FOUND');
    expect(body.field).toBe(field);
  });
});
