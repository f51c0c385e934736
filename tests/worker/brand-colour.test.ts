import { beforeAll, describe, expect, it } from 'vitest';
import { BRAND_COLOUR_MESSAGE } from '../../shared/brand-colour';
import type { VersionedSettings } from '../../shared/console/settings';
import type { HistoryEntry } from '../../shared/console/history';
import { brandPalette } from '../../themes/brand';
import type { BrandFit } from '../../themes/brand';
import { call, patchSalon } from './helpers';
import { consoleCall, readSettings, saveSettings, STAFF, staffLogin } from './console-helpers';
import { DEMO_LINK, salonsOf, tokenOf } from './rebooking-helpers';

// A salon's brand colour (docs/console/README.md "Brand colour"): set by the admin API or the console,
// adjusted per theme so text stays readable, and on the very next page load as CSS variables on
// <html>. Salon 3 is neutral, salon 1 slick, salon 2 dark in the demo data.

/** The `style` the edge set on a served page's <html>, as its declarations; {} without one. */
function htmlColours(html: string): Record<string, string> {
  const style = /<html[^>]*\sstyle="([^"]*)"/.exec(html)?.[1];
  if (!style) return {};
  return Object.fromEntries(style.split(';').map((d) => d.split(':').map((s) => s.trim()) as [string, string]));
}
const pageColours = async (path: string) => htmlColours(await (await call(path)).text());

interface AdminSalon {
  brand_colour: string | null;
  theme_mode: string;
  brand: BrandFit | null;
}

