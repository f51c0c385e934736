import {
  createAccountThroughApi,
  DEMO_CLIENT,
  e164Of,
  expect,
  LoginScreen,
  logInThroughApi,
  MSG,
  ProfileScreen,
  SalonHeader,
  test,
  type Account,
} from './fixtures';

// docs/accounts-and-money.md §2 (Bottom navigation, Deposits, Bookings, Profile), §5 Profile edit, and
// §6: "Profile, bookings and deposits pages redirect to profile-login when the user is not
// logged in."

/** A client of their own for the tests that change a profile, so the demo client stays as seeded. */
const PROFILE_CLIENT: Account = {
  firstName: 'Robin',
  lastName: 'Ashby',
  email: 'robin.ashby@example.test',
  mobile: '07700 900402',
  password: 'Robin-pass1',
};

test('logged out, the bottom navigation leads to the account login, which then shows Deposits', async ({ page }) => {
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
// §6): tests/unit/components/routes.test.tsx.
test('at 320 px, logged out, Bookings then logging in lands on Bookings, not Deposits', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/salon/1');
  await new SalonHeader(page).navLink('Bookings').click();
  await expect(page).toHaveURL('/salon/1/profile-login?fromMyBook=true&next=%2Fmy-book');
  await new LoginScreen(page).logIn(DEMO_CLIENT.mobile, DEMO_CLIENT.password);
  await expect(page).toHaveURL('/salon/1/my-book');
  await expect(page.getByText('Choose location:', { exact: true })).toBeVisible();
});

test.describe('logged in', () => {
  test.beforeEach(async ({ page, request }) => {
    await createAccountThroughApi(request, PROFILE_CLIENT);
    await logInThroughApi(page, e164Of(PROFILE_CLIENT.mobile), PROFILE_CLIENT.password);
  });

  test('the profile shows the name, Payment Details with no card, and the contact details', async ({ page }) => {
    await page.goto('/salon/1/my-profile');
    const profile = new ProfileScreen(page);
    const name = `${PROFILE_CLIENT.firstName} ${PROFILE_CLIENT.lastName}`;
    await expect(profile.title).toHaveText(name);
    await expect(new SalonHeader(page).logout).toBeVisible();
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Contact Details', 'Payment Details']);
    await expect(profile.paymentTab).toHaveAttribute('aria-selected', 'true');
    await expect(profile.panel).toContainText('No payment card added');

    await profile.contactTab.click();
    await expect(profile.contactTab).toHaveAttribute('aria-selected', 'true');
    await expect(profile.fullName).toHaveValue(name);
    await expect(profile.email).toHaveValue(PROFILE_CLIENT.email);
    await expect(profile.phone.country).toHaveValue('GB');
    expect((await profile.phone.number.inputValue()).replace(/\D/g, '').replace(/^0/, '')).toBe('7700900402');
    await expect(page.getByText(MSG.phone, { exact: true })).toHaveCount(0);
    await expect(profile.save).toBeDisabled();
  });

  test('SAVE DETAILS waits for a valid change, then the profile is updated', async ({ page }) => {
    await page.goto('/salon/1/my-profile');
    const profile = new ProfileScreen(page);
    await profile.contactTab.click();
    const name = `${PROFILE_CLIENT.firstName} ${PROFILE_CLIENT.lastName}`;
    await expect(profile.fullName).toHaveValue(name);
    await expect(profile.save).toBeDisabled();

    await profile.fullName.fill('R');
    await expect(page.getByText(MSG.profileName, { exact: true })).toBeVisible();
    await expect(profile.save).toBeDisabled();
    await profile.fullName.fill(name);
    await expect(page.getByText(MSG.profileName, { exact: true })).toBeHidden();
    await expect(profile.save).toBeDisabled();

    await profile.email.fill('robin@');
    await expect(page.getByText(MSG.email, { exact: true })).toBeVisible();
    await expect(profile.save).toBeDisabled();
    await profile.email.fill(PROFILE_CLIENT.email);

    await profile.fullName.fill('Robin Ashby-Stone');
    await expect(profile.save).toBeEnabled();
    await profile.save.click();
    await expect(profile.updated).toBeVisible();
    await profile.updated.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(profile.updated).toBeHidden();
    await expect(profile.title).toHaveText('Robin Ashby-Stone');
    await expect(profile.save).toBeDisabled();

    // Saved for real: a reload shows the new name; then put the old one back.
    await page.reload();
    await expect(profile.title).toHaveText('Robin Ashby-Stone');
    await profile.contactTab.click();
    await profile.fullName.fill(name);
    await profile.save.click();
    await expect(profile.updated).toBeVisible();
  });

  test("Bookings says it can't find any salons for a new client", async ({ page }) => {
    await page.goto('/salon/1/my-book');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(page.getByText(MSG.noSalons, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'MAKE A BOOKING', exact: true }).click();
    await expect(page).toHaveURL('/salon/1');
  });
});

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
