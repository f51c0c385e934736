import { expect, test } from './fixtures';
import { ConsoleSignIn, signInToConsole, STAFF } from './console';

// The console's own pages: accessible, in the product's neutral look, and nothing of it on a
// booking page.

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

test('a wrong password is refused with the sign-in service’s words', async ({ page }) => {
  const signIn = new ConsoleSignIn(page);
  await signIn.open(390);
  await signIn.signIn(STAFF.manager3.email, 'Not-the-password1');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});

test('a group owner switches between the salons of the group', async ({ page }) => {
  await signInToConsole(page, STAFF.groupOwner, 1280);
  const switcher = page.getByLabel('Salon', { exact: true });
  await expect(switcher).toHaveValue('1');
  await expect(page.getByLabel('Salon name')).toHaveValue('Willow & Co Islington');
  await switcher.selectOption({ label: 'Willow & Co Shoreditch' });
  await expect(page).toHaveURL(/\/console\/salons\/2\/booking-page$/);
  await expect(page.getByLabel('Salon name')).toHaveValue('Willow & Co Shoreditch');
  // the diary's day and view stay as they were (issue 56)
  await page.goto('/console/salons/2/diary?date=2027-01-04&view=week');
  await switcher.selectOption({ label: 'Willow & Co Islington' });
  await expect(page).toHaveURL(/\/console\/salons\/1\/diary\?date=2027-01-04&view=week$/);
});

test('every place of docs/console.md is in the navigation, in its order', async ({ page }) => {
  await signInToConsole(page, STAFF.owner3, 1280);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link')).toHaveText([
    'Today',
    'Diary',
    'Time off',
    'Services',
    'Clients',
    'Requests',
    'Vouchers',
    'Booking page',
    'Addresses',
    'Get paid',
    'Team',
    'API keys',
    'History',
  ]);
  // Every place is built: Today came with issue 30, Addresses with issue 31, Services and Time off with issue 48, Get paid with issue 49.
});

test('a booking page loads nothing of the console', async ({ page, openSalon }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await openSalon(3);
  await page.waitForLoadState('networkidle');
  expect(asked.filter((p) => p.startsWith('/console'))).toEqual([]);
});
