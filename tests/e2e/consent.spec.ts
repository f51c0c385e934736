import type { Locator, Page } from '@playwright/test';
import { DEMO_CLIENT, expect, logInThroughApi, test } from './fixtures';

// docs/booking/accounts-and-money.md §2 'Cookie banner', §4 'Cookie consent', §9: the choice (all or
// essential) is kept; a salon's Facebook pixel runs only with 'Accept all cookies'.

const PIXEL_ID = '987654321012345';

/**
 * Stands in for Facebook (there is no internet): every request to its hosts is counted. The
 * script takes over the page's `fbq` queue the way fbevents.js does and reports each event as an
 * image request to www.facebook.com/tr, with the page's path, as the real pixel does.
 */
const FBEVENTS = `(() => {
  const fbq = window.fbq;
  fbq.callMethod = (...a) => {
    if (a[0] !== 'track') return;
    const q = new URLSearchParams({ id: window.__pixel || '', ev: a[1], dl: location.pathname, cd: JSON.stringify(a[2] || {}) });
    new Image().src = 'https://www.facebook.com/tr?' + q;
  };
  for (const a of fbq.queue.splice(0)) { if (a[0] === 'init') window.__pixel = a[1]; fbq.callMethod(...a); }
})();`;

interface PixelEvent {
  id: string;
  ev: string;
  dl: string;
  cd: Record<string, unknown>;
}

async function watchFacebook(page: Page) {
  const requests: string[] = [];
  const events: PixelEvent[] = [];
  await page.route('**://connect.facebook.net/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: FBEVENTS });
  });
  await page.route('**://www.facebook.com/**', (route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    const q = url.searchParams;
    if (url.pathname === '/tr') events.push({ id: q.get('id')!, ev: q.get('ev')!, dl: q.get('dl')!, cd: JSON.parse(q.get('cd') ?? '{}') });
    return route.fulfill({ status: 204 });
  });
  return {
    requests,
    events,
    scripts: () => requests.filter((u) => u.includes('connect.facebook.net')),
    pageViews: () => events.filter((e) => e.ev === 'PageView').map((e) => e.dl),
  };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });
const choice = (page: Page, name: 'Essential cookies only' | 'Accept all cookies') =>
  banner(page).getByRole('button', { name, exact: true });
const cookieSettings = (page: Page) => page.getByRole('button', { name: 'Cookie settings', exact: true });

async function logIn(page: Page) {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Mobile number', { exact: true }).fill('07700 900123');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass1');
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
async function boxOf(l: Locator) {
  const box = await l.boundingBox();
  expect(box, `${l} has a box`).not.toBeNull();
  return box!;
}

test('on a first visit at 320 px the banner sits above the page, covers neither NEXT nor the navigation, and comes early in the tab order', async ({
  openSalon,
  page,
}) => {
  const screen = await openSalon(1, { width: 320, height: 640 });
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('analytics cookies');
  await expect(screen.next).toBeInViewport({ ratio: 1 });
  for (const at of ['top', 'bottom'] as const) {
    if (at === 'bottom') await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const box = await boxOf(banner(page));
    expect(intersects(box, await boxOf(screen.next)), `banner and NEXT at the ${at}`).toBe(false);
    expect(intersects(box, await boxOf(screen.bottomNav)), `banner and the navigation at the ${at}`).toBe(false);
  }

  // Keyboard: the first stop of the page is the banner's first choice, and Tab goes on past it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press('Tab');
  await expect(choice(page, 'Essential cookies only')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(choice(page, 'Accept all cookies')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).locator(':focus')).toHaveCount(0);
  // Enter chooses; the banner goes, the focus moves to the screen's heading (not the page's body)
  // and NEXT is still there.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(banner(page)).toHaveCount(0);
  await expect(screen.title).toBeFocused();
  await expect(screen.next).toBeInViewport({ ratio: 1 });
});

test('essential cookies only: not one request to Facebook through the journey, and the choice is kept over a reload', async ({
  journey,
  page,
  setSalon,
}) => {
  await setSalon(2, { fb_pixel_id: PIXEL_ID });
  const fb = await watchFacebook(page);
  await page.goto('/salon/2');
  await choice(page, 'Essential cookies only').click();
  await expect(banner(page)).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === 'cookie_consent')).toMatchObject({ value: 'essential', path: '/' });

  await journey.services.choose('Restyle', 'Cuts');
  await journey.services.next.click();
  await journey.time.pickDay();
  await journey.time.pickTime();
  await journey.time.next.click();
  await expect(journey.summary.title).toBeVisible();
  await page.reload();
  await expect(journey.summary.title).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/group/1/');
  await expect(page.getByText('Choose a location to book:')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(fb.requests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
});

