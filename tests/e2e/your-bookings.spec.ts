import type { Page } from '@playwright/test';
import {
  createAccountThroughApi,
  DEMO_CLIENT,
  e164Of,
  expect,
  logInThroughApi,
  test,
  type Account,
  type BookingJourney,
  inEachTheme,
  type ThemeMode,
} from './fixtures';

// docs/booking/accounts-and-money.md §2 Bookings and Appointment details, §4 Bookings lists and
// Cancellation, §9 pager: a client sees its bookings again, opens one, cancels it or moves it.

const client = (n: number): Account => ({
  firstName: 'Sam',
  lastName: `Booker${n}`,
  email: `sam.booker${n}@example.test`,
  mobile: `07700 90042${n}`,
  password: 'Sam-pass12',
});

const bookingsList = (page: Page, tab: 'Upcoming' | 'Past') => page.getByRole('list', { name: `${tab} bookings` }).locator(':scope > li');
const tab = (page: Page, name: 'Upcoming' | 'Past') => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/** A new client books Restyle at salon 2 (no card) and gets to the confirmation; returns the date and time. */
async function bookAtSalon2(page: Page, journey: BookingJourney, who: Account) {
  await createAccountThroughApi(page.request, who);
  await logInThroughApi(page, e164Of(who.mobile), who.password);
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  const date = await journey.time.pickDay();
  const time = await journey.time.pickTime();
  await journey.time.next.click();
  await journey.summary.next.click();
  await expect(page).toHaveURL('/salon/2/bookingConfirmed');
  return { date, time };
}

test('a client books, finds the booking under Bookings, opens it, cancels it, and the time is offered again', async ({
  page,
  journey,
  setSalon,
}) => {
  await setSalon(2, { cancellation_window_hours: 0 });
  const { date, time } = await bookAtSalon2(page, journey, client(1));

  // One location: Bookings goes straight to its bookings.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL('/salon/2/salon-booking/2');
  await expect(tab(page, 'Upcoming')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Upcoming')).toContainText('1');
  const item = bookingsList(page, 'Upcoming').first();
  await expect(item).toContainText('Restyle');
  await expect(item).toContainText(time);
  await expect(item).toContainText('Booking Confirmed');
  await tab(page, 'Past').click();
  await expect(page.getByText('You have no past bookings', { exact: true })).toBeVisible();
  await tab(page, 'Upcoming').click();

  // The details load by id: a reload shows them again.
  await bookingsList(page, 'Upcoming').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/salon\/2\/2\/appointment\/\d+$/);
  await page.reload();
  const details = page.getByRole('region', { name: 'Appointment details' });
  await expect(details).toContainText('Restyle');
  await expect(details).toContainText(time);
  await expect(details).toContainText('Booking Confirmed');
  await expect(page.getByRole('region', { name: 'Cancellation policy' })).toBeVisible();

  await page.getByRole('button', { name: 'CANCEL/EDIT APPOINTMENT' }).click();
  await page.getByRole('dialog', { name: 'Cancel or change your appointment' }).getByRole('button', { name: 'YES, CANCEL IT' }).click();
  const done = page.getByRole('dialog', { name: 'Your appointment has been cancelled' });
  await expect(done.getByRole('link', { name: 'BOOK ANOTHER APPOINTMENT' })).toBeVisible();
  await done.getByRole('button', { name: 'NO THANKS' }).click();
  await expect(details).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'CANCEL/EDIT APPOINTMENT' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'REMOVE FROM CALENDAR' })).toBeVisible();

  // The time is free again at once.
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  await journey.time.pickDay(date);
  await expect(journey.time.times.filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(1);
});

