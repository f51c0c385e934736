import type { Page } from '@playwright/test';
import { MSG_COMPLETE_FIELDS, MSG_VALID_EMAIL, MSG_VOUCHER_NOT_FOUND } from '../../shared/vouchers';
import {
  BuyVoucherScreen,
  CheckoutPage,
  emailsTo,
  expect,
  fullDate,
  pounds,
  SendVoucherScreen,
  TEST_CARDS,
  test,
  todayIn,
  VoucherConfirmationScreen,
  VOUCHERS_1,
  inEachTheme,
  type ThemeMode,
} from './fixtures';
import { STANDINS_URL } from './env';

// docs/booking/accounts-and-money.md §2 Vouchers, §5 'Voucher send', §7 and §8: buying a gift voucher
// through Stripe Checkout (the stand-in's hosted page), its confirmation, and sending it on.

let n = 0;
const address = (who: string) => `${who}.${Date.now().toString(36)}${n++}@example.test`;

/** 'YYYY-MM-DD' months later (the day kept), as the voucher's expiry is counted. */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  return `${y + Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Buys a voucher of salon 1 with a card on the hosted checkout page; the confirmation screen is shown. */
async function buyVoucher(page: Page, email: string, amount = 50) {
  const buy = new BuyVoucherScreen(page);
  await page.goto('/salon/1/voucher');
  await expect(buy.title).toBeVisible();
  await buy.amount(pounds(amount)).check();
  await buy.email.fill(email);
  await buy.pay.click();
  await expect(page).toHaveURL(new RegExp(`^${STANDINS_URL}/checkout/cs_test_`));
  await new CheckoutPage(page).payWith(TEST_CARDS.visa, pounds(amount), email);
  await expect(page).toHaveURL(/\/salon\/1\/voucher\/confirmation\?session_id=cs_test_\w+$/);
  const confirmed = new VoucherConfirmationScreen(page);
  await expect(confirmed.title).toBeVisible();
  return confirmed;
}

// What the buy screen offers and checks (salon 1), that salon 2 sells none, and a malformed or unknown
// session id's not-found message: tests/unit/components/vouchers.test.tsx.

test('a £50 voucher paid with 4242: the confirmation shows the code, amount, expiry, salon address and email', async ({
  page,
  request,
}) => {
  const email = address('buyer');
  const confirmed = await buyVoucher(page, email, 50);
  await expect(confirmed.code).toHaveText(/^\S{4,}$/);
  const details = await request.get('/api/book-online/salon/1/');
  const salon = (await details.json()) as { name: string; address_line_1: string; city: string; postcode: string };
  const main = page.getByRole('main');
  await expect(main).toContainText(pounds(50));
  await expect(main).toContainText(fullDate(addMonths(todayIn(), VOUCHERS_1.validityMonths)));
  for (const part of [salon.name, salon.address_line_1, salon.city, salon.postcode]) await expect(main).toContainText(part);
  await expect(main).toContainText(email);

  await confirmed.backToHome.click();
  await expect(page).toHaveURL('/salon/1');
});

test("a declined card shows Stripe's message on the checkout page, and buys no voucher", async ({ page }) => {
  const email = address('declined');
  const buy = new BuyVoucherScreen(page);
  await page.goto('/salon/1/voucher');
  await buy.amount(pounds(25)).check();
  await buy.email.fill(email);
  await buy.pay.click();
  await expect(page).toHaveURL(new RegExp(`^${STANDINS_URL}/checkout/cs_test_`));
  const sessionId = /\/checkout\/(cs_test_\w+)/.exec(page.url())![1]!;

  const checkout = new CheckoutPage(page);
  await checkout.payWith(TEST_CARDS.declined, pounds(25), email);
  await expect(checkout.error).toHaveText('Your card was declined.');
  await expect(checkout.title(pounds(25))).toBeVisible();

  await page.goto(`/salon/1/voucher/confirmation?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: MSG_VOUCHER_NOT_FOUND })).toBeVisible();
});

