import type { Page } from '@playwright/test';
import { OFFLINE_MESSAGE } from '../../shared/call-errors';
import { DEMO_CLIENT, expect, logInThroughApi, SALONS, test, type SalonId } from './fixtures';

/** The notice a salon page shows while the browser has no connection. */
const offlineNotice = (id: SalonId) => `You are offline. To book now, call ${SALONS[id].name} on ${SALONS[id].phone}.`;

// Offline, a client keeps the screen and the selection, and reads what happened in words
// ('You seem to be offline...'), never 'Failed to fetch'; back online, Try again carries on.
// These run without the service worker (a first visit before it is installed, or a browser
// without one), so a screen whose code was never loaded is one the network must give.
test.describe('without the offline shell', () => {
  test('offline, a screen already seen keeps its list, a new one says so in words, and Try again carries on', async ({
    journey,
    page,
    context,
  }) => {
    await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
    await journey.chooseFinishing(['Blow Dry']);
    await expect(journey.staff.groups).toHaveCount(2);
    await page.goBack();
    await expect(journey.recommended.title).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: offlineNotice(1) })).toBeVisible();
    await journey.recommended.next.click();
    // The staff list stays on screen, with the selection as it was.
    await expect(journey.staff.groups).toHaveCount(2);
    await journey.staff.anyone('Full Head Tint').check();
    await journey.staff.anyone('Blow Dry').check();
    await journey.staff.next.click();

    // The time screen was never loaded: it says the client is offline, with Try again.
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(OFFLINE_MESSAGE);
    await expect(page.getByText('Failed to fetch')).toHaveCount(0);

    await context.setOffline(false);
    await alert.getByRole('button', { name: 'Try again' }).click();
    // The selection survived: the journey carries on where it was.
    await journey.answerPatch('yes');
    await expect(journey.time.title).toBeVisible();
    await expect(journey.time.slider.days.first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);

    // A call that fails offline says so in words; back online, it runs again by itself.
    // (the screen opened on the first day with times: another day's times are a new call)
    await context.setOffline(true);
    await journey.time.slider.availableDays.nth(1).click();
    await expect(page.getByRole('alert')).toContainText(OFFLINE_MESSAGE);
    await context.setOffline(false);
    await expect(journey.time.times.first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a call cancelled by a newer one is not logged as an error (patch time selection)', async ({ journey, page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
    await journey.chooseFinishing([]);
    await journey.chooseStaff();
    await journey.answerPatch('no');
    await expect(journey.time.patchTitle).toBeVisible();
    await journey.time.pickDay();
    await expect(journey.time.times.first()).toBeVisible();
    // Quick changes of day cancel the calls still under way.
    const days = journey.time.slider.availableDays;
    for (let i = 0; i < 3; i++) await days.nth(i % 2).click();
    await expect(journey.time.times.first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

// The offline shell (vite.config.ts): a service worker keeps the build output and the pages the
// client opened, so a salon page reopened with no network is the salon's page, not the browser's
// error page; it never keeps an API answer. (The other files run without it: playwright.config.ts.)
test.describe('with the offline shell', () => {
  test.use({ serviceWorkers: 'allow' });

  /** Waits until the service worker controls the page and holds its copy of the page. */
  async function offlineShellReady(page: Page) {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(() => page.evaluate(async () => (await caches.match(location.href)) !== undefined)).toBe(true);
  }

  /** Every URL in every Cache Storage cache of the page's origin. */
  function cachedUrls(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      return urls;
    });
  }

  test('reopened with no network, a salon page shows the salon, its phone and that the client is offline; back online the journey carries on', async ({
    page,
    context,
    journey,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/salon/1');
    await expect(journey.services.title).toBeVisible();
    await offlineShellReady(page);

    await context.setOffline(true);
    const reopened = await page.reload();
    // The service worker answered: no browser error page (chrome-error://), the salon's own page.
    expect(reopened?.status()).toBe(200);
    expect(page.url()).toMatch(/\/salon\/1$/);
    await expect(page.getByRole('banner')).toContainText(SALONS[1].name);
    await expect(page.getByRole('status').filter({ hasText: offlineNotice(1) })).toBeVisible();
    await expect(journey.services.title).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[1].theme);

    await context.setOffline(false);
    // The browser may not have noticed either way: the page finds out by itself within seconds.
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0, { timeout: 10_000 });
    await journey.services.choose('Full Head Tint', 'Colour');
    await journey.services.next.click();
    await expect(journey.recommended.title).toBeVisible();
  });

  test("offline, a journey screen reached in the app reopens as the salon's own page in its theme, and goes on by itself online", async ({
    page,
    context,
    journey,
  }) => {
    // issue 34: it was the generic offline page, in the neutral theme
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/salon/2');
    await offlineShellReady(page); // the salon's page is kept; the time screen, reached in the app, is not
    await journey.services.choose('Restyle', 'Cuts');
    await journey.services.next.click();
    await expect(journey.time.title).toBeVisible();

    await context.setOffline(true);
    const reopened = await page.reload();
    expect(reopened?.status()).toBe(200);
    expect(page.url()).toMatch(/\/salon\/2\/timeselect$/);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[2].theme);
    await expect(page.getByRole('banner')).toContainText(SALONS[2].name);
    await expect(page.getByRole('status').filter({ hasText: offlineNotice(2) })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0, { timeout: 10_000 });
    await expect(journey.time.title).toBeVisible();
    await expect(journey.time.slider.availableDays.first()).toBeVisible({ timeout: 10_000 });
  });

  test('offline, a page never opened is the offline page, in the neutral theme', async ({ page, context, expectAccessible }) => {
    await page.goto('/salon/1');
    await offlineShellReady(page);
    await context.setOffline(true);
    const res = await page.goto('/salon/3');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('Check your connection, then refresh the page.')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'neutral');
    await page.setViewportSize({ width: 320, height: 700 });
    await expectAccessible('the offline page at 320 px');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Refresh the page' }).click();
    await expect(page.getByRole('banner')).toContainText(SALONS[3].name);
  });

  test("each salon's offline page, in its theme, is accessible", async ({ page, context, expectAccessible }) => {
    for (const id of [1, 2, 3] as const) {
      await context.setOffline(false);
      await page.goto(`/salon/${id}`);
      await offlineShellReady(page);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: offlineNotice(id) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[id].theme);
      await expectAccessible(`salon ${id} offline (${SALONS[id].theme})`);
    }
  });

  test("a logged-in client's personal answers are never kept in Cache Storage", async ({ page }) => {
    await logInThroughApi(page, DEMO_CLIENT.e164, DEMO_CLIENT.password);
    await page.goto('/salon/1/my-book');
    await offlineShellReady(page);
    // Through the service worker now: the page again and its personal calls.
    const personal = page.waitForResponse((r) => r.url().includes('/api/ncob/client/'));
    await page.reload();
    await personal;
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await page.getByRole('list', { name: 'Locations' }).getByRole('link').filter({ hasText: SALONS[1].name }).click();
    await expect(page).toHaveURL('/salon/1/salon-booking/1');
    await expect(page.getByRole('tab').first()).toBeVisible();

    const urls = await cachedUrls(page);
    // The shell is there (build output, the pages opened)…
    expect(urls.some((u) => /\/assets\/index-[\w-]+\.js/.test(u))).toBe(true);
    expect(urls).toContain(new URL('/salon/1/my-book', page.url()).href);
    // …and no API answer at all, personal or public.
    expect(urls.filter((u) => new URL(u).pathname.startsWith('/api/'))).toEqual([]);
  });
});
