import { dateOfDayName, expect, test } from './fixtures';

// docs/booking/journey.md §2 Time selection: "An ADD ME TO WAITLIST button shows when allowed"; §4
// Waitlist: "Waitlist mode is entered with ADD ME TO WAITLIST"; §2 Summary: "For a waitlist booking
// it has a note asking for a preferred staff member or flexibility." Salon 1 has a waitlist,
// salon 2 none.

test('ADD ME TO WAITLIST switches to waitlist mode, and the summary says so', async ({ journey, page }) => {
  await journey.chooseServices(1, [['Gents Cut', 'Cut & Style']]);
  await journey.chooseStaff();
  const time = journey.time;
  await expect(time.title).toBeVisible();
  await expect(time.waitlistNotice).toHaveCount(0);

  await time.addToWaitlist.click();
  await expect(time.waitlistNotice).toBeVisible();
  await expect(time.waitlistNotice).toContainText('You are joining the waitlist');
  await expect(time.addToWaitlist).toBeHidden();

  await time.pickDay();
  await time.pickTime();
  await time.next.click();
  await expect(page).toHaveURL('/salon/1/stylistselect');
  await journey.chooseStaff();

  await expect(page).toHaveURL('/salon/1/summary');
  await expect(journey.summary.waitlistNote).toBeVisible();
  await expect(journey.summary.waitlistNote).toContainText(/staff member/);
  await expect(journey.summary.waitlistNote).toContainText(/flexible/);
});

test('a salon without a waitlist shows no ADD ME TO WAITLIST', async ({ journey }) => {
  await journey.chooseServices(2, [['Dry Cut', 'Cuts']]);
  await expect(journey.time.title).toBeVisible();
  await expect(journey.time.slider.days.first()).toBeVisible();
  await journey.time.pickDay();
  await expect(journey.time.times.first()).toBeVisible();
  await expect(journey.time.addToWaitlist).toHaveCount(0);
});

test("at 320 px a chosen stylist's waitlist offers only that stylist's hours, and the time chosen goes on", async ({ journey, page }) => {
  // issue 34: Fringe Trim with Amelia Hart (from 9:00) offered 8:30 and 8:45, then "That time is no
  // longer available."
  await page.setViewportSize({ width: 320, height: 640 });
  await journey.chooseServices(1, [['Fringe Trim', 'Cut & Style']]);
  await journey.chooseStaff({ 'Fringe Trim': 'Amelia Hart' });
  const time = journey.time;
  await time.addToWaitlist.click();
  await expect(time.waitlistNotice).toBeVisible();
  // the day after the first (the first is today, whose morning has gone)
  const nextDay = time.slider.availableDays.nth(1);
  await time.pickDay(dateOfDayName((await nextDay.getAttribute('aria-label'))!));
  await expect(time.times.first()).toHaveText('9:00 am');
  await time.pickTime();
  await time.next.click();
  await expect(page).toHaveURL('/salon/1/stylistselect');
  await expect(journey.staff.option('Fringe Trim', 'Amelia Hart')).toBeChecked();
  await journey.staff.next.click();
  await expect(page).toHaveURL('/salon/1/summary');
  await expect(journey.summary.waitlistNote).toBeVisible();
});
