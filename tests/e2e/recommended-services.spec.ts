import { expect, test } from './fixtures';

// docs/booking/journey.md §2 Recommended service: "Title 'Select a finishing service:', with a selected
// count and NEXT", reached (§4 Flow 2) when the last selected service has processing time.

test('after Full Head Tint, NEXT offers Blow Dry and Olaplex with a count of those chosen', async ({ journey, page }) => {
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  const screen = journey.recommended;

  await expect(page).toHaveURL('/salon/1/recommendedservice');
  await expect(screen.title).toBeVisible();
  await expect(screen.services).toHaveCount(2);
  await expect(screen.service('Blow Dry')).toBeVisible();
  await expect(screen.service('Olaplex Treatment')).toBeVisible();
  await expect(screen.count).toHaveText('0 selected');
  await expect(screen.next).toBeEnabled();

  await screen.service('Blow Dry').check();
  await expect(screen.count).toHaveText('1 selected');
  await screen.service('Olaplex Treatment').check();
  await expect(screen.count).toHaveText('2 selected');
  await screen.service('Olaplex Treatment').uncheck();
  await expect(screen.count).toHaveText('1 selected');

  // The finishing service joins the booking: staff selection asks for it too.
  await screen.next.click();
  await expect(page).toHaveURL('/salon/1/favouritestylistselect');
  await expect(journey.staff.groups).toHaveCount(2);
  await expect(journey.staff.staffFor('Full Head Tint')).toBeVisible();
  await expect(journey.staff.staffFor('Blow Dry')).toBeVisible();
});

test('a service without processing time goes straight to staff selection', async ({ journey, page }) => {
  await journey.chooseServices(1, [['Gents Cut', 'Cut & Style']]);
  await expect(page).toHaveURL('/salon/1/favouritestylistselect');
  await expect(journey.staff.staffFor('Gents Cut')).toBeVisible();
});
