import { expect, test } from './fixtures';

// docs/booking-journey.md §2: "Pages that need selected services redirect back to /salon/{id} when none
// are selected."

for (const step of ['recommendedservice', 'favouritestylistselect', 'timeselect', 'patchtimeselect', 'stylistselect', 'summary']) {
  test(`/salon/1/${step} with nothing selected goes back to the salon start`, async ({ page }) => {
    await page.goto(`/salon/1/${step}`);
    await expect(page).toHaveURL('/salon/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
  });
}
