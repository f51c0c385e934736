import { DEMO_CLIENT, expect, LoginScreen, SalonHeader, test } from './fixtures';

// docs/booking/accounts-and-money.md §2 (Bottom navigation, Deposits, Bookings, Profile), §5 Profile edit, and
// §6: "Profile, bookings and deposits pages redirect to profile-login when the user is not
// logged in."

// At 320 px: the phone's bottom bar (the header's copy from 768 px is clicked in create-account.spec.ts).
test('logged out, the bottom navigation leads to the account login, which then shows Deposits', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/salon/1');
  const header = new SalonHeader(page);
  await header.navLink('Deposits').click();
  await expect(page).toHaveURL('/salon/1/profile-login?fromMyBook=true&next=%2Fmy-feeds');
  const login = new LoginScreen(page);
  await expect(login.accountTitle).toBeVisible();
  await expect(login.createAccount).toHaveCount(0);
  await expect(login.phone.country).toHaveValue('GB');

  await login.logIn(DEMO_CLIENT.mobile, DEMO_CLIENT.password);
  await expect(page).toHaveURL('/salon/1/my-feeds');
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
  // The demo client has open deposit requests (tests/e2e/deposits.spec.ts covers the feed).
  await expect(page.getByRole('heading', { level: 2, name: 'Willow & Co Islington' })).toBeVisible();
  await expect(header.logout).toBeVisible();
});

// Logged out, the profile and the bookings go to the account login, Deposits to /login (§2 Deposits,
// §6): tests/unit/components/routes.test.tsx. Bookings then logging in lands on Bookings, and the
// logged-in profile, its SAVE DETAILS and Bookings without salons, given the API's answers:
// tests/unit/components/account-pages.test.tsx (saving for real: tests/worker/session.test.ts).

test('the login, create account and password reset screens have no serious axe violations', async ({ page, expectAccessible }) => {
  for (const [path, heading] of [
    ['login', 'Login to complete your booking'],
    ['create-account', 'Create account'],
    ['forgot', 'Reset your password'],
  ] as const) {
    await page.goto(`/salon/1/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(`/salon/1/${path}`, { atLeast: 'serious' });
  }
});
