import type { Page } from '@playwright/test';
import { E2E_PORT, UNKNOWN_DOMAIN } from './env';
import { expect, test } from './fixtures';

// Addresses that lead nowhere answer 404 with a page that says so and offers a way on.

/** Expects a not-found page a person can understand and leave, not a blank one. */
async function expectNotFoundPage(page: Page, message: RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/can.t find/i);
  await expect(page.getByRole('main')).toContainText(message);
  await expect(page.getByRole('main')).toContainText('Please refresh the page, or go to the start.');
  await expect(page.getByRole('link', { name: 'Go to the start' })).toHaveAttribute('href', '/');
}

test.describe('not found', () => {
  for (const [path, message] of [
    ['/salon/999', /salon/i],
    ['/salon/999/summary', /salon/i],
    ['/salon/abc', /salon/i],
    ['/group/999/', /group/i],
    ['/s/nope', /short link/i],
  ] as const) {
    test(`${path} answers 404 with a clear message`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res!.status()).toBe(404);
      await expectNotFoundPage(page, message);
    });
  }

  test('an unknown host answers 404 with a clear message', async ({ page, request }) => {
    const res = await request.get('/', { headers: { Host: UNKNOWN_DOMAIN } });
    expect(res.status()).toBe(404);

    const nav = await page.goto(`http://${UNKNOWN_DOMAIN}:${E2E_PORT}/`);
    expect(nav!.status()).toBe(404);
    await expectNotFoundPage(page, /address/i);
  });
});
