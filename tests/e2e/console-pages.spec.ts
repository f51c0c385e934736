import { expect, test } from './fixtures';
import { ConsoleSignIn, goToPlace, STAFF } from './console';

// The console's own pages: accessible, in the product's neutral look, and nothing of it on a
// booking page. The sign-in's refusal, each role's places in their order and the salon switcher
// are component tests (tests/unit/components/console-pages.test.tsx, console-booking-page.test.tsx).

/** Every place of the console an owner has, in the navigation's order (client/console/lib/places.ts). */
const PLACES = [
  'Today',
  'Diary',
  'Time off',
  'Services',
  'Stylists',
  'Inbox',
  'Clients',
  'Requests',
  'Vouchers',
  'Reports',
  'Booking page',
  'Addresses',
  'Get paid',
  'Team',
  'API keys',
  'History',
  'Import',
  'Notifications',
];

for (const width of [390, 1280]) {
  test(`at ${width} px the sign-in and every place of the console are accessible (axe)`, async ({
    page,
    expectAccessible,
    expectNoSidewaysScroll,
  }) => {
    // axe also walks the Booking page's two preview frames (the salon's real booking page); each pass adds its own time
    test.setTimeout(120_000);
    const signIn = new ConsoleSignIn(page);
    await signIn.open(width);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'neutral');
    await expectAccessible('the console sign-in');
    await signIn.submit.click();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expectAccessible('the console sign-in with its messages');

    // an owner, who has every place
    await signIn.signIn(STAFF.owner3.email, STAFF.owner3.password);
    // everyone lands on Today (issue 56)
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    if (width === 390) {
      // a phone (docs/console/README.md "On a phone"): a header of one line, at most 64 px; the four
      // most used places in a bar along the bottom, the rest under More, nothing cut off
      expect((await page.locator('header').boundingBox())!.height).toBeLessThanOrEqual(64);
      const nav = page.getByRole('navigation', { name: 'Console' });
      await expect(nav.getByRole('link')).toHaveText(['Today', 'Diary', 'Clients', 'Inbox']);
      const bar = (await nav.boundingBox())!;
      expect(bar.y + bar.height).toBe(844);
      for (const link of await nav.getByRole('link').all()) {
        const fits = await link.evaluate((a) => a.scrollWidth <= a.clientWidth && a.getBoundingClientRect().right <= innerWidth);
        expect(fits, `${await link.textContent()} is not cut off`).toBe(true);
      }
      await nav.getByRole('button', { name: 'More' }).click();
      await expect(nav.getByRole('link', { name: 'Booking page' })).toBeInViewport();
      await expect(nav.getByRole('button', { name: 'Sign out' })).toBeInViewport();
      await expectAccessible('the console’s More menu at 390 px');
      await page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: 'Booking page' })).toHaveCount(0);
    }
    // every place, each once loaded (its title shown, nothing still loading), axe clean and not scrolling sideways
    for (const place of PLACES) {
      await goToPlace(page, place);
      const main = page.locator('#console-main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main.getByText(/^Loading/)).toHaveCount(0);
      if (place === 'Booking page')
        await expect(page.frameLocator('iframe[data-preview=phone]').getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(place);
      await expectNoSidewaysScroll();
      if (place === 'Diary') {
        await page.getByRole('button', { name: 'Week', exact: true }).click();
        await expect(page.getByRole('region', { name: /’s week, seven days$/ }).first()).toBeVisible();
        await expectAccessible('the diary’s week');
        await page.getByRole('button', { name: 'Day', exact: true }).click();
      }
    }
  });
}

test('a booking page loads nothing of the console', async ({ page, openSalon }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await openSalon(3);
  await page.waitForLoadState('networkidle');
  expect(asked.filter((p) => p.startsWith('/console'))).toEqual([]);
});
