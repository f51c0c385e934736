import type { Page } from '@playwright/test';
import { expect, SALONS, ServiceSelection, test, themeInHtml, type SalonId } from './fixtures';

// docs/booking/journey.md §1: "Each salon has a theme mode: neutral, dark or slick (default slick)."
// The edge sets <html data-theme> in the HTML it sends, so the first paint is in the salon's theme.

const ids = [1, 2, 3] as const satisfies readonly SalonId[];

/** Relative luminance (WCAG) of a computed 'rgb(r, g, b)' colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? [])
    .slice(0, 3)
    .map(Number)
    .map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

async function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** Shows as much of the screen as a client can: the whole welcome text, every category, a selection. */
async function showEverything(screen: ServiceSelection) {
  if (await screen.readMore.isVisible()) await screen.readMore.click();
  await screen.expandAll();
  if ((await screen.services.count()) > 0) await screen.tick(screen.services.first());
  const viewMore = screen.page.getByRole('button', { name: /^view more/ });
  if ((await viewMore.count()) > 0) await viewMore.first().click();
}

// One axe pass per theme, at a phone's width, of the first screen as a new visitor sees it: the
// cookie banner open, and (salons 1 and 2: slick and dark) the identity block's details opened
// (salon-identity.spec.ts sweeps it in neutral at 320 px and in slick at 1280 px; the later
// screens' desktop layout is in journey-accessibility).
for (const id of ids) {
  const salon = SALONS[id];

  test(`salon ${id}: the server sends <html data-theme="${salon.theme}">, and the screen with its cookie banner has no axe violations at 320 px`, async ({
    request,
    page,
    expectAccessible,
  }) => {
    const res = await request.get(`/salon/${id}`);
    expect(res.status()).toBe(200);
    expect(themeInHtml(await res.text())).toBe(salon.theme);

    // The document the browser navigated to carries it too, before and after the app runs.
    await page.setViewportSize({ width: 320, height: 800 });
    const nav = await page.goto(`/salon/${id}`);
    expect(themeInHtml(await nav!.text())).toBe(salon.theme);
    await expect(page.getByRole('banner')).toContainText(salon.name);
    await expect(page.locator('html')).toHaveAttribute('data-theme', salon.theme);

    await showEverything(new ServiceSelection(page));
    // The cookie banner is on screen for a new visitor (its own pass per theme was consent.spec.ts's).
    await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
    // The identity block (name, address, opening hours) with its details open; salon 3 takes no
    // bookings online, and its page has none.
    if (id !== 3) {
      await page.locator('summary').click();
      await expect(page.locator('dt').first()).toBeVisible();
    }
    await expectAccessible(`salon ${id} at 320 px`);
  });
}

test('the body background differs between the three themes (dark is dark)', async ({ openSalon }) => {
  const colours: Record<string, string> = {};
  for (const id of ids) colours[SALONS[id].theme] = await bodyBackground((await openSalon(id)).page);

  expect(new Set(Object.values(colours)).size, JSON.stringify(colours)).toBe(3);
  expect(luminance(colours.dark!)).toBeLessThan(0.05);
  expect(luminance(colours.slick!)).toBeGreaterThan(0.8);
  expect(luminance(colours.neutral!)).toBeGreaterThan(0.8);
});

test('a theme switched through the admin API shows on the very next page load, and the old one once restored', async ({
  openSalon,
  setSalon,
  request,
  page,
}) => {
  for (const [id, to] of [
    [2, 'neutral'],
    [3, 'dark'],
    [1, 'dark'],
  ] as const) {
    await openSalon(id);
    const before = await bodyBackground(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[id].theme);

    const restore = await setSalon(id, { theme_mode: to });
    const nav = await page.goto(`/salon/${id}`);
    expect(themeInHtml(await nav!.text()), `salon ${id}`).toBe(to);
    await expect(page.locator('html')).toHaveAttribute('data-theme', to);
    const after = await bodyBackground(page);
    expect(after, `salon ${id}`).not.toBe(before);
    expect(themeInHtml(await (await request.get(`/salon/${id}`)).text())).toBe(to);

    await restore();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[id].theme);
    expect(await bodyBackground(page), `salon ${id}`).toBe(before);
  }
});

test.describe('other pages', () => {
  // The not-found pages' axe passes are in not-found.spec.ts.
  test('the group picker has no axe violations at 320 px', async ({ openGroup, expectAccessible }) => {
    await openGroup(1, { width: 320 });
    await expectAccessible('group picker at 320 px');
  });
});
