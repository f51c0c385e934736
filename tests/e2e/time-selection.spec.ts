import {
  addDays,
  BOOKABLE_DAY,
  dayName,
  daySlots,
  expect,
  fullDate,
  isBookable,
  longDate,
  MINUTES_1,
  minutesOf,
  monthLabel,
  salonTimeLabel,
  STAFF_1,
  test,
  timeLabelOf,
  todayIn,
  weeklyAvailability,
} from './fixtures';

// docs/booking/journey.md §2 Time selection and §9 Slider: "a month dropdown, day circles, day names and
// 'Availability' / 'No availability'", "7 days visible per step (5 under 480 px, 3 under 320 px)",
// "month dropdown of 6 months; arrows lock for 2 s after use", and the slot list note
// 'Times below are in {timezone} timezone'.

const services = ['Full Head Tint', 'Blow Dry'] as const;

test('the day slider shows six months, seven days and which of them have availability', async ({ journey, request }) => {
  await journey.toTimeSelection();
  const { slider, prompt, times, next } = journey.time;
  const today = todayIn();
  const week = await weeklyAvailability(request, 1, services, { from: today });

  const monthStart = (i: number) => {
    const d = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + i);
    return d.toISOString().slice(0, 10);
  };
  const months = Array.from({ length: 6 }, (_, i) => monthLabel(monthStart(i)));
  await expect(slider.month.getByRole('option')).toHaveText(months);

  await expect(slider.days).toHaveCount(7);
  const shown = await slider.shownDates(today);
  expect(shown, 'seven days in a row').toEqual(Array.from({ length: 7 }, (_, i) => addDays(shown[0]!, i)));
  expect(
    shown.some((d) => isBookable(week, d)),
    `a bookable day among ${shown.join(', ')}`,
  ).toBe(true);
  for (const d of shown) {
    const day = slider.day(d);
    const bookable = isBookable(week, d);
    await expect(day).toHaveAccessibleName(dayName(d, bookable));
    await expect(day).toContainText(String(Number(d.slice(8))));
    if (bookable) {
      await expect(day).toContainText('Availability');
      await expect(day).not.toContainText('No availability');
      await expect(day).toHaveAttribute('aria-disabled', 'false');
    } else {
      await expect(day).toContainText('No availability');
      await expect(day).toHaveAttribute('aria-disabled', 'true');
    }
  }
  // The screen opens on the first day with times (issue 17), so the prompt to pick a day is not needed.
  const first = shown.find((d) => isBookable(week, d))!;
  await expect(slider.day(first)).toHaveAttribute('aria-pressed', 'true');
  await expect(prompt).toBeHidden();
  await expect(journey.time.timesOn(first).first()).toBeVisible();
  await expect(times.and(journey.page.getByRole('button', { pressed: true }))).toHaveCount(0);
  await expect(next).toBeDisabled();

  // A later month shows its days from the 1st.
  await slider.month.selectOption({ label: months[2]! });
  await expect(slider.days.first()).toHaveAccessibleName(new RegExp(`, ${longDate(monthStart(2))}$`));
  await expect(slider.month).toHaveValue(monthStart(2));
});

test("a day shows its times in the salon's timezone, and a time enables NEXT", async ({ journey, page }) => {
  await journey.toTimeSelection();
  const time = journey.time;

  const date = await time.pickDay();
  await expect(time.timezoneNote('Europe/London')).toBeVisible();
  await expect(time.prompt).toBeHidden();
  await expect(time.timesOn(date).first()).toBeVisible();
  const labels = await time.timesOn(date).allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(/^\d{1,2}:\d{2} (am|pm)$/);
  await expect(time.next).toBeDisabled();

  const chosen = await time.pickTime(labels.at(-1));
  expect(chosen).toBe(labels.at(-1));
  await expect(time.next).toBeEnabled();

  // Another day drops the time until one is picked there.
  await time.slider.group.getByRole('button', { name: BOOKABLE_DAY, pressed: false }).first().click();
  await expect(time.times.first()).toBeVisible();
  await expect(time.times.and(time.page.getByRole('button', { pressed: true }))).toHaveCount(0);
  await expect(time.next).toBeDisabled();
  await time.pickTime();
  await time.next.click();
  await expect(page).toHaveURL('/salon/1/stylistselect');
});

