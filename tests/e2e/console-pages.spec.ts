import { expect, test } from './fixtures';
import { ConsoleSignIn, goToPlace, STAFF } from './console';

// The console's own pages: accessible, in the product's neutral look, and nothing of it on a
// booking page. The sign-in's refusal, each role's places in their order and the salon switcher
// are component tests (tests/unit/components/console-pages.test.tsx, console-booking-page.test.tsx).

for (const width of [390, 1280]) {
  test(`at ${width} px the sign-in and the settings are accessible (axe)`, async ({ page, expectAccessible, expectNoSidewaysScroll }) => {
    // axe also walks the two preview frames (the salon's real booking page)
    test.setTimeout(120_000);
    const signIn = new ConsoleSignIn(page);
    await signIn.open(width);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'neutral');
    await expectAccessible('the console sign-in');
    await signIn.submit.click();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expectAccessible('the console sign-in with its messages');

    await signIn.signIn(STAFF.manager3.email, STAFF.manager3.password);
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
    await goToPlace(page, 'Booking page');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking page' })).toBeVisible();
    await expect(page.frameLocator('iframe[data-preview=phone]').getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible('the booking page settings');
    await expectNoSidewaysScroll();
  });
}

test('a booking page loads nothing of the console', async ({ page, openSalon }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await openSalon(3);
  await page.waitForLoadState('networkidle');
  expect(asked.filter((p) => p.startsWith('/console'))).toEqual([]);
});
