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
  // What the page says for each (salon, group, short link, domain) is in tests/unit/components/routes.test.tsx;
  // here the edge's answer: a 404 carrying which kind of address was not found, and one such page.
  test('unknown salons, groups and short links answer 404 with a clear message', async ({ page, request }) => {
    for (const [path, what] of [
      ['/salon/999', 'salon'],
      ['/salon/999999', 'salon'],
      ['/salon/999/summary', 'salon'],
      ['/salon/abc', 'salon'],
      ['/group/999/', 'group'],
      ['/s/nope', 'short URL'],
    ] as const) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toContain(`"what":"${what}"`);
    }
    const res = await page.goto('/s/nope');
    expect(res!.status()).toBe(404);
    await expectNotFoundPage(page, /short link/i);
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
// theme, leading back to the salon's start (the edge cannot tell, so the status is 200). Its texts
// and link: tests/unit/components/routes.test.tsx.
test.describe("not found in a salon's booking area", () => {
  test("the not-found page in each salon's theme (salon 1's at 320 px, no sideways scroll), and the edge's (no salon's look), are accessible", async ({
    page,
    expectAccessible,
    expectNoSidewaysScroll,
  }) => {
    for (const id of [1, 2, 3] as const) {
      await page.setViewportSize({ width: id === 1 ? 320 : 1280, height: 700 });
      const res = await page.goto(`/salon/${id}/no/such/screen`);
      expect(res!.status()).toBe(200);
      await expect(page.getByRole('link', { name: `Back to ${SALONS[id].name}` })).toHaveAttribute('href', `/salon/${id}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[id].theme);
      if (id === 1) await expectNoSidewaysScroll();
      await expectAccessible(`not found in salon ${id} (${SALONS[id].theme})`);
    }
    expect((await page.goto('/salon/999999'))!.status()).toBe(404);
    await expectAccessible('not found, no salon');
  });
});
