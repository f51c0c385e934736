import type { Locator } from '@playwright/test';
import { expect, SALONS, test, type ThemeMode } from './fixtures';

// Issue 17, the salon's identity: a logo in place of the initials, a cover picture, the address
// with a map link and the opening hours at the top of the salon page; stylist photos. Demo data:
// salon 1 has a logo, a cover and photos of Amelia and Ben; salon 2 has none (its initials).

const S1 = SALONS[1];

/** The image has really loaded (not a broken image with its box only). */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
}

for (const width of [320, 1280]) {
  test(`salon 1 at ${width} px: logo, cover, address, map link and the week's hours`, async ({
    openSalon,
    page,
    expectNoSidewaysScroll,
  }) => {
    await openSalon(1, { width });
    await expectLoaded(page.getByRole('banner').getByRole('img', { name: `${S1.name} logo` }));

    const cover = page.getByRole('img', { name: `${S1.name}: cover picture` });
    if (width < 768) {
      // On a phone the cover is the header's background, under a veil that keeps its text white
      // and readable, and the page starts with the services (issue 35).
      await expect(cover).toBeHidden();
      const header = page.getByRole('banner');
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(
        /linear-gradient\(rgba\(0, 0, 0, 0\.58\).*url\(".*"\)/,
      );
      await expect(header.getByText(S1.name, { exact: true })).toHaveCSS('color', 'rgb(255, 255, 255)');
    } else {
      await expectLoaded(cover);
      await expect(cover).toHaveAttribute('fetchpriority', 'high');
      // its size is known before it loads, so nothing below it moves
      await expect(cover).toHaveAttribute('width', '1200');
      await expect(cover).toHaveAttribute('height', '480');
      const box = (await cover.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(3, 1);
    }

    await expect(page.getByText('12 Camden Passage, First floor, London N1 8ED', { exact: true })).toBeVisible();
    const map = page.getByRole('link', { name: `Map of ${S1.name} (opens in a new tab)` });
    await expect(map).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Willow%20%26%20Co%20Islington%2C%2012%20Camden%20Passage/,
    );
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', /noopener/);

    // Whether it is open now in the summary; the week behind it, Monday first (derived from the stylists' hours).
    const hours = page.locator('details').filter({ has: page.locator('summary') });
    await expect(hours.locator('summary')).toHaveText(/^(Open now until|Opens today at) \d{1,2}(:\d\d)? [ap]m$|^Closed (now|today)$/);
    await expect(page.getByText('Tuesday', { exact: true })).toBeHidden();
    await hours.locator('summary').click();
    const days = hours.locator('dt');
    await expect(days).toHaveText(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    await expect(hours.locator('dd')).toHaveText([
      '9 am – 7 pm',
      '9 am – 7 pm',
      '8:30 am – 7 pm',
      '8:30 am – 7 pm',
      '8:30 am – 6 pm',
      '8:30 am – 6 pm',
      '10 am – 4 pm',
    ]);
    await expectNoSidewaysScroll();
  });
}

test('salon 2 has no logo or cover: its initials stay in the header', async ({ openSalon, page }) => {
  await openSalon(2, { width: 390 });
  const header = page.getByRole('banner');
  await expect(header.getByText('WC', { exact: true })).toBeVisible();
  await expect(header.getByRole('img')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /cover picture/ })).toHaveCount(0);
  await expect(page.getByText('88 Redchurch Street, London E2 7DJ', { exact: true })).toBeVisible();
});

test('hours the salon sets replace the derived ones on the next page load', async ({ openSalon, page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const headers = { Authorization: 'Bearer demo-admin-2', 'Content-Type': 'application/json' };
  const day = [
    { open: '08:00', close: '12:00' },
    { open: '13:00', close: '20:00' },
  ];
  const week = { sunday: [], monday: [], tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day };
  expect((await api.patch('/admin/salons/2', { headers, data: { opening_hours: week } })).status()).toBe(200);
  try {
    await openSalon(2, { width: 390 });
    await page.locator('summary').click();
    await expect(page.locator('dd')).toHaveText(['Closed', ...Array(5).fill('8 am – 12 pm, 1 pm – 8 pm'), 'Closed']);
  } finally {
    expect((await api.patch('/admin/salons/2', { headers, data: { opening_hours: null } })).status()).toBe(200);
    await api.dispose();
  }
});

test('stylists with a photo show it in place of their initials', async ({ journey, page }) => {
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await journey.chooseFinishing(['Blow Dry']);
  await expect(page).toHaveURL('/salon/1/favouritestylistselect');
  const staff = journey.staff;
  await expectLoaded(staff.row('Full Head Tint', 'Amelia Hart').locator('img'));
  await expect(staff.row('Full Head Tint', 'Amelia Hart').getByText('AH', { exact: true })).toHaveCount(0);
  await expect(staff.row('Blow Dry', 'Chloe Price').getByText('CP', { exact: true })).toBeVisible();
  await expect(staff.row('Blow Dry', 'Chloe Price').locator('img')).toHaveCount(0);
});

// In slick and dark at 320 px the identity block (salons 1 and 2, opened) is in themes.spec.ts's one
// axe pass of each theme's first screen; neutral's salon takes no bookings online and shows none.
test('the identity block has no axe violations in the neutral theme at 320 px, nor in its own at 1280 px', async ({
  openSalon,
  setSalon,
  page,
  expectAccessible,
}) => {
  for (const [theme, width] of [
    [S1.theme, 1280],
    ['neutral', 320],
  ] as [ThemeMode, number][]) {
    if (theme !== S1.theme) await setSalon(1, { theme_mode: theme });
    await openSalon(1, { width });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.locator('summary').click();
    await expect(page.locator('dt').first()).toBeVisible();
    await expectAccessible(`salon 1 (${theme}) at ${width} px`);
  }
});
