import { expect, test } from './fixtures';

// The release check (docs/booking/journey.md §4, client/lib/release-check.ts): when the release
// call answers another release than the page's own, the next navigation loads the page afresh,
// once, with the booking selection kept; a server that keeps answering another release never
// causes a second reload (2 hours), even after the 10-minute pause between checks.

const NEWER = '2099.01.01';

// A new release also updates the offline shell (client/lib/service-worker.ts), so it runs here.
test.use({ serviceWorkers: 'allow' });

test('a new release: the next navigation is a full load, exactly once, and the selection is kept', async ({ page, journey }) => {
  await page.clock.install();
  let asked = 0;
  await page.route('**/api/latest/release/ui.booking/*/', (route) => {
    asked++;
    return route.fulfill({ json: { latest_release: NEWER } });
  });
  let loads = 0;
  page.on('load', () => loads++);

  await page.goto('/salon/1');
  await expect(journey.services.title).toBeVisible();
  await expect.poll(() => asked).toBe(1);
  // The page has read the answer (it notes when it last checked) before the next navigation: a
  // click before that is a navigation in the page, as it would be for a client that fast.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('release:checked'))).not.toBeNull();
  expect(new URL(page.url()).pathname).toBe('/salon/1');
  // A marker that only a full page load removes.
  await page.evaluate(() => ((window as { marker?: boolean }).marker = true));
  expect(loads).toBe(1);

  await journey.services.choose('Full Head Tint', 'Colour');
  await journey.services.next.click();
  await expect(journey.recommended.title).toBeVisible();
  // the reload waits for the new service worker first: seconds on a busy machine
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
  expect(await page.evaluate(() => (window as { marker?: boolean }).marker)).toBeUndefined();
  await expect(page).toHaveURL('/salon/1/recommendedservice');

  // The selection survived the reload: back on the first screen the service is still ticked.
  await page.goBack();
  await expect(journey.services.title).toBeVisible();
  await expect(journey.services.selectedItems).toHaveCount(1);
  await expect(journey.services.selectedItems.first()).toContainText('Full Head Tint');
  await page.evaluate(() => ((window as { marker?: boolean }).marker = true));

  // Ten minutes on, the check runs again and still hears another release: no second reload.
  await page.clock.fastForward('11:00');
  await journey.services.next.click();
  await expect(journey.recommended.title).toBeVisible();
  await expect.poll(() => asked).toBe(2);
  await journey.recommended.next.click();
  await expect(journey.staff.groups.first()).toBeVisible();
  await page.goBack();
  await expect(journey.recommended.title).toBeVisible();
  expect(loads).toBe(2);
  expect(await page.evaluate(() => (window as { marker?: boolean }).marker)).toBe(true);
});

test('the same release: navigations stay in the page and the release is asked for at most once in 10 minutes', async ({
  page,
  journey,
}) => {
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/latest/release/ui.booking/')) asked++;
  });
  let loads = 0;
  page.on('load', () => loads++);
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await journey.chooseFinishing([]);
  await expect(journey.staff.groups.first()).toBeVisible();
  await page.goBack();
  await expect(journey.recommended.title).toBeVisible();
  expect(loads).toBe(1);
  expect(asked).toBe(1);
});
