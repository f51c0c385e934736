import type { Page } from '@playwright/test';
import { E2E_PORT, UNKNOWN_DOMAIN } from './env';
import { expect, SALONS, test } from './fixtures';

// Addresses that lead nowhere answer 404 with a page that says so and offers a way on.

/** Expects a not-found page a person can understand and leave, not a blank one. */
async function expectNotFoundPage(page: Page, message: RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('main')).toContainText(message);
  await expect(page.getByRole('main')).toContainText('Please refresh the page, or go to the start.');
  await expect(page.getByRole('link', { name: 'Go to the start' })).toHaveAttribute('href', '/');
}

test.describe('not found', () => {
  test('unknown salons, groups and short links answer 404 with a clear message', async ({ page }) => {
    for (const [path, message] of [
      ['/salon/999', /salon/i],
      ['/salon/999999', /salon/i],
      ['/salon/999/summary', /salon/i],
      ['/salon/abc', /salon/i],
      ['/group/999/', /group/i],
      ['/s/nope', /short link/i],
    ] as const) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(404);
      await expectNotFoundPage(page, message);
    }
  });

  test('an unknown host answers 404 with a clear message', async ({ page, request }) => {
    const res = await request.get('/', { headers: { Host: UNKNOWN_DOMAIN } });
    expect(res.status()).toBe(404);

    const nav = await page.goto(`http://${UNKNOWN_DOMAIN}:${E2E_PORT}/`);
    expect(nav!.status()).toBe(404);
    await expectNotFoundPage(page, /address/i);
  });
});

// Inside a salon's booking area, an unknown path is the same page in the salon's layout and
// theme, leading back to the salon's start (the edge cannot tell, so the status is 200).
test.describe("not found in a salon's booking area", () => {
  test("/salon/1/nowhere says so in the salon's theme, asks to refresh and leads back to the salon, at 320 px", async ({
    page,
    expectNoSidewaysScroll,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/salon/1/nowhere');
    await expect(page).toHaveURL('/salon/1/nowhere');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('banner')).toContainText(SALONS[1].name);
    await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[1].theme);
    const main = page.getByRole('main');
    await expect(main).toContainText("We couldn't find that page.");
    await expect(main).toContainText(`Please refresh the page, or go back to ${SALONS[1].name}.`);
    await expectNoSidewaysScroll();
    await page.getByRole('link', { name: `Back to ${SALONS[1].name}` }).click();
    await expect(page).toHaveURL('/salon/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
  });

  test("the not-found page in each salon's theme, and the edge's (no salon's look), are accessible", async ({ page, expectAccessible }) => {
    for (const id of [1, 2, 3] as const) {
      await page.goto(`/salon/${id}/no/such/screen`);
      await expect(page.getByRole('link', { name: `Back to ${SALONS[id].name}` })).toHaveAttribute('href', `/salon/${id}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[id].theme);
      await expectAccessible(`not found in salon ${id} (${SALONS[id].theme})`);
    }
    expect((await page.goto('/salon/999999'))!.status()).toBe(404);
    await expectAccessible('not found, no salon');
  });
});
