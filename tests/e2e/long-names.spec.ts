import type { Page } from '@playwright/test';
import { DEMO_CLIENT, expect, logInThroughApi, SALONS, test } from './fixtures';

// issue 34: an unbroken 51-character service or stylist name pushed the chosen service's ✕ off a
// 320 px phone and made Your bookings 440 px wide; the salon's name was cut with '…' in the header
// and shown nowhere else on the first screen. The long names are put into the answers the browser
// gets (the page's injected data and the bookings calls), as a salon with such names would send them.

const LONG_SERVICE = 'Supercalifragilisticexpialidociousbalayagetreatment'; // 51 characters
const LONG_STYLIST = 'Wolfeschlegelsteinhausenbergerdorffwelchevoralteren'; // 51 characters
const LONG_SALON = 'Willow & Co Islington Hair, Beauty, Colour and Wellbeing Studio';

/** Serves every answer of the salon's pages and calls with the long names in place of the demo's. */
async function withLongNames(page: Page) {
  await page.route(/\/(salon\/1(\/.*)?|api\/.*)$/, async (route) => {
    const res = await route.fetch();
    const type = res.headers()['content-type'] ?? '';
    if (!/html|json/.test(type)) return route.fulfill({ response: res });
    const body = (await res.text())
      .replaceAll('Blow Dry', LONG_SERVICE)
      .replaceAll('Amelia Hart', LONG_STYLIST)
      // the name as HTML text, and as the injected JSON escapes its '&'
      .replaceAll('Willow &amp; Co Islington', LONG_SALON.replace('&', '&amp;'))
      .replaceAll('Willow \\u0026 Co Islington', LONG_SALON.replace('&', '\\u0026'))
      .replaceAll(SALONS[1].name, LONG_SALON);
    await route.fulfill({ response: res, body });
  });
}

async function expectFits(page: Page) {
  const { scrollWidth, inner } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, inner: innerWidth }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${inner}px viewport`).toBeLessThanOrEqual(inner);
}

test.use({ viewport: { width: 320, height: 640 } });
// A call still under way when a test ends must not fail it from inside the route above
// ('Response has been disposed').
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

test("at 320 px a long service name keeps the chosen service's ✕ on screen, and the salon's full name shows once", async ({
  page,
  journey,
}) => {
  await withLongNames(page);
  await page.goto('/salon/1');
  const name = page.getByText(LONG_SALON, { exact: true }).filter({ visible: true });
  await expect(name).toHaveCount(1);
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the name is shown whole, not cut with …').toBe(true);
  await journey.services.choose(LONG_SERVICE, 'Finishing');
  const remove = page.getByRole('button', { name: `Remove ${LONG_SERVICE}` });
  await expect(remove).toBeInViewport({ ratio: 1 });
  await expectFits(page);
});

test('at 320 px Your bookings with a long service and stylist name fits the screen', async ({ page }) => {
  await logInThroughApi(page, DEMO_CLIENT.e164, DEMO_CLIENT.password);
  await withLongNames(page);
  await page.goto('/salon/1/salon-booking/1?tab=past');
  await expect(page.getByText(LONG_STYLIST).first()).toBeVisible();
  await expectFits(page);
});
