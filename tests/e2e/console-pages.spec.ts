import { expect, test } from './fixtures';
import { ConsoleSignIn, STAFF } from './console';

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
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Booking page' }).click();
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
