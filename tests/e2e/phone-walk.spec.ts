import type { Page } from '@playwright/test';
import { DEMO_CLIENT, expect, logInThroughApi, test, type BookingJourney } from './fixtures';

// Every screen of the journey on a 320 x 640 phone: nothing scrolls sideways. SHOTS=dir saves a
// screenshot of each screen there, for a person to look at.

const phone = { width: 320, height: 640 };

async function screen(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${viewport}-${name}.png` });
  expect.soft(scrollWidth, `${name} is ${scrollWidth}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
}

async function toStaffBeforeTime(journey: BookingJourney) {
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await screen(journey.page, 'recommended');
  await journey.chooseFinishing(['Blow Dry']);
  await expect(journey.staff.groups.first()).toBeVisible();
}

test.use({ viewport: phone });

test('the journey of a new client does not scroll sideways at 320 px', async ({ page, journey }) => {
  // Holds are capped per caller address: this test's hold is left to expire, under an address of its own.
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': '203.0.113.61' });
  await page.goto('/salon/1');
  await screen(page, 'services');
  await toStaffBeforeTime(journey);
  await screen(page, 'favouritestylistselect');
  await journey.staff.option('Full Head Tint', 'Ben Okafor').check();
  await journey.staff.anyone('Blow Dry').check();
  await journey.staff.next.click();
  await expect(journey.patch.dialog).toBeVisible();
  await screen(page, 'patch-popup');
  await journey.answerPatch('no');
  await expect(journey.time.patchTitle).toBeVisible();
  await expect(journey.time.slider.days.first()).toBeVisible();
  await screen(page, 'patchtimeselect');
  await journey.time.pickDay();
  await journey.time.pickTime();
  await screen(page, 'patchtimeselect-chosen');
  await journey.time.next.click();
  await expect(journey.time.title).toBeVisible();
  await screen(page, 'timeselect');
  await journey.time.pickDay();
  await journey.time.pickTime();
  await screen(page, 'timeselect-chosen');
  await journey.time.next.click();
  await expect(journey.staff.groups.first()).toBeVisible();
  await screen(page, 'stylistselect');
  await journey.chooseFirstStylists();
  await expect(journey.summary.title).toBeVisible();
  await screen(page, 'summary');
  await journey.summary.next.click();
  await expect(page).toHaveURL(/\/login$/);
  await screen(page, 'login');
  // The country shows whole ('GB +44'), not cut to 'GB +44 Un'.
  const country = page.getByText('GB +44', { exact: true });
  await expect(country).toBeVisible();
  const cut = await country.evaluate((el) => {
    const box = el.parentElement!.getBoundingClientRect();
    const text = el.getBoundingClientRect();
    return text.right > box.right || el.parentElement!.scrollWidth > el.parentElement!.clientWidth;
  });
  expect(cut, 'the country is cut').toBe(false);
  await page.getByRole('link', { name: 'CREATE ACCOUNT', exact: true }).click();
  await screen(page, 'create-account');
  await page.goto('/salon/1/forgot');
  await screen(page, 'forgot-password');
});

