import type { Page } from '@playwright/test';
import { addDays, dateOfDayName, expect, fullDate, isBookable, longDate, STAFF_1, test, todayIn, weeklyAvailability } from './fixtures';

// Issue 17: from 1024 px the journey sits beside a sticky summary of the booking (services, staff,
// time, total, NEXT) and the account tabs are in the header; at 768 px the tabs are in the header
// and NEXT stays in its bar; a phone (320 px) is as it was. The time screen opens on the first day
// with times and offers 'Next available' when the days on show have none.

const summaryOf = (page: Page) => page.getByRole('complementary', { name: 'Your booking' });
const accountTabs = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const nextButtons = (page: Page) => page.getByRole('button', { name: 'NEXT', exact: true });

test('at 1280 px the summary beside the journey shows the services, staff, time and total, and its NEXT goes on', async ({
  journey,
  page,
}) => {
  await journey.toTimeSelection();
  const summary = summaryOf(page);
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('list', { name: 'Your selection' }).getByRole('listitem')).toHaveText([
    /^Full Head Tint\s*Any available staff member\s*£75\.00 - £85\.00$/,
    /^Blow Dry\s*Any available staff member\s*£25\.00 - £35\.00$/,
  ]);
  await expect(summary).toContainText('Willow & Co Islington');

  const { date, time } = await journey.pickFirstTime();
  const staff = await journey.chooseFirstStylists();
  await expect(journey.summary.title).toBeVisible();
  for (const [service, who] of Object.entries(staff)) {
    await expect(summary.getByRole('listitem').filter({ hasText: service })).toContainText(`with ${who}`);
  }
  await expect(summary).toContainText(fullDate(date));
  await expect(summary).toContainText(time);
  // The summary's total is the review screen's.
  const total = (await journey.summary.total.textContent())!.replace(/^Total\s*/, '').trim();
  await expect(summary.getByRole('paragraph').filter({ hasText: /^Total/ })).toHaveText(
    new RegExp(`^Total\\s*${total.replace(/[£.]/g, '\\$&')}$`),
  );

  // One NEXT on the page, in the summary; the review screen's bar is not shown.
  await expect(nextButtons(page)).toHaveCount(1);
  await expect(summary.getByRole('button', { name: 'NEXT', exact: true })).toBeVisible();
  await summary.getByRole('button', { name: 'NEXT', exact: true }).click();
  await expect(page).toHaveURL(/\/salon\/1\/login$/);
});

test('at 1280 px the summary stays in view while the screen scrolls, and removes services on the first screen', async ({
  openSalon,
  page,
}) => {
  const screen = await openSalon(1, { width: 1280, height: 700 });
  await expect(summaryOf(page)).toContainText('Choose one or more services to continue.');
  await screen.readMore.click();
  await screen.expandAll();
  await screen.choose('Gents Cut');
  await screen.choose('Balayage');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(summaryOf(page).getByRole('button', { name: 'NEXT', exact: true })).toBeInViewport({ ratio: 1 });

  await summaryOf(page).getByRole('button', { name: 'Remove Gents Cut', exact: true }).click();
  await expect(screen.service('Gents Cut')).not.toBeChecked();
  await expect(summaryOf(page).getByRole('listitem')).toHaveText([/^Balayage/]);
  await expect(summaryOf(page)).toContainText('From £120.00');
});

test('at 1280 px the account tabs are in the header and there is no bottom bar', async ({ openSalon, page }) => {
  await openSalon(1, { width: 1280 });
  await expect(accountTabs(page)).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Account' })).toBeVisible();
  await expect(accountTabs(page).getByRole('link')).toHaveText(['Profile', 'Bookings', 'Deposits']);
  // Nothing is fixed along the bottom of the screen.
  const fixedAtBottom = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll('body *')).filter((el) => {
        const s = getComputedStyle(el);
        return s.position === 'fixed' && s.display !== 'none' && el.getBoundingClientRect().bottom >= window.innerHeight - 1;
      }).length,
  );
  expect(fixedAtBottom, 'elements fixed along the bottom').toBe(0);
  await accountTabs(page).getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL('/salon/1/profile-login?fromMyBook=true&next=%2Fmy-book');
  await expect(summaryOf(page), 'no booking summary outside the journey').toHaveCount(0);
});

