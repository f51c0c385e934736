import { DEMO_CLIENT, expect, LoginScreen, MSG, SalonHeader, test } from './fixtures';

// docs/accounts-and-money.md §2 Login ("an international phone input (default country taken from the
// salon), a password field and a 'Forgotten password?' link"), §4 Login (on with the booking),
// §5 (valid phone, LOGIN disabled), §8 ('Ooops, that password seems to be incorrect'), and
// docs/booking-journey.md §2 Header: "A back arrow and a LOGOUT button show only when logged in.
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

  // docs/accounts-and-money.md §4 Login: salon 1 needs a card and the demo client has none saved, so
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

test('a wrong password says so and keeps the client logged out', async ({ page }) => {
  // Failed sign-ins are throttled per caller address: this test has an address of its own.
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': '203.0.113.41' });
  await page.goto('/salon/1/login');
  const login = new LoginScreen(page);
  await expect(login.bookingTitle).toBeVisible();
  await login.logIn(DEMO_CLIENT.mobile, 'Wrong-pass9');

  await expect(login.alert).toContainText(MSG.wrongPassword);
  await expect(login.alert).toContainText(/Forgotten password/);
  await expect(page).toHaveURL('/salon/1/login');
  await expect(new SalonHeader(page).logout).toHaveCount(0);

  // The message belongs to the answer it came with: a change of the input clears it.
  await login.password.fill('Wrong-pass9x');
  await expect(login.alert).toHaveCount(0);
});

test('an invalid phone number is pointed out and LOGIN stays disabled', async ({ page }) => {
  await page.goto('/salon/1/login');
  const login = new LoginScreen(page);
  await expect(login.login).toBeDisabled();
  await login.password.fill(DEMO_CLIENT.password);
  await expect(login.login).toBeDisabled();
  await login.phone.number.fill('12345');
  await login.phone.number.blur();
  await expect(page.getByText(MSG.loginPhone, { exact: true })).toBeVisible();
  await expect(login.phone.number).toHaveAttribute('aria-invalid', 'true');
  await expect(login.login).toBeDisabled();

  // The input takes only digits, plus, parentheses and spaces (§5).
  await login.phone.number.fill('');
  await login.phone.number.pressSequentially('07a700-9b00.123');
  await expect(login.phone.number).toHaveValue('07700900123');
  await expect(page.getByText(MSG.loginPhone, { exact: true })).toBeHidden();
  await expect(login.login).toBeEnabled();
  await login.password.fill('');
  await expect(login.login).toBeDisabled();
});
