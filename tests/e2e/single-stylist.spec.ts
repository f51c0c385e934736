import { expect, test } from './fixtures';

// docs/booking/journey.md §2 Favourite stylist selection "Shown when the salon has more than one
// stylist", §4 Flow 3: "If it has exactly one, stylists are fetched and auto-assigned", and
// Flow 5: after the time, "otherwise to /summary". Salon 2 has one stylist, Sam Taylor.

test('a one-stylist salon skips staff choice and assigns its stylist on the summary', async ({ journey, page }) => {
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  await expect(page).toHaveURL('/salon/2/timeselect');
  await expect(journey.time.title).toBeVisible();
  await expect(journey.staff.groups).toHaveCount(0);
  await expect(journey.patch.dialog).toHaveCount(0);

  await journey.time.pickDay();
  await expect(journey.time.timezoneNote()).toBeVisible();
  const time = await journey.time.pickTime();
  await journey.time.next.click();

  await expect(page).toHaveURL('/salon/2/summary');
  await expect(journey.summary.title).toBeVisible();
  await expect(journey.summary.services).toHaveCount(1);
  await expect(journey.summary.service('Restyle')).toContainText(`${time} with Sam Taylor, Senior Stylist`);
  await expect(journey.summary.service('Restyle')).toContainText('£55.00');
});