test('at 768 px the tabs are in the header and NEXT stays in its bar at the foot of the screen', async ({ openSalon, page }) => {
  const screen = await openSalon(1, { width: 768, height: 900 });
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Account' })).toBeVisible();
  await expect(accountTabs(page)).toHaveCount(1);
  await expect(summaryOf(page)).toHaveCount(0);
  await screen.choose('Gents Cut', 'Cut & Style');
  await expect(screen.selection).toContainText('£22.00 - £35.00');
  await expect(nextButtons(page)).toHaveCount(1);
  const bar = (await page.getByRole('region', { name: 'Selected services' }).boundingBox())!;
  expect(Math.round(bar.y + bar.height), 'the bar sits on the bottom edge').toBe(900);
  // A wider column than a phone's 640 px, still centred.
  const main = (await page.getByRole('main').boundingBox())!;
  expect(main.width).toBeGreaterThan(640);
  expect(Math.round(main.x)).toBe(Math.round((768 - main.width) / 2));
});

test('at 320 px nothing changed: the bottom bar, NEXT above it, no summary and no sideways scroll', async ({
  openSalon,
  page,
  expectNoSidewaysScroll,
}) => {
  const screen = await openSalon(1, { width: 320, height: 640 });
  await expect(accountTabs(page)).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('navigation')).toHaveCount(0);
  const nav = (await accountTabs(page).boundingBox())!;
  expect(Math.round(nav.y + nav.height)).toBe(640);
  expect(nav.height).toBe(56);
  await expect(summaryOf(page)).toHaveCount(0);
  await screen.choose('Gents Cut', 'Cut & Style');
  await expect(nextButtons(page)).toHaveCount(1);
  const next = (await screen.next.boundingBox())!;
  expect(next.y + next.height).toBeLessThanOrEqual(nav.y);
  await expectNoSidewaysScroll();
});

test.describe('faster to a time', () => {
  test('the time screen opens on the first day with times, its times on show', async ({ journey, request }) => {
    await journey.toTimeSelection();
    const week = await weeklyAvailability(request, 1, ['Full Head Tint', 'Blow Dry'], { from: todayIn() });
    const first = week.first_available_date!;
    const day = journey.time.slider.day(first);
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    await expect(journey.time.timesOn(first).first()).toBeVisible();
    await expect(journey.time.prompt).toBeHidden();
    // Days before it (today too, when today has no times left) are not chosen.
    for (let d = todayIn(); d < first; d = addDays(d, 1)) {
      if ((await journey.time.slider.day(d).count()) > 0) await expect(journey.time.slider.day(d)).toHaveAttribute('aria-pressed', 'false');
    }
  });

  test("'Next available' moves from days on show without times to the next day with times", async ({ journey, page, request }) => {
    // Ben works Monday to Thursday: three days on show (under 320 px) can all be without times.
    await page.setViewportSize({ width: 300, height: 700 });
    await journey.toBensTimeSelection();
    const { slider } = journey.time;
    await expect(slider.days).toHaveCount(3);
    const ben = await weeklyAvailability(request, 1, ['Full Head Tint'], { stylists: [STAFF_1['Ben Okafor'].id] });
    const nextAvailable = page.getByRole('button', { name: 'Next available', exact: true });
    await expect(nextAvailable, 'not while a day on show has times').toBeHidden();

    // A day at a time (ArrowRight on the last day on show) until none of the three has times.
    const shown = () => slider.shownDates();
    for (let i = 0; i < 14 && (await shown()).some((d) => isBookable(ben, d)); i++) {
      await slider.days.last().focus();
      await page.keyboard.press('ArrowRight');
    }
    const empty = await shown();
    expect(
      empty.some((d) => isBookable(ben, d)),
      `days without times on show: ${empty.join(', ')}`,
    ).toBe(false);
    await expect(page.getByText("Sorry, it looks like there's no availability")).toHaveCount(0);
    await nextAvailable.click();

    const expected = Object.keys(ben.availability)
      .sort()
      .find((d) => d > empty[0]! && isBookable(ben, d))!;
    const pressed = slider.group.getByRole('button', { pressed: true });
    await expect(pressed).toHaveAccessibleName(new RegExp(`, ${longDate(expected)}$`));
    expect(dateOfDayName((await pressed.getAttribute('aria-label'))!)).toBe(expected);
    await expect(journey.time.timesOn(expected).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Showing ${longDate(expected)}, the next day with times` })).toHaveCount(1);
    await expect(nextAvailable).toBeHidden();
  });
});
