import { expect, test } from './fixtures';
import { openConsoleAs, STAFF } from './console';

// Issue 49 (docs/payments.md §3): an owner on a phone presses Get paid, completes Stripe's hosted
// onboarding (the stand-in's page) with test data, and is back in the console to an account that
// takes payments: the journey across the two sites and the screens' layout at 390 px.

test('an owner gets paid: Stripe’s hosted onboarding and back, at 390 px', async ({ page, expectAccessible }) => {
  await openConsoleAs(page, STAFF.owner3, 390);
  await page.goto('/console/salons/3/get-paid');
  await expect(page.getByRole('heading', { level: 1, name: 'Get paid' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Status: Not set up' })).toBeVisible();
  await expectAccessible('Get paid before an account');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Set up payments with Stripe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get paid with Stripe' })).toBeVisible();
  await expect(page.getByText('Brooklyn Barber Co.: tell us who you are and where your payouts go.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('textbox', { name: 'First name' }).fill('Jordan');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Bedford');
  await page.getByRole('button', { name: 'Agree and submit' }).click();

  await expect(page).toHaveURL(/\/console\/salons\/3\/get-paid\?stripe=return$/);
  await expect(page.getByRole('status', { name: 'Status: Payouts on' })).toBeVisible();
  await expect(page.getByText('You can take card payments, and payouts go to your bank account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update details with Stripe' })).toBeVisible();
  await expectAccessible('Get paid with payouts on');
});
