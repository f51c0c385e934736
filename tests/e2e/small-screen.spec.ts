import type { Locator } from '@playwright/test';
import { expect, SALONS, test, type ServiceSelection } from './fixtures';

// A 320 px wide phone (iPhone SE, 320 x 568): nothing scrolls sideways and NEXT stays reachable.

const phone = { width: 320, height: 568 };

/** Expects a control to be wholly on screen and the top-most thing where a finger would tap it. */
async function expectTappable(control: Locator) {
  await expect(control).toBeInViewport({ ratio: 1 });
  const box = (await control.boundingBox())!;
  const hitsControl = await control.evaluate(
    (el, [x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return !!hit && (hit === el || el.contains(hit));
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hitsControl, 'something covers the control at its centre').toBe(true);
}

async function fillTheScreen(screen: ServiceSelection) {
  await screen.readMore.click();
  await screen.expandAll();
  await screen.choose('Ladies Cut & Blow Dry');
  await screen.choose('Balayage');
  await screen.choose('Olaplex Treatment');
  await screen.choose('Hair Up');
  const viewMore = screen.page.getByRole('button', { name: /^view more/ });
  while ((await viewMore.count()) > 0) await viewMore.first().click();
}

test('service selection does not scroll sideways at 320 px', async ({ openSalon, expectNoSidewaysScroll }) => {
  const screen = await openSalon(1, phone);
  await expectNoSidewaysScroll();

  await fillTheScreen(screen);
  await expectNoSidewaysScroll();

  await screen.search.click();
  await screen.searchField.fill('a');
  await expectNoSidewaysScroll();
});

test('NEXT is on screen without scrolling and stays reachable at the bottom of the page', async ({ openSalon, page }) => {
  const screen = await openSalon(1, phone);
  await expect(screen.next).toBeInViewport({ ratio: 1 });
  await expect(screen.next).toBeDisabled();

  await fillTheScreen(screen);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(screen.next).toBeEnabled();
  await expectTappable(screen.next);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expectTappable(screen.next);
  // The selected list is not hidden under the bottom navigation either.
  const nav = (await screen.bottomNav.boundingBox())!;
  const next = (await screen.next.boundingBox())!;
  expect(next.y + next.height).toBeLessThanOrEqual(nav.y);
  await screen.next.click({ trial: true });
});

test('a salon with online booking off fits 320 px', async ({ openSalon, page, expectNoSidewaysScroll }) => {
  await openSalon(3, phone);
  await expect(page.getByText(SALONS[3].phone, { exact: false }).first()).toBeVisible();
  await expectNoSidewaysScroll();
});

test('the group picker does not scroll sideways at 320 px', async ({ openGroup, expectNoSidewaysScroll }) => {
  const picker = await openGroup(1, { ...phone, query: '?utm_source=instagram&utm_medium=social' });
  await expect(picker.locations).toHaveCount(2);
  await expectNoSidewaysScroll();
  // each card carries its address, hours and next time (issue 31): the second is below the fold until scrolled to
  await picker.location(SALONS[2].name).scrollIntoViewIfNeeded();
  await expectTappable(picker.location(SALONS[2].name));
});

test('a time focused from the keyboard is never hidden under the NEXT bar (WCAG 2.4.11)', async ({ journey, page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await journey.toTimeSelection();
  // the first day with more than 8 times (other tests book on the same servers: the first day
  // may have few left)
  const times = journey.time.times;
  let count = 0;
  for (let d = 0; d < 5 && count <= 8; d++) {
    const day = journey.time.slider.availableDays.nth(d);
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    await expect(times.first()).toBeVisible();
    count = await times.count();
  }
  expect(count, 'enough times to reach below the bar').toBeGreaterThan(8);
  const bar = page.getByRole('button', { name: 'NEXT', exact: true });
  await times.first().focus();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('ArrowRight'); // the times are one Tab stop; the arrows move between them
    const focused = page.locator(':focus');
    const [box, barBox] = [(await focused.boundingBox())!, (await bar.boundingBox())!];
    // The bar's top edge: NEXT sits in it, 8 px (py 2) below its border.
    expect(box.y + box.height, `time ${i + 1} of ${count} ends above the NEXT bar`).toBeLessThanOrEqual(barBox.y - 8);
    expect(box.y, `time ${i + 1} of ${count} starts on screen`).toBeGreaterThanOrEqual(0);
  }
});
