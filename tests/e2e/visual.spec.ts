import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
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