test('sending a voucher: each message, the 320-character message, success and the email with the code', async ({ page, request }) => {
  const confirmed = await buyVoucher(page, address('sender'));
  const code = (await confirmed.code.textContent())!.trim();
  await confirmed.sendToRecipient.click();
  await expect(page).toHaveURL(/\/salon\/1\/voucher\/send\?session_id=cs_test_\w+$/);

  const send = new SendVoucherScreen(page);
  await expect(send.title).toBeVisible();
  await expect(send.send).toBeDisabled();
  await expect(page.getByText(MSG_COMPLETE_FIELDS, { exact: true })).toBeVisible();

  // Each empty field says what it needs once left.
  for (const field of [send.recipientName, send.recipientEmail, send.yourName]) {
    await field.focus();
    await field.blur();
  }
  await expect(send.form.getByText("Please enter the recipient's name", { exact: true })).toBeVisible();
  await expect(send.form.getByText(MSG_VALID_EMAIL, { exact: true })).toBeVisible();
  await expect(send.form.getByText('Please enter your name', { exact: true })).toBeVisible();

  const recipient = address('recipient');
  await send.recipientName.fill('Sam Taylor');
  await send.recipientEmail.fill('sam@');
  await send.yourName.fill('Robin');
  await expect(send.recipientEmail).toHaveAccessibleDescription(MSG_VALID_EMAIL);
  await expect(send.send).toBeDisabled();
  await send.recipientEmail.fill(recipient);
  await expect(send.form.getByText(MSG_VALID_EMAIL, { exact: true })).toHaveCount(0);

  // The message: 321 characters typed, 320 kept.
  await expect(send.form.getByText('0 characters (max 320)', { exact: true })).toBeVisible();
  await send.message.fill('Happy birthday! '.repeat(20) + 'x');
  await expect(send.message).toHaveValue(('Happy birthday! '.repeat(20) + 'x').slice(0, 320));
  await expect(send.form.getByText('320 characters (max 320)', { exact: true })).toBeVisible();

  await expect(send.send).toBeEnabled();
  await expect(page.getByText(MSG_COMPLETE_FIELDS, { exact: true })).toHaveCount(0);
  await send.send.click();
  await expect(send.sent).toBeVisible();
  await expect(page.getByRole('link', { name: 'BACK TO HOME', exact: true })).toBeVisible();

  await expect
    .poll(async () => (await emailsTo(request, recipient)).map((e) => `${e.subject}\n${e.text ?? ''}\n${e.html ?? ''}`).join('\n'))
    .toContain(code);
});

// Each screen fits 1280 px, and 320 px in every theme (their type differs in width), with one axe
// pass at 320 px in one of the three themes in turn (each theme's colours: tests/unit/themes.test.ts).
// One voucher is bought (in slick), its confirmation and send screens opened by its session id: the
// checkout page is the payment provider's, the same in every theme.
test('the voucher screens fit 320 px and 1280 px, with no serious axe violations at 320 px, each in one theme', async ({
  page,
  expectAccessible,
  expectNoSidewaysScroll,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const confirmed = await buyVoucher(page, address('a11y'));
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;

  // each screen reached once, then checked
  const check = async (screen: string, theme: ThemeMode) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSidewaysScroll();
    await page.setViewportSize({ width: 320, height: 800 });
    await inEachTheme(page, () => expectNoSidewaysScroll());
    await inEachTheme(page, () => expectAccessible(`${screen} at 320 px (${theme})`, { atLeast: 'serious' }), [theme]);
  };

  await page.goto('/salon/1/voucher');
  const buy = new BuyVoucherScreen(page);
  await expect(buy.title).toBeVisible();
  await buy.another.check();
  await buy.customAmount.fill('5');
  await buy.customAmount.blur();
  await check('buy a gift voucher', 'dark');

  await page.goto(`/salon/1/voucher/confirmation?session_id=${sessionId}`);
  await expect(confirmed.title).toBeVisible();
  await check('voucher confirmation', 'neutral');

  await confirmed.sendToRecipient.click();
  const send = new SendVoucherScreen(page);
  await send.recipientEmail.fill('sam@');
  await send.recipientEmail.blur();
  await send.message.fill('x'.repeat(320));
  await check('send gift voucher', 'slick');

  await page.goto('/salon/1/voucher/confirmation?session_id=not-a-session');
  await expect(page.getByRole('heading', { level: 1, name: MSG_VOUCHER_NOT_FOUND })).toBeVisible();
  await check('voucher not found', 'dark');
});
