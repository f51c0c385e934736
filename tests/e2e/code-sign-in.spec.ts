import {
  createAccountThroughApi,
  CreateAccountScreen,
  e164Of,
  expect,
  LoginScreen,
  SalonHeader,
  test,
  textedCode,
  type Account,
} from './fixtures';

// docs/booking/accounts-and-money.md §2 Login, "Sign in with a code by text": the journey's login offers a
// code texted to the number beside the password; the code logs the client in and the booking goes on
// exactly as after a password (§4 Login: salon 1 needs a card and this client has none, so to
// /add-new-card). A wrong code says so, with the tries left. On a 320 px phone.

const CLIENT: Account = {
  firstName: 'Kit',
  lastName: 'Texter',
  email: 'kit.texter@example.test',
  mobile: '07700 900471',
  password: 'Texting-pass1',
};

test('a client on the journey logs in with a texted code; a wrong code says so', async ({
  journey,
  page,
  request,
  expectNoSidewaysScroll,
  expectAccessible,
}) => {
  // Failed codes count as failed passwords per caller address: this test has an address of its own.
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': '203.0.113.71' });
  // (through a request context of its own: the page's would be logged in by it)
  await createAccountThroughApi(request, CLIENT);
  await page.setViewportSize({ width: 320, height: 568 });
  await journey.toSummaryFromApi();
  await journey.summary.next.click();

  const login = new LoginScreen(page);
  await expect(page).toHaveURL('/salon/1/login');
  await expect(login.bookingTitle).toBeVisible();
  await page.getByRole('button', { name: 'Text me a code instead', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Log in with a code by text' })).toBeVisible();
  await login.phone.number.fill(CLIENT.mobile);
  await page.getByRole('button', { name: 'TEXT ME A CODE', exact: true }).click();

  const e164 = e164Of(CLIENT.mobile);
  await expect(page.getByText(`We have sent a 6-digit code to +*******${e164.slice(-4)}`)).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Code', exact: true });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  // A new code only after a short wait.
  await expect(page.getByRole('button', { name: 'Send a new code', exact: true })).toBeDisabled();
  await expectNoSidewaysScroll();

  const texted = await textedCode(page.request, e164);
  await code.fill(String((Number(texted) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'LOGIN WITH CODE', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('That code is not right. Check the text message and try again (2 tries left).');
  await expect(alert).toBeFocused();
  await expectAccessible('the code step with its refusal', { atLeast: 'serious' });
  await expect(new SalonHeader(page).logout).toHaveCount(0);

  await code.fill(texted);
  await expect(alert).toHaveCount(0);
  await page.getByRole('button', { name: 'LOGIN WITH CODE', exact: true }).click();
  await expect(page).toHaveURL('/salon/1/add-new-card');
  await expect(new SalonHeader(page).logout).toBeVisible();
});

// A client who has no password: the journey's CREATE ACCOUNT with 'No password', the code texted to
// the number logs the new account in (Cognito's passwordless sign-up) and the booking goes on.
test('a new client with no password makes an account with the texted code alone and goes on with the booking', async ({
  journey,
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': '203.0.113.72' });
  await page.setViewportSize({ width: 320, height: 568 });
  await journey.toSummaryFromApi();
  await journey.summary.next.click();
  await new LoginScreen(page).createAccount.click();

  const screen = new CreateAccountScreen(page);
  await expect(screen.title).toBeVisible();
  const mobile = '07700 900472';
  await screen.fill({ ...CLIENT, email: 'no.password@example.test', mobile, password: '' });
  await expect(screen.create).toBeDisabled();
  await page.getByRole('checkbox', { name: 'No password: log in with a code texted to my mobile each time' }).check();
  await expect(screen.password).toHaveCount(0);
  await screen.createAndConfirm(mobile);

  await expect(page).toHaveURL('/salon/1/add-new-card');
  await expect(new SalonHeader(page).logout).toBeVisible();
});
