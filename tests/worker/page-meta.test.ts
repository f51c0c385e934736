import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { bumpVersions } from '../../worker/edge/versions';
import { call, patchSalon } from './helpers';

const GENERIC = 'Book hair and beauty appointments online: choose services, a stylist and a time.';
const HOSTILE = "\"><script>alert(1)</script> & 'Co' &amp;";

/** The page's meta description tags, as written, and the first one's text as a browser reads it. */
function descriptionOf(html: string): { tags: string[]; raw: string | undefined; text: string | undefined } {
  const tags = html.match(/<meta name="description"[^>]*>/g) ?? [];
  const raw = /\scontent="([^"]*)"/.exec(tags[0] ?? '')?.[1];
  const text = raw
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
  return { tags, raw, text };
}

async function pageDescription(path: string, init?: RequestInit) {
  const html = await (await call(path, init)).text();
  const d = descriptionOf(html);
  expect(d.tags).toHaveLength(1);
  return d;
}

describe('the meta description of each page', () => {
  it("describes a salon's page by its name, escaped", async () => {
    const d = await pageDescription('/salon/1');
    expect(d.raw).toBe('Book online with Willow &amp; Co Islington: choose services, a stylist and a time.');
  });

  it('describes the salon on its custom domain and at a deeper path', async () => {
    expect((await pageDescription('/', { headers: { Host: 'book.demo-salon.test' } })).text).toBe(
      'Book online with Willow & Co Islington: choose services, a stylist and a time.',
    );
    expect((await pageDescription('/salon/3/timeselect')).text).toBe(
      'Book online with Brooklyn Barber Co.: choose services, a stylist and a time.',
    );
  });

  it('carries a hostile salon name as text, and a rename on the very next load', async () => {
    await pageDescription('/salon/2');
    expect((await patchSalon(2, { name: HOSTILE })).status).toBe(200);
    const d = await pageDescription('/salon/2');
    expect(d.raw).not.toMatch(/[<>"]/);
    expect(d.text).toBe(`Book online with ${HOSTILE}: choose services, a stylist and a time.`);
  });

  it("describes a group's page by the group's name, escaped", async () => {
    const d = await pageDescription('/group/1/');
    expect(d.raw).toBe('Book online with Willow &amp; Co: choose a location, then services, a stylist and a time.');
    await env.DB.prepare('UPDATE salon_groups SET name = ? WHERE id = 1').bind(HOSTILE).run();
    await bumpVersions(env.DB, ['group:1'], 0);
    const hostile = await pageDescription('/group/1/');
    expect(hostile.raw).not.toMatch(/[<>"]/);
    expect(hostile.text).toBe(`Book online with ${HOSTILE}: choose a location, then services, a stylist and a time.`);
  });

  it.each([
    ['/salon/999', undefined],
    ['/group/999/', undefined],
    ['/s/nobody', undefined],
    ['/', { headers: { Host: 'unknown.example.com' } }],
    ['/', undefined],
  ])('gives %s a generic description', async (path, init) => {
    expect((await pageDescription(path, init)).text).toBe(GENERIC);
  });
});
