import type { Locator, Page } from '@playwright/test';
import { AddCardScreen, CARD_MSG, createAccountThroughApi, e164Of, expect, logInThroughApi, paymentAccount, test } from './fixtures';
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
 * other tests' bookings move (which times are free, the day and time chosen, the hold's countdown)
 * is left out or masked; everything else is compared. At a phone's width only: the themes' looks
 * at 1280 px are the service selection's above, and the desktop layout of these screens (the
 * summary beside them) is desktop-layout.spec.ts's.
 */
for (const [i, width] of [320].entries()) {
  test(`each theme's time, summary, pay deposit and confirmed screens at ${width} px look as their references`, async ({
    journey,
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 768 ? 640 : 800 });
    await page.context().addCookies([{ name: 'cookie_consent', value: 'essential', url: test.info().project.use.baseURL! }]);
    // a client of its own on each width, repeat and retry (a second booking would find its card saved)
    const { repeatEachIndex, retry } = test.info();
    const account = paymentAccount(30 + i + 2 * (repeatEachIndex + 4 * retry), 'Sam');
    await createAccountThroughApi(page.request, account);
    await logInThroughApi(page, e164Of(account.mobile), account.password);

    /** Each theme's picture of the screen (`clip`: only that part of it), with `mask` painted over. */
    const shoot = async (screen: string, mask: Locator[], clip?: { x: number; y: number; width: number; height: number }) => {
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
          ...(clip ? { clip } : {}),
        });
      }
    };

    await journey.chooseServices(1, [['Gents Cut', 'Cut & Style']]);
    await journey.chooseStaff({ 'Gents Cut': 'Amelia Hart' });
    await expect(journey.time.title).toBeVisible();
    const date = await journey.time.pickDay();
    await expect(journey.time.timesOn(date).first()).toBeVisible();
    // How many times are free that day depends on the other tests' bookings, and so does all that
    // follows the times: the picture is the screen down to its first time (with the desktop summary).
    const times = page.getByRole('group', { name: /^Times on / });
    const top = Math.floor((await times.boundingBox())!.y);
    await shoot('time', [], { x: 0, y: 0, width, height: top });

    await journey.time.pickTime();
    await journey.time.next.click();
    await expect(page).toHaveURL('/salon/1/stylistselect');
    await journey.chooseStaff({ 'Gents Cut': 'Amelia Hart' });
    await expect(journey.summary.title).toBeVisible();
    // the time (and, were that day ever full, the day) another test's bookings may move
    const when = page.getByText(/\d{1,2}:\d{2} [ap]m|(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} \w+ \d{4}/);
    await shoot('summary', [when]);

    await journey.summary.next.click();
    await expect(page).toHaveURL('/salon/1/add-new-card');
    const confirm = await new AddCardScreen(page).saveVisa();
    await expect(confirm.payToday).toHaveText('£7.00');
    await shoot('pay-deposit', [confirm.holdTimer, when]);

    await confirm.payDeposit.click();
    await expect(page).toHaveURL('/salon/1/bookingConfirmed');
    await expect(page.getByRole('heading', { level: 1, name: CARD_MSG.paid })).toBeVisible();
    await shoot('confirmed', [when]);
  });
}
