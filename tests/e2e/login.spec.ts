import { DEMO_CLIENT, expect, LoginScreen, SalonHeader, test } from './fixtures';

// docs/booking/accounts-and-money.md §2 Login ("an international phone input (default country taken from the
// salon), a password field and a 'Forgotten password?' link"), §4 Login (on with the booking),
// §5 (valid phone, LOGIN disabled), §8 ('Ooops, that password seems to be incorrect'), and
// docs/booking/journey.md §2 Header: "A back arrow and a LOGOUT button show only when logged in.
// Logout returns to the salon root."

test('logging in from the booking flow carries the booking on to the card step', async ({ journey, page }) => {
  await journey.toSummary();
  const header = new SalonHeader(page);
  await expect(header.logout).toHaveCount(0);
  await expect(header.back).toHaveCount(0);
  await journey.summary.next.click();

  const login = new LoginScreen(page);
  await expect(page).toHaveURL('/salon/1/login');
  await expect(login.bookingTitle).toBeVisible();
  await expect(login.phone.country).toHaveValue('GB');
  await expect(login.createAccount).toHaveAttribute('href', '/salon/1/create-account');
  await expect(login.forgotten).toHaveAttribute('href', '/salon/1/forgot');
  await login.logIn(DEMO_CLIENT.mobile, DEMO_CLIENT.password);

  // docs/booking/accounts-and-money.md §4 Login: salon 1 needs a card and the demo client has none saved, so
  // the booking goes on "to /add-new-card when no card exists" (not back to the salon's start).
  await expect(header.logout).toBeVisible();
  await expect(page).toHaveURL('/salon/1/add-new-card');
});

test('logged in, the header has a back arrow and LOGOUT; a reload keeps the session; LOGOUT ends it', async ({ page }) => {
  await page.goto('/salon/1/login');
  const header = new SalonHeader(page);
  const login = new LoginScreen(page);
  await expect(login.bookingTitle).toBeVisible();
  await expect(header.logout).toHaveCount(0);
  await expect(header.back).toHaveCount(0);
  await login.logIn(DEMO_CLIENT.mobile, DEMO_CLIENT.password);

  // With no services selected, login goes to the client's bookings (§4 Login).
  await expect(page).toHaveURL('/salon/1/my-book');
  await expect(header.logout).toBeVisible();
  await expect(header.back).toBeVisible();
  await expect(header.navLink('Profile')).toHaveAttribute('href', '/salon/1/my-profile');

  // The refresh cookie keeps the client logged in across a reload.
  await page.reload();
  await expect(header.logout).toBeVisible();
  await expect(header.back).toBeVisible();
  await expect(page).toHaveURL('/salon/1/my-book');

  await header.logout.click();
  await expect(page).toHaveURL('/salon/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
  await expect(header.logout).toHaveCount(0);
  await expect(header.back).toHaveCount(0);
  await expect(header.navLink('Profile')).toHaveAttribute('href', '/salon/1/profile-login?fromMyBook=true&next=%2Fmy-profile');
  // Logged out for good: a reload does not bring the session back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
  await expect(header.logout).toHaveCount(0);
});

// A wrong password's message and an invalid phone number: tests/unit/components/account-forms.test.tsx.