describe('the brand colour through the admin API', () => {
  it('sets a colour that reads as it is: answered, and on the very next page load as CSS variables', async () => {
    expect(await pageColours('/salon/3')).toEqual({});
    const res = await patchSalon(3, { brand_colour: '#0F6B63' });
    expect(res.status).toBe(200);
    const salon = (await res.json()) as AdminSalon;
    expect(salon.brand_colour).toBe('#0f6b63');
    expect(salon.brand).toMatchObject({ colour: '#0f6b63', theme: 'neutral', adjusted: false, message: null, links: '#0f6b63' });
    const colours = await pageColours('/salon/3');
    const brand = brandPalette('neutral', '#0f6b63');
    expect(colours).toEqual({
      '--colors-accent': '#0f6b63',
      '--colors-primary': '#0f6b63',
      '--colors-on-primary': brand.onPrimary,
      '--colors-primary-hover': brand.primaryHover,
      '--colors-primary-active': brand.primaryActive,
    });
    // the public details carry it too, and the custom domain's page the same variables
    expect(((await (await call('/api/book-online/salon/3/')).json()) as { brand_colour: string }).brand_colour).toBe('#0f6b63');
  });

  it('adjusts a colour too light for the theme, and says so in its answer', async () => {
    const res = await patchSalon(1, { brand_colour: '#ffff00' });
    expect(res.status).toBe(200);
    const { brand } = (await res.json()) as AdminSalon;
    expect(brand).toMatchObject({ colour: '#ffff00', theme: 'slick', adjusted: true });
    expect(brand!.message).toMatch(/^Adjusted so text stays readable on the slick theme: buttons use #[0-9a-f]{6} and links #[0-9a-f]{6}/);
    const colours = await pageColours('/salon/1');
    expect(colours['--colors-accent']).toBe(brand!.links);
    expect(colours['--colors-primary']).toBe(brand!.buttons);
    expect(colours['--colors-accent']).not.toBe('#ffff00');
    // the same colour on the custom domain's page
    expect(htmlColours(await (await call('/', { headers: { Host: 'book.demo-salon.test' } })).text())).toEqual(colours);
  });

  it('follows the theme: the same colour changes with a new theme on the next load', async () => {
    expect((await patchSalon(2, { brand_colour: '#000080' })).status).toBe(200);
    const dark = await pageColours('/salon/2');
    expect(dark['--colors-accent']).toBe(brandPalette('dark', '#000080').accent);
    const res = await patchSalon(2, { theme_mode: 'slick' });
    expect(((await res.json()) as AdminSalon).brand).toMatchObject({ theme: 'slick', adjusted: false });
    expect((await pageColours('/salon/2'))['--colors-accent']).toBe('#000080');
  });

  it('colours the initials icon of a salon without a logo, at the new version’s address', async () => {
    expect((await patchSalon(2, { theme_mode: 'dark', brand_colour: '#e8590c' })).status).toBe(200);
    const html = await (await call('/salon/2')).text();
    const href = /<link rel="icon" href="([^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const svg = await (await call(href)).text();
    const brand = brandPalette('dark', '#e8590c');
    expect(svg).toContain(`<circle cx="16" cy="16" r="16" fill="${brand.primary}"/>`);
    expect(svg).toContain(`fill="${brand.onPrimary}"`);
  });

  it('reaches the older rebooking flow with each salon (it sets its theme in the browser)', async () => {
    expect((await patchSalon(1, { brand_colour: '#5a3e9b' })).status).toBe(200);
    const salons = await salonsOf(await tokenOf(DEMO_LINK));
    const brand = brandPalette('slick', '#5a3e9b');
    expect(salons.find((s) => s.salon.id === 1)?.salon.colours).toMatchObject({
      '--colors-accent': brand.accent,
      '--colors-primary': brand.primary,
    });
    expect(salons.find((s) => s.salon.id === 2)?.salon.colours).toBeDefined();
  });

  it('clears back to the theme’s own colours with null', async () => {
    expect((await patchSalon(3, { brand_colour: '#5a3e9b' })).status).toBe(200);
    expect(await pageColours('/salon/3')).not.toEqual({});
    const res = await patchSalon(3, { brand_colour: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ brand_colour: null, brand: null });
    expect(await pageColours('/salon/3')).toEqual({});
  });

  it.each([['yellow'], ['#fff'], ['0f6b63'], ['#0f6b63; background: url(x)'], ['"><script>'], [12], [true], [{}]])(
    'refuses %j with a 400 naming the field, and changes nothing',
    async (bad) => {
      const before = await pageColours('/salon/3');
      const res = await patchSalon(3, { brand_colour: bad });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { detail: string; field: string };
      expect(body.field).toBe('brand_colour');
      expect(body.detail).toBe(BRAND_COLOUR_MESSAGE);
      expect(await pageColours('/salon/3')).toEqual(before);
    },
  );

  it('is the salon’s own: another salon’s key is refused', async () => {
    expect((await patchSalon(3, { brand_colour: '#123456' }, 'demo-admin-1')).status).toBe(401);
  });
});

describe('the brand colour in the console', () => {
  let owner: string;
  let stylist: string;
  beforeAll(async () => {
    owner = (await staffLogin(STAFF.owner3)).access_token;
    stylist = (await staffLogin(STAFF.stylist1)).access_token;
  });
  const read = (salon: number) => readSettings(salon, owner);
  const save = (salon: number, version: number, body: unknown, token = owner) => saveSettings(salon, version, body, token);

  it('an owner saves it: a new version, in History, on the next page load; null clears it', async () => {
    const { version } = await read(3);
    const res = await save(3, version, { brand_colour: '#E8590C' });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as VersionedSettings;
    expect(saved.version).toBe(version + 1);
    expect(saved.settings.brand_colour).toBe('#e8590c');
    expect((await pageColours('/salon/3'))['--colors-accent']).toBe(brandPalette('neutral', '#e8590c').accent);
    const history = (await (await consoleCall('/api/console/salons/3/history', owner)).json()) as HistoryEntry[];
    expect(history[0]).toMatchObject({ field: 'brand_colour', new: '#e8590c', who: STAFF.owner3.email, version: version + 1 });

    expect((await save(3, saved.version, { brand_colour: null })).status).toBe(200);
    expect(await pageColours('/salon/3')).toEqual({});
  });

  it('refuses a malformed colour with the setting’s message', async () => {
    const { version } = await read(3);
    const res = await save(3, version, { brand_colour: 'teal' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors.brand_colour).toBe('Enter the brand colour as # and 6 hex digits, such as #0f6b63');
  });

  it('a stylist cannot change it, nor anyone at a salon they do not work at', async () => {
    expect((await save(1, 1, { brand_colour: '#123456' }, stylist)).status).toBe(403);
    expect((await save(1, 1, { brand_colour: '#123456' }, owner)).status).toBe(404);
  });
});

describe('the console’s live preview of a brand colour', () => {
  it('shows an unsaved colour in the asked theme for that response only', async () => {
    const preview = await call('/salon/3?preview_theme=dark&preview_brand=%23000080');
    expect(preview.headers.get('Cache-Control')).toBe('no-store');
    expect(htmlColours(await preview.text())['--colors-accent']).toBe(brandPalette('dark', '#000080').accent);
    // an empty colour previews the theme's own colours, whatever is saved
    expect((await patchSalon(3, { brand_colour: '#5a3e9b' })).status).toBe(200);
    expect(htmlColours(await (await call('/salon/3?preview_theme=dark&preview_brand=')).text())).toEqual({});
    // without the parameter, the saved colour in the asked theme
    expect((await pageColours('/salon/3?preview_theme=slick'))['--colors-accent']).toBe(brandPalette('slick', '#5a3e9b').accent);
  });

  it('never puts what it was given into the page', async () => {
    const res = await call(`/salon/3?preview_theme=dark&preview_brand=${encodeURIComponent('#000000;background:url(//x)"><script>')}`);
    const html = await res.text();
    expect(html).not.toContain('url(//x)');
    expect(html).not.toContain('"><script>');
    expect(htmlColours(html)).toEqual({});
  });
});
