import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { addDays, BOOKABLE_DAY, dateOfDayName, expect, inEachTheme, longDate, test, type AxeImpact, type ThemeMode } from './fixtures';

// Every day and time control is named on its own for a screen reader ('Mon 23 Availability, Monday 23 November'
// and '10:00 am, Monday 23 November'), the day slider works from the keyboard, and axe-core
// finds no serious or critical problem on the later screens of the journey (each in one theme), and none
// at all on the time screen and the review beside the summary (1280 px).

const WEEKDAY = '(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December)';
const DAY_NAME = new RegExp(`^[A-Z][a-z]{2} \\d{1,2} (Availability|No availability), ${WEEKDAY} \\d{1,2} ${MONTH}$`);

test('each day and each time has a name of its own', async ({ journey }) => {
  await journey.toTimeSelection();
  const { slider, times } = journey.time;
  const names = await slider.days.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  expect(names).toHaveLength(7);
  for (const [i, name] of names.entries()) {
    expect(name).toMatch(DAY_NAME);
    await expect(slider.days.nth(i)).toHaveAccessibleName(name);
  }

  const date = await journey.time.pickDay();
  await expect(times.first()).toBeVisible();
  const labels = await times.allTextContents();
  for (const [i, label] of labels.entries()) {
    await expect(times.nth(i)).toHaveAccessibleName(`${label.trim()}, ${longDate(date)}`);
  }
  // The chosen day and time say so.
  await expect(slider.day(date)).toHaveAttribute('aria-pressed', 'true');
  await times.first().click();
  await expect(times.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(times.nth(1)).toHaveAttribute('aria-pressed', 'false');
});

test('the day slider works from the keyboard: arrows move between days, Enter picks one', async ({ journey, page }) => {
  await journey.toTimeSelection();
  const { slider } = journey.time;
  const shown = await slider.shownDates();

  // A bookable day whose next day is bookable too, among those on show.
  const names = await slider.days.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  const i = names.findIndex((n, k) => BOOKABLE_DAY.test(n) && BOOKABLE_DAY.test(names[k + 1] ?? ''));
  expect(i, `two bookable days in a row among ${names.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const from = shown[i]!;
  const to = addDays(from, 1);

  await slider.day(from).focus();
  await expect(slider.day(from)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(slider.day(to)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(slider.day(from)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(slider.day(to)).toHaveAttribute('aria-pressed', 'true');
  await expect(journey.time.timesOn(to).first()).toBeVisible();

  // Past the last day on show, the slider moves on and the next day takes the focus.
  const last = shown.at(-1)!;
  await slider.day(last).focus();
  await page.keyboard.press('ArrowRight');
  const after = addDays(last, 1);
  await expect(slider.day(after)).toBeFocused();
  expect(dateOfDayName((await slider.day(after).getAttribute('aria-label'))!)).toBe(after);
});

// One walk through the journey, each screen checked once, in one of the three themes in turn: what
// differs between themes is colour (every pair each theme paints: tests/unit/themes.test.ts), type
// and shape, which an axe pass in each would check over again.
test('staff, time and summary screens have no serious axe violations, each in one theme', async ({ journey, page, expectAccessible }) => {
  // The time screen and the review (beside the summary at this 1280 px width) must have no
  // violation at all; the others none serious or worse.
  const check = (screen: string, theme: ThemeMode, atLeast: AxeImpact = 'serious') =>
    inEachTheme(page, () => expectAccessible(`${screen} (${theme})`, { atLeast }), [theme]);

  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await journey.chooseFinishing(['Blow Dry']);
  await expect(journey.staff.groups).toHaveCount(2);
  await journey.staff.anyone('Full Head Tint').check();
  await check('staff selection', 'neutral');
  await journey.staff.anyone('Blow Dry').check();
  await journey.staff.next.click();

  await expect(journey.patch.dialog).toBeVisible();
  await check('patch test popup', 'slick');
  await journey.answerPatch('yes');

  await expect(journey.time.slider.days.first()).toBeVisible();
  await journey.time.pickDay();
  await journey.time.pickTime();
  await check('time selection', 'dark', 'minor');
  await journey.time.next.click();

  await expect(journey.staff.groups).toHaveCount(2);
  await check('staff at the time', 'slick');
  await journey.chooseFirstStylists();

  await expect(journey.summary.title).toBeVisible();
  await journey.summary.viewMore.click();
  await check('summary', 'neutral', 'minor');
});

test("the day and time controls' names start with what they show (axe label-content-name-mismatch)", async ({ journey, page }) => {
  await journey.toTimeSelection();
  await journey.time.pickDay();
  await expect(journey.time.times.first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).setLegacyMode(true).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
});

test('after each step the focus moves to the new screen heading, for a screen reader to announce', async ({ journey, page }) => {
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await expect(journey.recommended.title).toBeFocused();
  await journey.recommended.next.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your staff' })).toBeFocused();
  await journey.chooseStaff();
  await journey.answerPatch('yes');
  await expect(journey.time.title).toBeFocused();
});

/** Presses Tab until `target` has the focus (at most `max` times) and says how many it took. */
async function tabsTo(page: Page, target: Locator, max = 60): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return n;
  }
  throw new Error(`no focus on ${target.toString()} after ${max} Tabs`);
}

test('at 390 px a chosen service and a chosen time are each a Tab or two from NEXT (the lists move by arrow keys)', async ({
  journey,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/salon/1');
  const { services, time } = journey;
  await expect(services.title).toBeVisible();
  // The services are one Tab stop: Down goes from a service to the next control (its view more, the next
  // service, the next category), Space ticks. Before issue 56, 13 Tabs from Full Head Tint to NEXT.
  // the arrow keys work once the page is hydrated: the list then gives each control its tabindex
  await expect(services.service('Full Head Tint')).toHaveAttribute('tabindex', /^-?\d+$/);
  await services.service('Full Head Tint').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(services.service('Balayage')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(services.service('Full Head Tint')).toBeChecked();
  // Tab: Remove Full Head Tint in the bar, then NEXT.
  expect(await tabsTo(page, services.next)).toBeLessThanOrEqual(2);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(services.service('Full Head Tint'), 'back into the list where it was left').toBeFocused();

  await services.next.click();
  await journey.chooseFinishing(['Blow Dry']);
  await journey.chooseStaff();
  await journey.answerPatch('yes');
  await time.pickDay();
  // The times are one Tab stop too: arrows move (Down by a row), Enter chooses. Before, 19 Tabs from the first to NEXT.
  const first = time.times.first();
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(time.times.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(time.times.nth(4), 'three to a row at 390 px').toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  // Tab: ADD ME TO WAITLIST, then NEXT.
  expect(await tabsTo(page, time.next)).toBeLessThanOrEqual(3);
});
