import { expect, SALONS, test } from './fixtures';

// docs/booking/journey.md §2: "If online booking is off, the screen says 'Unfortunately this business
// does not currently offer online booking' and shows the salon phone."

const OFF_MESSAGE = 'Unfortunately this business does not currently offer online booking';

test('a salon with online booking off says so and shows its phone', async ({ openSalon, page }) => {
  const screen = await openSalon(3);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(OFF_MESSAGE);
  await expect(page.getByRole('main')).toContainText(SALONS[3].phone);
  await expect(page.getByRole('link', { name: SALONS[3].phone })).toHaveAttribute('href', /^tel:\+?1?7185550142$/);

  // Nothing to book: no categories, no search, no NEXT.
  await expect(screen.categoryButtons).toHaveCount(0);
  await expect(screen.services).toHaveCount(0);
  await expect(screen.search).toHaveCount(0);
  await expect(screen.next).toHaveCount(0);
  // ...and nothing that invites booking: no 'Select services', no welcome text asking to choose.
  await expect(screen.title).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/select the services|choose your services/i);
});

test('at 320 px the closed salon shows its phone at once, not behind read more', async ({ openSalon, page }) => {
  await openSalon(3, { width: 320, height: 568 });
  await expect(page.getByRole('link', { name: SALONS[3].phone })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'read more' })).toHaveCount(0);
});

test('switching online booking off shows on the very next page load, and back on again', async ({ openSalon, page, setSalon }) => {
  let screen = await openSalon(1);
  await expect(screen.categoryButtons).toHaveCount(SALONS[1].categories.length);
  await expect(page.getByText(OFF_MESSAGE)).toHaveCount(0);

  const restore = await setSalon(1, { online_booking: false });
  screen = await openSalon(1);
  await expect(page.getByText(OFF_MESSAGE, { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(SALONS[1].phone);
  await expect(screen.categoryButtons).toHaveCount(0);
  await expect(screen.next).toHaveCount(0);

  await restore();
  screen = await openSalon(1);
  await expect(page.getByText(OFF_MESSAGE)).toHaveCount(0);
  await expect(screen.categoryButtons).toHaveCount(SALONS[1].categories.length);
  await expect(screen.next).toBeDisabled();
});
