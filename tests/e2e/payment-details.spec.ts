import {
  createAccountThroughApi,
  e164Of,
  logInThroughApi,
  CARD_MSG,
  CreateAccountScreen,
  expect,
  PaymentDetailsPanel,
  paymentAccount,
  ProfileScreen,
  TEST_CARDS,
  test,
  type Account,
} from './fixtures';

// docs/booking/accounts-and-money.md §2 'Profile' (Payment Details: card illustration with last4 and expiry,
// REMOVE THIS CARD, 'No payment card added', UPDATE CARD DETAILS opens the add-card form, the
// 'Card details removed!' modal with OK and CLOSE), §4 'Card removal', §5 'Card fields'. Each test
// is a new client of its own (the first created through the create-account screen, the others
// through the API).

/**
 * A new client on my-profile's Payment Details: created on the create-account screen (no services
 * chosen: it ends there), or through the API and then opened (the later tests).
 */
async function newClientProfile(page: import('@playwright/test').Page, account: Account, { throughScreens = false } = {}) {
  const profile = new ProfileScreen(page);
  if (throughScreens) {
    await page.goto('/salon/1/create-account');
    const form = new CreateAccountScreen(page);
    await form.fill(account);
    await form.createAndConfirm(account.mobile);
    await expect(page).toHaveURL('/salon/1/my-profile');
  } else {
    await createAccountThroughApi(page.request, account);
    await logInThroughApi(page, e164Of(account.mobile), account.password);
    await page.goto('/salon/1/my-profile');
    await profile.paymentTab.click();
  }
  await expect(profile.paymentTab).toHaveAttribute('aria-selected', 'true');
  return profile;
}

test('Payment Details: no card, a card added through UPDATE CARD DETAILS, then removed', async ({ page, expectAccessible }) => {
  test.setTimeout(60_000);
  await newClientProfile(page, paymentAccount(20), { throughScreens: true });
  const payment = new PaymentDetailsPanel(page);
  await expect(page.getByRole('tabpanel')).toContainText(CARD_MSG.noCard);
  await expect(payment.remove).toHaveCount(0);

  await payment.update.click();
  await expect(payment.save).toBeDisabled();
  await expect(payment.number).toBeVisible();
  await expectAccessible('the card form');
  await payment.enter(TEST_CARDS.visa, '07 / 33', '321');
  await payment.save.click();
  await expect(payment.saved).toBeVisible();

  // 2 s later the tab shows the card: last4 and expiry month / year.
  await expect(payment.card).toHaveAccessibleName('Visa card ending 4242', { timeout: 6_000 });
  await expect(payment.card).toContainText('4242');
  await expect(payment.card).toContainText('Expires 07 / 33');
  await expect(page).toHaveURL('/salon/1/my-profile');
  await expectAccessible('payment details with a card');

  // Still there after a reload.
  await page.reload();
  await expect(payment.card).toHaveAccessibleName('Visa card ending 4242');

  await payment.remove.click();
  await expect(payment.removedDialog).toBeVisible();
  await expect(payment.removedDialog.getByRole('button', { name: 'CLOSE', exact: true })).toBeVisible();
  await payment.removedDialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(payment.removedDialog).toBeHidden();
  await expect(page.getByRole('tabpanel')).toContainText(CARD_MSG.noCard);
  await expect(payment.card).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('tabpanel')).toContainText(CARD_MSG.noCard);
});

test('UPDATE CARD DETAILS replaces the saved card', async ({ page }) => {
  test.setTimeout(60_000);
  await newClientProfile(page, paymentAccount(21));
  const payment = new PaymentDetailsPanel(page);
  await payment.update.click();
  await payment.enter(TEST_CARDS.visa);
  await payment.save.click();
  await expect(payment.card).toHaveAccessibleName('Visa card ending 4242', { timeout: 6_000 });

  await payment.update.click();
  await payment.enter('5555 5555 5555 4444', '01 / 30', '999');
  await payment.save.click();
  await expect(payment.card).toHaveAccessibleName('MasterCard card ending 4444', { timeout: 6_000 });
  await expect(payment.card).toContainText('Expires 01 / 30');
  await expect(page.getByRole('figure')).toHaveCount(1);
});

test('the card fields format as typed, check the number and expiry, and move focus on', async ({ page }) => {
  await newClientProfile(page, paymentAccount(22));
  const payment = new PaymentDetailsPanel(page);
  await payment.update.click();
  await expect(payment.number).toBeVisible();

  // Grouped in fours as typed; a whole valid number moves focus to the expiry.
  await payment.number.pressSequentially('42424242');
  await expect(payment.number).toHaveValue('4242 4242');
  await payment.number.pressSequentially('42424242');
  await expect(payment.number).toHaveValue(TEST_CARDS.visa);
  await expect(payment.expiry).toBeFocused();

  // A whole number that fails the Luhn check is invalid at once.
  await payment.number.fill('4242 4242 4242 4241');
  await expect(page.getByText('Your card number is invalid.', { exact: true })).toBeVisible();
  await expect(payment.number).toHaveAttribute('aria-invalid', 'true');
  await payment.number.fill(TEST_CARDS.visa);
  await expect(page.getByText('Your card number is invalid.', { exact: true })).toHaveCount(0);

  // MM / YY as typed; a month after 1 gets its leading zero; a past year is refused.
  await payment.expiry.fill('');
  await payment.expiry.pressSequentially('4');
  await expect(payment.expiry).toHaveValue('04 / ');
  await payment.expiry.fill('');
  await payment.expiry.pressSequentially('1220');
  await expect(payment.expiry).toHaveValue('12 / 20');
  await expect(page.getByText("Your card's expiration year is in the past.", { exact: true })).toBeVisible();
  await expect(payment.save).toBeDisabled();
  await payment.expiry.fill('');
  await payment.expiry.pressSequentially('1234');
  await expect(payment.expiry).toHaveValue('12 / 34');
  await expect(payment.cvc).toBeFocused();

  // An unfinished CVC is reported when the client leaves it; three digits complete the form.
  await payment.cvc.pressSequentially('12');
  await payment.number.focus();
  await expect(page.getByText("Your card's security code is incomplete.", { exact: true })).toBeVisible();
  await expect(payment.save).toBeDisabled();
  await payment.cvc.fill('123');
  await expect(payment.cvc).toHaveValue('123');
  await expect(payment.save).toBeEnabled();

  // Going back leaves the update without saving.
  await page.getByRole('button', { name: '← Back to payment details' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(CARD_MSG.noCard);
});

test('/add-new-card outside a booking saves the card and goes to my-profile; logged out it asks for a login', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/salon/1/add-new-card');
  await expect(page).toHaveURL(/\/salon\/1\/profile-login/);

  await newClientProfile(page, paymentAccount(23));
  await page.goto('/salon/1/add-new-card');
  const fields = new PaymentDetailsPanel(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Please enter your card details.' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3', { exact: true })).toHaveCount(0);
  await fields.enter(TEST_CARDS.visa);
  await fields.form.getByRole('button', { name: 'NEXT', exact: true }).click();
  await expect(fields.saved).toBeVisible();
  await expect(page).toHaveURL('/salon/1/my-profile', { timeout: 6_000 });
  await expect(fields.card).toHaveAccessibleName('Visa card ending 4242');
});
