import { OFFLINE_MESSAGE } from '../../shared/call-errors';
import { expect, test } from './fixtures';

// Offline, a client keeps the screen and the selection, and reads what happened in words
// ('You seem to be offline...'), never 'Failed to fetch'; back online, Try again carries on.

test('offline, a screen already seen keeps its list, a new one says so in words, and Try again carries on', async ({
  journey,
  page,
  context,
}) => {
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await journey.chooseFinishing(['Blow Dry']);
  await expect(journey.staff.groups).toHaveCount(2);
  await page.goBack();
  await expect(journey.recommended.title).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
  await journey.recommended.next.click();
  // The staff list stays on screen, with the selection as it was.
  await expect(journey.staff.groups).toHaveCount(2);
  await journey.staff.anyone('Full Head Tint').check();
  await journey.staff.anyone('Blow Dry').check();
  await journey.staff.next.click();

  // The time screen was never loaded: it says the client is offline, with Try again.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(OFFLINE_MESSAGE);
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);

  await context.setOffline(false);
  await alert.getByRole('button', { name: 'Try again' }).click();
  // The selection survived: the journey carries on where it was.
  await journey.answerPatch('yes');
  await expect(journey.time.title).toBeVisible();
  await expect(journey.time.slider.days.first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toHaveCount(0);

  // A call that fails offline says so in words; back online, it runs again by itself.
  await context.setOffline(true);
  await journey.time.slider.availableDays.first().click();
  await expect(page.getByRole('alert')).toContainText(OFFLINE_MESSAGE);
  await context.setOffline(false);
  await expect(journey.time.times.first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a call cancelled by a newer one is not logged as an error (patch time selection)', async ({ journey, page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await journey.chooseFinishing([]);
  await journey.chooseStaff();
  await journey.answerPatch('no');
  await expect(journey.time.patchTitle).toBeVisible();
  await journey.time.pickDay();
  await expect(journey.time.times.first()).toBeVisible();
  // Quick changes of day cancel the calls still under way.
  const days = journey.time.slider.availableDays;
  for (let i = 0; i < 3; i++) await days.nth(i % 2).click();
  await expect(journey.time.times.first()).toBeVisible();
  expect(errors).toEqual([]);
});
