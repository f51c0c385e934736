import type { Locator, Page } from '@playwright/test';
import {
  AddCardScreen,
  CARD_MSG,
  ConfirmWithCardScreen,
  createAccountThroughApi,
  e164Of,
  expect,
  logInThroughApi,
  paymentAccount,
  TEST_CARDS,
  test,
} from './fixtures';
import { THEME_MODES } from '../../shared/constants';
import { THEME_FONTS } from '../../shared/theme-fonts';

// Issue 35: what each theme looks like, compared with committed references (a small tolerance for
// anti-aliasing). The service selection of salon 1 (a cover, a logo, two categories, ranges and
// 'from' prices), drawn in each theme by setting <html data-theme> as the edge does, at a phone's
// and a desktop's width, for a returning client (no cookie banner). After a deliberate change of
// looks: `playwright test --config tests/e2e/playwright.config.ts visual --update-snapshots`, then
// look at every picture it wrote before committing them.

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      (Array.from(document.images) as HTMLImageElement[])
        .filter((i) => !i.complete)
        .map((i) => new Promise((r) => (i.onload = i.onerror = r))),
    );
  });
}

for (const width of [320, 1280]) {
  test(`each theme's service selection at ${width} px looks as its reference`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 768 ? 640 : 800 });
    await page.context().addCookies([{ name: 'cookie_consent', value: 'essential', url: test.info().project.use.baseURL! }]);
    await page.goto('/salon/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
    for (const theme of THEME_MODES) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await settle(page);
      // drawn in the theme's own font, not its fallback
      const family = THEME_FONTS[theme].family;
      await expect.poll(() => page.evaluate((f) => document.fonts.check(`16px "${f}"`), family)).toBe(true);
      await expect(page).toHaveScreenshot(`services-${theme}-${width}.png`, {
        maxDiffPixelRatio: 0.01,
        animations: 'disabled',
        caret: 'hide',
      });
    }
  });
}

/**
 * The screens of a deposit booking, each drawn in every theme: the time, the summary, Confirm with
 * card (PAY DEPOSIT) and Booking confirmed. Salon 1, a Gents Cut with Amelia Hart (£35.00, a 20 %
 * deposit), as a new client logged in through the API with a card saved on the card step. What
 * other tests' bookings move (which times are free, the time chosen, the hold's countdown) is
 * masked; everything else is compared.
 */
for (const [i, width] of [320, 1280].entries()) {
  test(`each theme's time, summary, pay deposit and confirmed screens at ${width} px look as their references`, async ({
    journey,
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 768 ? 640 : 800 });
    await page.context().addCookies([{ name: 'cookie_consent', value: 'essential', url: test.info().project.use.baseURL! }]);
    const account = paymentAccount(30 + i, 'Sam');
    await createAccountThroughApi(page.request, account);
    await logInThroughApi(page, e164Of(account.mobile), account.password);

    const shoot = async (screen: string, mask: Locator[]) => {
      for (const theme of THEME_MODES) {
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        await settle(page);
        const family = THEME_FONTS[theme].family;
        await expect.poll(() => page.evaluate((f) => document.fonts.check(`16px "${f}"`), family)).toBe(true);
        await expect(page).toHaveScreenshot(`${screen}-${theme}-${width}.png`, {
          maxDiffPixelRatio: 0.01,
          animations: 'disabled',
          caret: 'hide',
          mask,
        });
      }
    };

    await journey.chooseServices(1, [['Gents Cut', 'Cut & Style']]);
    await journey.chooseStaff({ 'Gents Cut': 'Amelia Hart' });
    await expect(journey.time.title).toBeVisible();
    const date = await journey.time.pickDay();
    await expect(journey.time.timesOn(date).first()).toBeVisible();
    await shoot('time', [page.getByRole('group', { name: /^Times on / })]);

    await journey.time.pickTime();
    await journey.time.next.click();
    await expect(page).toHaveURL('/salon/1/stylistselect');
    await journey.chooseStaff({ 'Gents Cut': 'Amelia Hart' });
    await expect(journey.summary.title).toBeVisible();
    const when = page.getByText(/\d{1,2}:\d{2} [ap]m/);
    await shoot('summary', [when]);

    await journey.summary.next.click();
    await expect(page).toHaveURL('/salon/1/add-new-card');
    const add = new AddCardScreen(page);
    await add.enter(TEST_CARDS.visa);
    await add.next.click();
    await expect(page).toHaveURL('/salon/1/confirm-with-card', { timeout: 6_000 });
    const confirm = new ConfirmWithCardScreen(page);
    await expect(confirm.card).toHaveAccessibleName('Visa card ending 4242');
    await expect(confirm.payToday).toHaveText('£7.00');
    await shoot('pay-deposit', [confirm.holdTimer, when]);

    await confirm.payDeposit.click();
    await expect(page).toHaveURL('/salon/1/bookingConfirmed');
    await expect(page.getByRole('heading', { level: 1, name: CARD_MSG.paid })).toBeVisible();
    await shoot('confirmed', [when]);
  });
}
