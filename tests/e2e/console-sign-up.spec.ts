import { BookingJourney, emailsTo, expect, test } from './fixtures';

// Issue 49: a salon signs itself up (name, email, password; the emailed code), sets itself up (a
// starter menu, opening hours, its look), its booking page is live, Today lists what is left, and
// a client books on the new page, which ticks "Take your first booking". One journey at 1280 px;
// the set-up's and Today's layout at 390 px checked on the way; axe on each new screen.

test('a salon signs up, sets up, and a client books on its new page; Today ticks the first booking', async ({
  page,
  request,
  expectAccessible,
  expectNoSidewaysScroll,
}) => {
  // a sign-up, a sign-in, the set-up, a booking with a client's sign-in, and axe passes on two busy cores
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `new-salon-${Date.now()}@example.test`;
  await page.goto('/console/');
  await page.getByRole('link', { name: 'Sign up and set up your salon' }).click();
  await page.getByLabel('Your name').fill('Robin Shaw');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Signed-up1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  let code: string | undefined;
  await expect
    .poll(
      async () => (code = (await emailsTo(request, email)).map((m) => /code is (\d{6})/.exec(m.text ?? '')?.[1]).find(Boolean)),
      'the code',
    )
    .toBeTruthy();
  await page.getByLabel('Code from the email').fill(code!);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Set up your salon' })).toBeVisible();
  const name = `Shaw Hair ${Date.now() % 100_000}`;
  await page.getByLabel('Salon name').fill(name);
  await page.getByLabel('Address line 1').fill('5 Upper Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('N1 0PQ');
  await page.getByLabel('Salon phone number').fill('020 7946 0321');
  await page.getByRole('radio', { name: /Hair salon/ }).check();
  await expectAccessible('the set-up');
  // the form fits a phone's width: nothing to scroll sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Set up my salon' }).click();

  // live: the look (optional), a short name offered, then the console
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking page is live' })).toBeVisible();
  await expect(page.getByText('No short link yet.')).toBeVisible();
  await expect(page.getByText('No logo yet')).toBeVisible();
  await page.getByRole('radio', { name: /^Neutral/ }).check();
  await page.getByRole('button', { name: 'Save the look' }).click();
  await expect(page.getByText('Saved. Your booking page has its new look.')).toBeVisible();
  await expectAccessible('the booking page is live');
  await page.getByRole('button', { name: 'Go to your console' }).click();

  // the console opens on the new salon's Today, with what is left to do
  await expect(page.getByRole('heading', { level: 1, name: 'Today', exact: true })).toBeVisible();
  const id = /\/console\/salons\/(\d+)\//.exec(new URL(page.url()).pathname)![1]!;
  const checklist = page.getByRole('region', { name: 'Get your salon ready' });
  await expect(checklist.getByText('3 of 8 done.', { exact: false })).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Get paid' })).toHaveAttribute('href', `/console/salons/${id}/get-paid`);
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Take your first booking' })).toContainText('To do.');
  await expectAccessible('Today with the checklist');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll();
  await page.setViewportSize({ width: 1280, height: 900 });

  // a client books on the new page: the starter menu, its only stylist, the first time, signed in
  const journey = new BookingJourney(page);
  expect((await page.goto(`/salon/${id}`))?.status()).toBe(200);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('5 Upper Street, London N1 0PQ')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'neutral');
  await journey.services.choose('Cut & Blow Dry', 'Cut & Style');
  await expect(page.getByText('£45.00').first()).toBeVisible();
  await journey.services.next.click();
  const staffScreen = journey.staff.groups.first();
  await expect(journey.time.title.or(staffScreen)).toBeVisible();
  if (await staffScreen.isVisible()) await journey.chooseStaff();
  await expect(journey.time.title).toBeVisible();
  await journey.time.pickDay();
  await journey.time.pickTime();
  await journey.time.next.click();
  await expect(journey.summary.title).toBeVisible();
  await journey.summary.next.click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Mobile number', { exact: true }).fill('07700 900123');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass1');
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await expect(page).toHaveURL(`/salon/${id}/bookingConfirmed`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking has been confirmed!');

  // back in the console, the first booking is ticked
  await page.goto(`/console/salons/${id}/today`);
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Take your first booking' })).toContainText('Done.');
});
