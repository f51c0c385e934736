import { afterEach, describe, expect, it } from 'vitest';
import { localDay } from '../../shared/group-picker';
import { bootstrapOf, call, patchSalon } from './helpers';

// Issue 17: the first screen (a salon's service selection, a group's picker) is rendered at the
// edge with the client's own components into the HTML, and the browser hydrates it.

const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await call(path, { headers });
  expect(res.status).toBe(200);
  return { res, html: await res.text() };
};

describe('the server-rendered first screen', () => {
  afterEach(async () => {
    await patchSalon(1, { name: 'Willow & Co Islington', theme_mode: 'slick' });
  });

  it("a salon's page carries its service selection: title, categories, the salon's name and NEXT", async () => {
    const { html } = await page('/salon/1');
    const root = rootOf(html);
    expect(root).toContain('<h1');
    expect(root).toContain('Select services');
    expect(root).toContain('Willow &amp; Co Islington');
    expect(root).toMatch(/<button[^>]*>\s*NEXT\s*<\/button>|>NEXT</);
    for (const category of bootstrapOf(html).page === 'salon' ? (bootstrapOf(html) as { services: { name: string }[] }).services : []) {
      expect(root).toContain(category.name.replace(/&/g, '&amp;'));
    }
  });

  it('on a first visit the cookie banner is in it; after a choice (the cookie_consent cookie) it is not', async () => {
    expect(rootOf((await page('/salon/2')).html)).toContain('Essential cookies only');
    const chosen = await page('/salon/2', { Cookie: 'cookie_consent=essential' });
    expect(rootOf(chosen.html)).toContain('Select services');
    expect(rootOf(chosen.html)).not.toContain('Essential cookies only');
    expect(chosen.res.headers.get('ETag')).not.toBe((await page('/salon/2')).res.headers.get('ETag'));
  });

  it("says whether the salon is open now from its first paint, the day and instant it carries for hydration being the salon's own", async () => {
    const { html } = await page('/salon/1');
    const boot = bootstrapOf(html) as { today?: number; rendered_at?: number; salon: { timezone: string } };
    expect(boot.today).toBe(localDay(new Date(), boot.salon.timezone).weekday);
    expect(Date.now() - boot.rendered_at!).toBeLessThan(15 * 60_000);
    expect(rootOf(html)).toMatch(/(Open now until|Opens today at) \d{1,2}(:\d\d)? [ap]m<|Closed (now|today)</);
    expect(rootOf(html)).not.toContain('Opening hours');
  });

  it('later screens are rendered in the browser (they need the selection it keeps): their root is empty', async () => {
    for (const path of ['/salon/1/summary', '/salon/1/timeselect', '/salon/1/my-book']) expect(rootOf((await page(path)).html)).toBe('');
  });

  it("a group's page carries its picker with each location", async () => {
    const root = rootOf((await page('/group/1/')).html);
    expect(root).toContain('Choose a location to book:');
    expect(root).toContain('Willow &amp; Co Islington');
    expect(root).toContain('Willow &amp; Co Shoreditch');
  });

  it('a category in the query is rendered as the browser will render it', async () => {
    const all = rootOf((await page('/salon/1')).html);
    const filtered = rootOf((await page('/salon/1?category=Colour')).html);
    expect(filtered).not.toBe(all);
    expect(filtered).toContain('Select services');
  });

  it('salon text is escaped by React: a name with markup is text, never an element', async () => {
    expect((await patchSalon(1, { name: 'Willow <img src=x onerror=alert(1)> & Co' })).status).toBe(200);
    const root = rootOf((await page('/salon/1')).html);
    expect(root).toContain('Willow &lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(root).not.toContain('<img src=x');
  });

  it('a change of the salon shows in the next page, rendered afresh; an unchanged page keeps its ETag', async () => {
    const first = await page('/salon/1');
    const again = await page('/salon/1');
    expect(again.res.headers.get('ETag')).toBe(first.res.headers.get('ETag'));
    expect((await patchSalon(1, { name: 'Willow Islington Renamed' })).status).toBe(200);
    const renamed = await page('/salon/1');
    expect(rootOf(renamed.html)).toContain('Willow Islington Renamed');
    expect(renamed.res.headers.get('ETag')).not.toBe(first.res.headers.get('ETag'));
  });
});