test('a booking moves to another time: the new time shows, the old one is free', async ({ page, journey, setSalon }) => {
  await setSalon(2, { cancellation_window_hours: 0 });
  const { date, time } = await bookAtSalon2(page, journey, client(2));
  await page.goto('/salon/2/salon-booking/2');
  await bookingsList(page, 'Upcoming').first().getByRole('link').click();
  await page.getByRole('button', { name: 'CANCEL/EDIT APPOINTMENT' }).click();
  await page.getByRole('button', { name: 'CHANGE TIME' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new time' })).toBeVisible();
  // It opens on the first day with times, like the time screen (issue 34).
  await expect(journey.time.slider.availableDays.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(journey.time.times.first()).toBeVisible();
  await journey.time.pickDay();
  const later = journey.time.times.filter({ hasNotText: new RegExp(`^${time}$`) }).last();
  const newTime = (await later.textContent())!.trim();
  await later.click();
  await page.getByRole('button', { name: 'MOVE APPOINTMENT' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your appointment is now on' })).toContainText(newTime);
  await expect(page.getByRole('region', { name: 'Appointment details' })).toContainText(newTime);
  // The notice is said once: a reload does not repeat it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Appointment details' })).toContainText(newTime);
  await expect(page.getByRole('status').filter({ hasText: 'Your appointment is now on' })).toHaveCount(0);

  // The old time is offered to everyone again.
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  await journey.time.pickDay(date);
  await expect(journey.time.times.filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(1);
});

test("cancelling a booking whose deposit was paid, outside the salon's window, refunds the deposit once", async ({ page }) => {
  await logInThroughApi(page, DEMO_CLIENT.e164, DEMO_CLIENT.password);
  await page.goto('/salon/1/salon-booking/1');
  const paid = bookingsList(page, 'Upcoming').filter({ hasText: 'Deposit paid: £13.00' });
  await expect(paid).toHaveCount(1);
  await paid.getByRole('link').click();
  await page.getByRole('button', { name: 'CANCEL/EDIT APPOINTMENT' }).click();
  const ask = page.getByRole('dialog', { name: 'Cancel or change your appointment' });
  await expect(ask).toContainText('Your deposit of £13.00 will be refunded.');
  await ask.getByRole('button', { name: 'YES, CANCEL IT' }).click();
  const done = page.getByRole('dialog', { name: 'Your appointment has been cancelled' });
  await expect(done).toContainText('Your deposit of £13.00 has been refunded.');
  await done.getByRole('button', { name: 'NO THANKS' }).click();
  await expect(page.getByRole('region', { name: 'Appointment details' })).toContainText('Deposit £13.00 refunded');
  // In the lists it is a past (cancelled) booking now, saying what became of the deposit.
  await page.goto('/salon/1/salon-booking/1?tab=past');
  await expect(bookingsList(page, 'Past').filter({ hasText: 'Deposit £13.00 refunded' })).toHaveCount(1);
});

// Asked to phone when the salon takes no cancellations online; the demo client's two locations, the
// past tab's pages kept in the address, REBOOK and NOT BOOKABLE ONLINE; page 1 never showing page
// 2's bookings while it loads (the screen watched at every change), given the API's answers:
// tests/unit/components/your-bookings.test.tsx (the API's rules: tests/worker/client-appointments.test.ts).

test('locations, bookings and details fit 320 px and 1280 px, with no serious axe violations at 320 px, each in one theme', async ({
  page,
  expectAccessible,
  expectNoSidewaysScroll,
}) => {
  await logInThroughApi(page, DEMO_CLIENT.e164, DEMO_CLIENT.password);
  // Each screen fits 1280 px, and 320 px in every theme (their type differs in width), with one axe
  // pass at 320 px in one of the three themes in turn (each theme's colours: tests/unit/themes.test.ts).
  const fits = async (where: string, theme: ThemeMode) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSidewaysScroll();
    await page.setViewportSize({ width: 320, height: 640 });
    await inEachTheme(page, () => expectNoSidewaysScroll());
    await inEachTheme(page, () => expectAccessible(`${where} (320 px, ${theme})`, { atLeast: 'serious' }), [theme]);
  };
  await page.setViewportSize({ width: 320, height: 640 });
  // Profile (in dark) and Deposits (in the salon's own theme): with the bubble of Jamie's open
  // requests on the navigation's Deposits, whose name must hold what it shows (issue 56), and whose
  // count reads on its red in dark too.
  await page.goto('/salon/1/my-profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const deposits = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Deposits/ });
  await expect(deposits).toHaveAccessibleName(/^Deposits, \d+ new requests?$/);
  await inEachTheme(page, () => expectAccessible('profile (320 px, dark)'), ['dark']);
  await deposits.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
  await expectAccessible('deposits (320 px)');
  await page.goto('/salon/1/my-book');
  await expect(page.getByRole('list', { name: 'Locations' })).toBeVisible();
  await fits('locations', 'neutral');
  await page.goto('/salon/1/salon-booking/1');
  await expect(bookingsList(page, 'Upcoming').first()).toBeVisible();
  await fits('bookings', 'dark');
  await bookingsList(page, 'Upcoming').first().getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Appointment details' })).toBeVisible();
  await fits('appointment details', 'neutral');
});