test('the screens of a client who is logged in do not scroll sideways at 320 px', async ({ page }) => {
  await logInThroughApi(page, DEMO_CLIENT.e164, DEMO_CLIENT.password);
  for (const path of ['my-profile', 'my-book', 'my-feeds']) {
    await page.goto(`/salon/1/${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screen(page, path);
    if (path !== 'my-profile') continue;
    // The two tabs stand apart, and only the chosen one is underlined.
    const [contact, payment] = [page.getByRole('tab', { name: 'Contact Details' }), page.getByRole('tab', { name: 'Payment Details' })];
    const a = (await contact.boundingBox())!;
    const b = (await payment.boundingBox())!;
    expect(b.x - (a.x + a.width), 'space between the tabs').toBeGreaterThanOrEqual(4);
    const underline = (tab: typeof contact) => tab.evaluate((el) => getComputedStyle(el).borderBottomColor);
    await expect(payment).toHaveAttribute('aria-selected', 'true');
    expect(await underline(payment)).not.toBe(await underline(contact));
    expect(await contact.evaluate((el) => getComputedStyle(el).borderBottomColor)).toBe('rgba(0, 0, 0, 0)');
    await contact.click();
    await expect(contact).toHaveAttribute('aria-selected', 'true');
    await screen(page, 'my-profile-contact');
  }
  await page.goto('/salon/1');
  await screen(page, 'services-logged-in');
});

test('logged in at 320 px, the header keeps the logo, one line each for the name and Powered by, and one back control', async ({
  page,
  journey,
}) => {
  await logInThroughApi(page, DEMO_CLIENT.e164, DEMO_CLIENT.password);
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await expect(journey.recommended.title).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
  // salon 1 has a logo (its initials are the fallback of a salon without one)
  await expect(banner.locator('img').first()).toBeVisible();
  for (const text of ['Willow & Co Islington', 'Powered by Bookwell']) {
    const { lines, cut } = await banner.getByText(text, { exact: true }).evaluate((el) => ({
      lines: el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
      cut: el.scrollWidth > el.clientWidth,
    }));
    expect(lines, `'${text}' takes one line`).toBeLessThan(1.5);
    expect(cut, `'${text}' is cut short`).toBe(false);
  }
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(1);
  await screen(page, 'header-logged-in');
});

test('the other salons and the group picker do not scroll sideways at 320 px', async ({ page }) => {
  for (const path of ['/salon/2', '/salon/3', '/group/1/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screen(page, path.replace(/\W+/g, '-'));
  }
});

test('on a 640 px phone the bars at the foot take little room and sit on the navigation, even under a short list', async ({
  page,
  journey,
}) => {
  await page.goto('/salon/1');
  const nav = page.getByRole('navigation', { name: 'Account' });
  const bar = journey.services.selection;
  const room = async () => (await nav.boundingBox())!.height + (await bar.boundingBox())!.height;
  expect(await room(), 'nothing chosen').toBeLessThanOrEqual(125);
  await journey.services.choose('Ladies Cut & Blow Dry', 'Cut & Style');
  await journey.services.choose('Olaplex Treatment', 'Treatments');
  await journey.services.choose('Full Head Tint', 'Colour');
  expect(await room(), 'three services chosen').toBeLessThanOrEqual(160);

  // The recommended services are a short list: NEXT's bar still sits right on the navigation.
  await journey.services.next.click();
  await expect(journey.recommended.title).toBeVisible();
  const next = page.locator('section').filter({ has: journey.recommended.next });
  const barBox = (await next.boundingBox())!;
  const navBox = (await nav.boundingBox())!;
  expect(Math.abs(barBox.y + barBox.height - navBox.y), 'gap between the NEXT bar and the navigation').toBeLessThanOrEqual(1);
});

test('at 320 px service names wrap at word boundaries, never inside a word, and prices do not squeeze them', async ({ page, journey }) => {
  await page.goto('/salon/1');
  await journey.services.expandAll();
  for (const name of ['Olaplex Treatment', 'Ladies Cut & Blow Dry', 'Full Head Tint']) {
    const row = journey.services.serviceRow(name);
    const broken = await row.getByText(name, { exact: true }).evaluate((el) => {
      // Each word of the name must sit on one line: a word split over two lines has two boxes.
      const text = el.firstChild!;
      const words: string[] = [];
      let at = 0;
      for (const word of (text.textContent ?? '').split(' ')) {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        if (range.getClientRects().length > 1) words.push(word);
        at += word.length + 1;
      }
      return words;
    });
    expect(broken, `words of '${name}' broken over two lines`).toEqual([]);
    const lines = await row
      .getByText(name, { exact: true })
      .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines, `'${name}' lines`).toBeLessThanOrEqual(2);
  }
});
