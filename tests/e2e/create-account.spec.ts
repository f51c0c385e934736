import {
  createAccountThroughApi,
  CreateAccountScreen,
  DEMO_CLIENT,
  e164Of,
  expect,
  logInThroughApi,
  LoginScreen,
  MSG,
  ProfileScreen,
  SalonHeader,
  test,
  textedCode,
  type Account,
} from './fixtures';

// docs/booking/accounts-and-money.md §2 Create account, §4 Account creation, §5 validation messages and §8:
// "Error containing 'given phone_number already exists' at registration ...: 'Ooops, it looks like
// you've already got an account!' ...; registration redirects to login."

// Each field's message and CREATE ACCOUNT's waiting for a valid form: tests/unit/components/account-forms.test.tsx.

test('a new number creates the account and logs the client in once the code texted to it is entered', async ({
  page,
  expectAccessible,
}) => {
  // A number of its own on every run of this test, so that it is always new.
  const mobile = `07700 900${700 + Math.floor(Math.random() * 300)}`; // 900600-699 are the deposit tests' numbers
  const account: Account = { firstName: 'Sasha', lastName: 'Green', email: 'sasha.green@example.test', mobile, password: 'Sasha-pass1' };
  await page.goto('/salon/1/create-account');
  const form = new CreateAccountScreen(page);
  await form.fill(account);
  await expect(form.create).toBeEnabled();
  await form.create.click();
  // Nothing is logged in until the code texted to the number proves it is the client's.
  await expect(form.confirmTitle).toBeVisible();
  await expect(
    page.getByText(`We have sent a 6-digit code to +*******${mobile.replace(/\D/g, '').slice(-4)}.`, { exact: false }),
  ).toBeVisible();
  await expect(new SalonHeader(page).logout).toHaveCount(0);
  await form.confirm.click();
  await expect(page.getByText('Please enter the 6-digit code from the text message', { exact: true })).toBeVisible();
  await expectAccessible('confirm your mobile number');
  await form.code.fill('000000');
  await form.confirm.click();
  if ((await textedCode(page.request, e164Of(mobile))) !== '000000')
    await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');
  await form.code.fill(await textedCode(page.request, e164Of(mobile)));
  await form.confirm.click();

  const header = new SalonHeader(page);
  await expect(header.logout).toBeVisible();
  await expect(page).not.toHaveURL(/create-account/);
  await header.navLink('Profile').click();
  await expect(page).toHaveURL('/salon/1/my-profile');
  await expect(new ProfileScreen(page).title).toHaveText('Sasha Green');
});

test("the demo client's number goes to login with 'already got an account'", async ({ page }) => {
  await page.goto('/salon/1/create-account');
  const form = new CreateAccountScreen(page);
  await form.fill({
    firstName: 'Jamie',
    lastName: 'Rivers',
    email: 'jamie.again@example.test',
    mobile: DEMO_CLIENT.mobile,
    password: 'Another-pass1',
  });
  await form.create.click();

  await expect(page).toHaveURL(/\/salon\/1\/login\b/);
  const login = new LoginScreen(page);
  await expect(login.bookingTitle).toBeVisible();
  await expect(page.getByText(MSG.alreadyRegistered, { exact: true })).toBeVisible();
  await expect(page.getByText('Try logging in with your mobile number and password below')).toBeVisible();
  await expect(new SalonHeader(page).logout).toHaveCount(0);
});

test('an account that never entered its code is sent a new one at login, and logs in with it', async ({ page }) => {
  const mobile = `07700 901${100 + Math.floor(Math.random() * 800)}`;
  const phone = e164Of(mobile);
  const signUp = await page.request.post('/session/signup', {
    data: { first_name: 'Noor', last_name: 'Later', email: 'noor@example.test', phone, password: 'Noor-pass1' },
  });
  expect(signUp.status()).toBe(202);
  const first = await textedCode(page.request, phone);

  await page.goto('/salon/1/login');
  const login = new LoginScreen(page);
  await login.logIn(mobile, 'Noor-pass1');
  const form = new CreateAccountScreen(page);
  await expect(form.confirmTitle).toBeVisible();
  await expect(new SalonHeader(page).logout).toHaveCount(0);
  // A new code was sent; the first one no longer works (unless the same digits came up).
  const code = await textedCode(page.request, phone);
  if (code !== first) {
    await form.code.fill(first);
    await form.confirm.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');
  }
  await form.code.fill(code);
  await form.confirm.click();
  await expect(new SalonHeader(page).logout).toBeVisible();
  await expect(page).not.toHaveURL(/login/);
});

test('a changed mobile number is confirmed with the code texted to it, on the profile', async ({ page }) => {
  const mobile = `07700 902${100 + Math.floor(Math.random() * 800)}`;
  const account: Account = { firstName: 'Remy', lastName: 'Moved', email: 'remy@example.test', mobile, password: 'Remy-pass1' };
  await createAccountThroughApi(page.request, account);
  await logInThroughApi(page, e164Of(mobile), account.password);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/salon/1/my-profile');
  const profile = new ProfileScreen(page);
  await profile.contactTab.click();
  const newMobile = `07700 903${100 + Math.floor(Math.random() * 800)}`;
  await profile.phone.number.fill(newMobile);
  await profile.save.click();
  await expect(profile.updated).toBeVisible();
  await profile.updated.getByRole('button', { name: 'OK', exact: true }).click();

  const section = page.getByRole('region', { name: 'Confirm your mobile number' });
  await expect(section).toContainText(`+*******${e164Of(newMobile).slice(-4)}`);
  await section.getByRole('textbox', { name: 'Code', exact: true }).fill(await textedCode(page.request, e164Of(newMobile)));
  await section.getByRole('button', { name: 'CONFIRM', exact: true }).click();
  await expect(section).toHaveCount(0);
  const again = await page.request.post('/session/login', { data: { phone: e164Of(newMobile), password: account.password } });
  expect((await again.json()).user).toMatchObject({ phone_number: e164Of(newMobile), phone_number_verified: true });
});