test('seven days show at 1280 px, five under 480 px and three under 320 px', async ({ journey, page, expectNoSidewaysScroll }) => {
  await journey.toTimeSelection();
  const { days } = journey.time.slider;
  for (const [width, count] of [
    [1280, 7],
    [479, 5],
    [320, 5],
    [319, 3],
    [300, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await expect(days, `days at ${width} px`).toHaveCount(count);
    if (width <= 320) await expectNoSidewaysScroll();
  }
});

test('the arrows move a step of days and then lock for 2 seconds', async ({ journey, page }) => {
  await journey.toTimeSelection();
  const { slider } = journey.time;
  const before = await slider.shownDates();

  await slider.later.click();
  const clickedAt = Date.now();
  await expect(slider.later).toBeDisabled();
  await expect(slider.earlier).toBeDisabled();
  await expect(slider.days.first()).toHaveAccessibleName(new RegExp(`, ${longDate(addDays(before[0]!, 7))}$`));

  // Still locked well into the 2 seconds, free again soon after them.
  await page.waitForTimeout(Math.max(0, 1_300 - (Date.now() - clickedAt)));
  expect(await slider.later.isDisabled(), 'later arrow 1.3 s after a click').toBe(true);
  expect(await slider.earlier.isDisabled(), 'earlier arrow 1.3 s after a click').toBe(true);
  await expect(slider.later).toBeEnabled({ timeout: 4_000 });
  await expect(slider.earlier).toBeEnabled();

  await slider.earlier.click();
  await expect(slider.days.first()).toHaveAccessibleName(new RegExp(`, ${longDate(before[0]!)}$`));
  await expect(slider.earlier).toBeDisabled();
});

test('after the arrows move the days, Tab still reaches a day on show', async ({ journey, page }) => {
  await journey.toTimeSelection();
  const { slider } = journey.time;
  // A keyboard user tabs into the days, then back to 'Later days' and presses Enter.
  await slider.later.focus();
  await page.keyboard.press('Tab');
  await expect(slider.group.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Shift+Tab');
  await expect(slider.later).toBeFocused();
  const before = await slider.shownDates();
  await page.keyboard.press('Enter');
  await expect(slider.days.first()).toHaveAccessibleName(new RegExp(`, ${longDate(addDays(before[0]!, 7))}$`));

  await expect(slider.later).toBeEnabled({ timeout: 4_000 });
  await slider.later.focus();
  await page.keyboard.press('Tab');
  await expect(slider.group.locator(':focus'), 'a day on show takes the focus').toHaveCount(1);
});

test('choosing a stylist first shows the days that stylist is free', async ({ journey, request }) => {
  await journey.toBensTimeSelection();
  const { slider } = journey.time;
  await expect(slider.days).toHaveCount(7);

  const ben = await weeklyAvailability(request, 1, ['Full Head Tint'], { stylists: [STAFF_1['Ben Okafor'].id] });
  const anyone = await weeklyAvailability(request, 1, ['Full Head Tint']);
  const shown = await slider.shownDates();
  for (const d of shown) {
    await expect(slider.day(d)).toHaveAccessibleName(dayName(d, isBookable(ben, d)));
  }
  expect(
    shown.some((d) => isBookable(anyone, d) && !isBookable(ben, d)),
    `a day on show when someone else is free but not Ben (${shown.join(', ')})`,
  ).toBe(true);
});

test.describe('on a phone set to another timezone', () => {
  // UTC+14: for most of the day its date is a day ahead of London's.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("days, times and the summary are in the salon's timezone", async ({ journey, request }) => {
    await journey.toTimeSelection();
    const time = journey.time;
    const today = todayIn('Europe/London');
    await time.slider.month.selectOption({ index: 0 });
    await expect(time.slider.days.first(), "the slider starts on the salon's today").toHaveAccessibleName(
      new RegExp(`, ${longDate(today)}$`),
    );

    const week = await weeklyAvailability(request, 1, services, { from: today });
    const first = week.first_available_date!;
    await time.slider.month.selectOption({ label: monthLabel(first) });
    if ((await time.slider.day(first).count()) === 0) await time.slider.later.click();
    await time.pickDay(first);
    await expect(time.timezoneNote('Europe/London')).toBeVisible();
    const expected = (await daySlots(request, 1, services, first)).map((iso) => salonTimeLabel(iso));
    await expect(time.timesOn(first)).toHaveText(expected);

    const chosen = await time.pickTime(expected[0]);
    await time.next.click();
    await journey.chooseFirstStylists();
    await expect(journey.summary.details).toContainText(fullDate(first));
    await expect(journey.summary.details).toContainText(
      new RegExp(`${chosen}\\s*[–-]\\s*${timeLabelOf(minutesOf(chosen) + MINUTES_1['Full Head Tint']! + MINUTES_1['Blow Dry']!)}`),
    );
  });
});

test('the month dropdown names the month of the days on show, and both months when they span two', async ({ journey, page }) => {
  await journey.toTimeSelection();
  const { slider } = journey.time;
  const shownText = () => slider.month.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');
  const monthsOnShow = async () => new Set((await slider.shownDates()).map((d) => d.slice(0, 7)));
  // Move a day at a time (ArrowRight from the last day on show) until the days span two months.
  for (let i = 0; i < 40 && (await monthsOnShow()).size === 1; i++) {
    await slider.days.last().focus();
    await page.keyboard.press('ArrowRight');
  }
  const [from, to] = [...(await monthsOnShow())];
  const toLabel = monthLabel(`${to}-01`);
  // Short names, so the longest ('Dec 2026 – Jan 2027', the tests' day: env.ts) fits a 320 px phone.
  const short = (month: string) =>
    ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'][Number(month.slice(5, 7)) - 1];
  const [fromYear, toYear] = [from!.slice(0, 4), to!.slice(0, 4)];
  const expected =
    fromYear === toYear ? `${short(from!)} – ${short(to!)} ${toYear}` : `${short(from!)} ${fromYear} – ${short(to!)} ${toYear}`;
  expect(await shownText()).toBe(expected);
  // Once every day on show is in the later month, the dropdown names it alone.
  for (let i = 0; i < 10 && (await monthsOnShow()).size > 1; i++) {
    await slider.days.last().focus();
    await page.keyboard.press('ArrowRight');
  }
  expect(await shownText()).toBe(toLabel);
  await expect(slider.month).toHaveValue(`${to}-01`);
});

test('nothing on the time screen moves while its days and times arrive (a reload of salon 2, as Lighthouse loads it)', async ({
  journey,
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  await expect(journey.time.times.first()).toBeVisible();
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
        const what = entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : (s.node?.textContent ?? '?')));
        shifts.push(`${entry.value.toFixed(4)} ${what.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();
  await expect(journey.time.times.first()).toBeVisible();
  await expect(journey.time.next).toBeVisible();
  await page.waitForTimeout(1_000); // a shift is reported a frame after it happens
  expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
});
