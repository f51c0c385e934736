import {
  addDays,
  dateOfDayName,
  dayName,
  expect,
  longDate,
  minutesOf,
  SALON_1_PATCH_COPY,
  test,
  todayIn,
  weeklyAvailability,
} from './fixtures';

// docs/booking/journey.md §2 Patch test popup and Patch time selection, §4 Flow 4 and Times: a colour
// service needs a patch test at least 48 hours before the appointment.

test.beforeEach(async ({ journey, page }) => {
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await journey.chooseFinishing(['Blow Dry']);
  await journey.chooseStaff();
  await expect(page).toHaveURL('/salon/1/timeselect');
  await expect(journey.patch.dialog).toBeVisible();
});

test("the popup shows the salon's copy cut with read more / close, the 48 hrs note and two exclusive choices", async ({
  journey,
  page,
}) => {
  const popup = journey.patch;
  const lastWords = 'without any problems.';

  // The copy is longer than 260 characters: it is cut, with read more.
  await expect(popup.copy).toContainText(SALON_1_PATCH_COPY.slice(0, 120));
  await expect(popup.copy).not.toContainText(lastWords);
  const cut = (await popup.copy.textContent())!.replace(/read more\s*$/, '').trim();
  expect(cut.length).toBeLessThanOrEqual(261);
  await expect(popup.readMore).toHaveAttribute('aria-expanded', 'false');

  await popup.readMore.click();
  await expect(popup.copy).toContainText(SALON_1_PATCH_COPY);
  await expect(popup.close).toHaveAttribute('aria-expanded', 'true');
  await popup.close.click();
  await expect(popup.copy).not.toContainText(lastWords);
  await expect(popup.readMore).toBeVisible();

  await expect(popup.note).toBeVisible();

  // Two choices that exclude each other; NEXT needs one.
  await expect(popup.yes).not.toBeChecked();
  await expect(popup.no).not.toBeChecked();
  await expect(popup.next).toBeDisabled();
  await popup.yes.check();
  await expect(popup.next).toBeEnabled();
  await popup.no.check();
  await expect(popup.yes).not.toBeChecked();
  await expect(popup.no).toBeChecked();
  await popup.yes.check();
  await expect(popup.no).not.toBeChecked();
  await expect(popup.next).toBeEnabled();

  // 'Yes' goes on to the appointment's time selection.
  await popup.next.click();
  await expect(popup.dialog).toBeHidden();
  await expect(page).toHaveURL('/salon/1/timeselect');
  await expect(journey.time.title).toBeVisible();
  await expect(journey.time.slider.days.first()).toBeVisible();
  // It opens on the first day with times (issue 17).
  await expect(journey.time.slider.group.getByRole('button', { pressed: true })).toHaveCount(1);
  await expect(journey.time.times.first()).toBeVisible();
});

test("'No' asks for a patch test time first; then appointment days before 2 days after it are disabled", async ({
  journey,
  page,
  request,
}) => {
  const time = journey.time;
  await journey.answerPatch('no');
  await expect(page).toHaveURL('/salon/1/patchtimeselect');
  await expect(time.patchTitle).toBeVisible();
  // It opens on the first day with times, as the appointment's time screen does (issue 34).
  await expect(time.slider.availableDays.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(time.times.first()).toBeVisible();
  await expect(time.prompt).toHaveCount(0);
  await expect(time.next).toBeDisabled();

  // A patch day with a day before it + 2 that has times without the patch test (late in the day,
  // today may have none left: the first patch day alone would prove nothing).
  const withoutPatch = await weeklyAvailability(request, 1, ['Full Head Tint', 'Blow Dry']);
  const patchDays = (await time.slider.availableDays.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).map((n) =>
    dateOfDayName(n),
  );
  const today = todayIn();
  const ruledOut = (p: string) => {
    const days: string[] = [];
    for (let d = today; d < addDays(p, 2); d = addDays(d, 1)) days.push(d);
    return days.some((d) => withoutPatch.availability[d]);
  };
  const telling = patchDays.find(ruledOut);
  expect(telling, `a patch day among ${patchDays.join(', ')} that rules out a bookable day`).toBeDefined();
  const patchDay = await time.pickDay(telling);
  await expect(time.timezoneNote()).toBeVisible();
  const patchTime = await time.pickTime();
  await expect(time.patchSelected).toBeVisible();
  await expect(time.next).toBeEnabled();

  await time.next.click();
  await expect(page).toHaveURL('/salon/1/timeselect');
  await expect(time.title).toBeVisible();
  await expect(journey.patch.dialog).toBeHidden();
  await expect(time.slider.days.first()).toBeVisible();

  // Show the days from today: everything before patch day + 2 is disabled, whatever the salon
  // has free then; without the patch test some of those days are bookable.
  const twoDaysOn = addDays(patchDay, 2);
  await time.slider.month.selectOption({ index: 0 });
  await expect(time.slider.days.first()).toHaveAccessibleName(new RegExp(`, ${longDate(todayIn())}$`));
  const shown = await time.slider.shownDates();
  const before = shown.filter((d) => d < twoDaysOn);
  expect(before.length, `days before ${twoDaysOn} on show: ${shown.join(', ')}`).toBeGreaterThan(0);
  for (const d of before) {
    await expect(time.slider.day(d)).toHaveAccessibleName(dayName(d, false));
    await expect(time.slider.day(d)).toHaveAttribute('aria-disabled', 'true');
  }
  expect(
    before.some((d) => withoutPatch.availability[d]),
    'a day the patch test rules out',
  ).toBe(true);

  // Tapping a disabled day chooses nothing and shows no times for it.
  await time.slider.day(before.at(-1)!).click({ force: true });
  await expect(time.slider.day(before.at(-1)!)).toHaveAttribute('aria-pressed', 'false');
  await expect(time.timesOn(before.at(-1)!)).toHaveCount(0);

  // On the first day allowed, no time is less than 48 hours after the patch test.
  const firstAllowed = (await time.slider.availableDays.first().getAttribute('aria-label'))!;
  const allowedDate = dateOfDayName(firstAllowed);
  expect(allowedDate >= twoDaysOn).toBe(true);
  await time.pickDay(allowedDate);
  await expect(time.times.first()).toBeVisible();
  if (allowedDate === twoDaysOn) {
    for (const label of await time.times.allTextContents()) {
      expect(minutesOf(label), `${label} on ${allowedDate} after a patch test at ${patchTime}`).toBeGreaterThanOrEqual(
        minutesOf(patchTime),
      );
    }
  }
});
