import { readFileSync } from 'node:fs';
import { STANDINS_URL } from './env';
import { BookingJourney, dateOfDayName, expect, SALONS, test } from './fixtures';

// docs/booking/journey.md §4 Flow 6 and §2 Booking confirmed; docs/booking/accounts-and-money.md §2 Verification.
// Free and waitlist bookings need no card: after login the booking is made at once.

async function logIn(page: import('@playwright/test').Page) {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Mobile number', { exact: true }).fill('07700 900123');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass1');
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
}

test('a free booking is made after login and confirmed, with a calendar file and a verification link', async ({ journey, page }) => {
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  await expect(journey.time.title).toBeVisible();
  await journey.time.pickDay();
  await journey.time.pickTime();
  await journey.time.next.click();
  await expect(page).toHaveURL('/salon/2/summary');
  await expect(page.getByText(/We are holding your time for/)).toHaveCount(0);
  // The hold is taken for this browser, then again for the client once logged in (issue 16).
  const holds: { loggedIn: boolean; status: number }[] = [];
  page.on('response', (r) => {
    if (/\/api\/book-online\/hold\/2\/$/.test(r.url()) && r.request().method() === 'POST')
      holds.push({ loggedIn: !!r.request().headers()['authorization'], status: r.status() });
  });
  await journey.summary.next.click();
  await expect(page.getByRole('timer')).toContainText(/We are holding your time for \d:\d\d/);
  await logIn(page);

  await expect(page).toHaveURL('/salon/2/bookingConfirmed');
  expect(holds).toEqual([
    { loggedIn: false, status: 201 },
    { loggedIn: true, status: 201 },
  ]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking has been confirmed!');
  // What happened, in words: the service with its stylist, where, what was paid and what is due, whom to call (issue 35).
  await expect(page.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText([/^Restyle with \w+/]);
  await expect(page.getByText('At Willow & Co Shoreditch, London', { exact: true })).toBeVisible();
  await expect(page.getByTestId('paid-today')).toHaveText('£0.00');
  await expect(page.getByTestId('due-at-salon')).toHaveText(/^£\d+\.\d{2}$/);
  await expect(page.getByRole('link', { name: SALONS[2].phone })).toHaveAttribute('href', 'tel:02079460342');
  await page.getByText('Address', { exact: true }).click();
  // the salon page's own map link (its details' map_link), not one built again from the address
  const { map_link } = (await (await page.request.get('/api/book-online/salon/2/')).json()) as { map_link: string };
  expect(map_link).toMatch(/google\.com\/maps\/search\/.*Redchurch/);
  await expect(page.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', map_link);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ADD TO CALENDAR' }).click();
  const ics = readFileSync((await (await download).path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toMatch(/SUMMARY:Restyle at Willow & Co Shoreditch/);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toContain('DURATION:PT75M');

  // The verification text (offline outbox) links to the verification page.
  // It is sent after the booking answers: wait for it to arrive.
  let code: string | undefined;
  await expect
    .poll(async () => (code = /\/verify\/2\/([a-z0-9]+)/.exec(await (await page.request.get(`${STANDINS_URL}/__dev/outbox`)).text())?.[1]))
    .toBeTruthy();
  expect(code).toBeTruthy();
  await page.goto(`/verify/2/${code}`);
  await expect(page.getByRole('heading', { name: 'Verifying Your Booking' })).toBeVisible();
  await expect(page.getByText('Thank you, your booking is confirmed.')).toBeVisible();
  await page.goto('/verify/2/not-a-code');
  await expect(page.getByText('Sorry, we are unable to find your Booking')).toBeVisible();
});

test('BOOK ANOTHER APPOINTMENT starts again; the confirmation without a booking goes to the start', async ({ journey, page }) => {
  await page.goto('/salon/2/bookingConfirmed');
  await expect(page).toHaveURL('/salon/2');
  await journey.chooseServices(2, [['Dry Cut', 'Cuts']]);
  await journey.time.pickDay();
  await journey.time.pickTime();
  await journey.time.next.click();
  await journey.summary.next.click();
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking has been confirmed!');
  await page.getByRole('button', { name: 'BOOK ANOTHER APPOINTMENT' }).click();
  await expect(page).toHaveURL('/salon/2');
  await expect(page.getByRole('button', { name: 'NEXT' })).toBeDisabled();
});

test('a waitlist booking needs no card and says the client is on the waitlist', async ({ journey, page }) => {
  await journey.chooseServices(1, [['Gents Cut', 'Cut & Style']]);
  await journey.chooseStaff();
  await journey.time.addToWaitlist.click();
  await journey.time.pickDay();
  await journey.time.pickTime();
  await journey.time.next.click();
  await journey.chooseStaff();
  await journey.summary.next.click();
  await logIn(page);
  await expect(page).toHaveURL('/salon/1/bookingConfirmed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Awesome, you are on the waitlist!');
  // A waitlist place is not a time in the diary yet: nothing to add to a calendar.
  await expect(page.getByRole('button', { name: 'ADD TO CALENDAR', exact: true })).toHaveCount(0);
});

test('the marketing opt-out link confirms, and an unknown one says so', async ({ page }) => {
  await page.goto('/opt-out/verify/1/demo-opt-out');
  await expect(page.getByText('We have requested your opt out of marketing messages.')).toBeVisible();
  await page.goto('/opt-out/verify/1/unknown-link');
  await expect(page.getByText('Sorry, we are unable to find that link')).toBeVisible();
});

test('a new time gets a fresh 10-minute hold, and an expired hold offers to choose the time again', async ({ journey, page }) => {
  await page.clock.install();
  // Holds are capped per caller address: this test's holds are left to expire, under an address of its own.
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': '203.0.113.62' });
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  await journey.time.pickDay();
  await journey.time.pickTime();
  await journey.time.next.click();
  await journey.summary.next.click();
  await expect(page).toHaveURL('/salon/2/login');
  await expect(page.getByRole('timer')).toContainText(/We are holding your time for (10:00|9:\d\d)/);

  // The client goes back and takes another time: the first hold's countdown is gone.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/salon/2/timeselect');
  await journey.time.pickDay();
  await journey.time.pickTime(await journey.time.times.nth(1).innerText());
  await journey.time.next.click();
  await expect(journey.summary.title).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await journey.summary.next.click();
  await expect(page.getByRole('timer')).toContainText(/We are holding your time for (10:00|9:5\d)/);

  await page.clock.fastForward('10:01');
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByText('We are no longer holding your time.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'CHOOSE TIME AGAIN' }).click();
  await expect(page).toHaveURL('/salon/2/timeselect');
});

test("a hold taken in another tab ends this tab's countdown, which says why and offers the time again", async ({
  journey,
  page,
  context,
}) => {
  // A day of its own (the third with times): a stylist's day lends at most a quarter of its time to
  // holds, and the test before this one leaves its holds on the first day to expire.
  const thirdDay = async (j: BookingJourney) =>
    j.time.pickDay(dateOfDayName((await j.time.slider.availableDays.nth(2).getAttribute('aria-label'))!));
  await page.setViewportSize({ width: 320, height: 640 });
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  await thirdDay(journey);
  await journey.time.pickTime();
  await journey.time.next.click();
  await journey.summary.next.click();
  await expect(page).toHaveURL('/salon/2/login');
  await expect(page.getByRole('timer')).toContainText(/We are holding your time for/);

  // The same browser, another tab: another time held (a browser keeps one live hold).
  const other = await context.newPage();
  const second = new BookingJourney(other);
  await second.chooseServices(2, [['Restyle', 'Cuts']]);
  await thirdDay(second);
  await second.time.pickTime(await second.time.times.nth(1).innerText());
  await second.time.next.click();
  await second.summary.next.click();
  await expect(other.getByRole('timer')).toContainText(/We are holding your time for/);

  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(
    page.getByText('We are no longer holding your time: a time was chosen in another tab of this browser.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'CHOOSE TIME AGAIN' })).toBeVisible();
  await other.close();
});