test('accept all: the pixel loads once, a PageView per screen, and the confirmed booking sends Schedule with its value', async ({
  journey,
  page,
  setSalon,
}) => {
  await setSalon(2, { fb_pixel_id: PIXEL_ID });
  const fb = await watchFacebook(page);
  await page.goto('/salon/2');
  await expect(banner(page)).toBeVisible();
  expect(fb.requests, 'nothing before the choice').toEqual([]);
  await choice(page, 'Accept all cookies').click();
  await expect.poll(() => fb.pageViews()).toEqual(['/salon/2']);

  await journey.services.choose('Restyle', 'Cuts');
  await journey.services.next.click();
  await expect(journey.time.title).toBeVisible();
  await journey.time.pickDay();
  await journey.time.pickTime();
  await journey.time.next.click();
  await expect(journey.summary.title).toBeVisible();
  await journey.summary.next.click();
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking has been confirmed!');

  await expect
    .poll(() => fb.pageViews())
    // After the login the app goes back to the summary, which makes the booking.
    .toEqual(['/salon/2', '/salon/2/timeselect', '/salon/2/summary', '/salon/2/login', '/salon/2/summary', '/salon/2/bookingConfirmed']);
  await expect.poll(() => fb.events.filter((e) => e.ev === 'Schedule')).toHaveLength(1);
  const schedule = fb.events.find((e) => e.ev === 'Schedule')!;
  expect(schedule.cd).toEqual({ value: expect.any(Number), currency: 'GBP' });
  expect(schedule.cd.value).toBeGreaterThan(0);
  expect(new Set(fb.events.map((e) => e.id))).toEqual(new Set([PIXEL_ID]));
  expect(fb.scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);

  // Kept over a reload: the pixel starts again without asking.
  await page.goto('/salon/2');
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => fb.pageViews().length).toBe(7);
});

test('Cookie settings in the footer changes the choice: from all to essential the events stop', async ({ journey, page, setSalon }) => {
  await setSalon(2, { fb_pixel_id: PIXEL_ID });
  const fb = await watchFacebook(page);
  await page.goto('/salon/2');
  await choice(page, 'Accept all cookies').click();
  await expect.poll(() => fb.pageViews()).toEqual(['/salon/2']);

  await cookieSettings(page).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('heading', { name: 'Cookies' })).toBeFocused();
  await expect(banner(page)).toContainText('You chose: Accept all cookies.');
  await choice(page, 'Essential cookies only').click();
  await expect(page.getByRole('status').filter({ hasText: 'Analytics are off' })).toBeVisible();
  await expect(cookieSettings(page), 'focus goes back to where the banner was opened from').toBeFocused();
  expect((await page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('essential');
  expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');

  const before = fb.requests.length;
  await journey.services.choose('Restyle', 'Cuts');
  await journey.services.next.click();
  await expect(journey.time.title).toBeVisible();
  await page.reload();
  await expect(journey.time.title).toBeVisible();
  expect(fb.requests.slice(before)).toEqual([]);
  expect(fb.pageViews()).toEqual(['/salon/2']);
});

test('a salon without a pixel sends nothing to Facebook even with all cookies accepted', async ({ journey, page }) => {
  const fb = await watchFacebook(page);
  await page.goto('/salon/1');
  await choice(page, 'Accept all cookies').click();
  await journey.services.choose('Gents Cut', 'Cut & Style');
  await journey.services.next.click();
  await expect(journey.staff.groups.first()).toBeVisible();
  await page.goto('/salon/2');
  await expect(journey.services.title).toBeVisible();
  expect(fb.requests).toEqual([]);
});

test('the profile has Cookie settings too, and the group picker shares the choice', async ({ page }) => {
  await page.goto('/group/1/');
  await expect(banner(page)).toBeVisible();
  await choice(page, 'Essential cookies only').click();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/salon/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await logInThroughApi(page, DEMO_CLIENT.e164, DEMO_CLIENT.password);
  await page.goto('/salon/1/my-profile');
  await expect(page.getByText('Cookies: essential only.')).toBeVisible();
  await page.getByRole('main').getByText('Cookies: essential only.').getByRole('button', { name: 'Cookie settings' }).click();
  await choice(page, 'Accept all cookies').click();
  await expect(page.getByText('Cookies: all accepted.')).toBeVisible();
});

// The banner's axe pass in each theme: themes.spec.ts › salon %i: … the screen with its cookie
// banner has no axe violations at 320 px.
