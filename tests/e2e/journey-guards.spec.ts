import { expect, test } from './fixtures';

// docs/booking-journey.md §2: "Pages that need selected services redirect back to /salon/{id} when none
// are selected."

test('every step that needs selected services goes back to the salon start when nothing is selected', async ({ page }) => {
  for (const step of ['recommendedservice', 'favouritestylistselect', 'timeselect', 'patchtimeselect', 'stylistselect', 'summary']) {
    await page.goto(`/salon/1/${step}`);
    await expect(page, step).toHaveURL('/salon/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
  }
});
