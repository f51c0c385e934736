import { expect, test } from './fixtures';
import { newPerson, openConsoleAs, STAFF } from './console';

// Issue 48: a stylist from the console (docs/console/stylists.md). The rules, refusals and 409s
// are Worker tests (console-stylists.test.ts) and the form's words component tests; this walks
// the place once at 1280 px and sees the booking page's next load at 390 px. The stylist performs
// only Toner Refresh (no other browser test books it) and stops taking bookings at the end.

test('an owner adds a stylist with hours and a service; a client’s next load offers them', async ({ browser, journey, page }) => {
  const owner = await newPerson(browser, 1280);
  const name = `Quinn Ellis ${Date.now() % 100000}`;
  try {
    await openConsoleAs(owner.page, STAFF.groupOwner, 1280, 'Stylists');
    const place = owner.page;
    await expect(place.getByRole('heading', { level: 1, name: 'Stylists' })).toBeVisible();
    await place.getByRole('button', { name: 'Add a stylist' }).click();
    const form = place.getByRole('region', { name: 'Add a stylist' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
      await form.getByRole('checkbox', { name: `Works on ${day}` }).check();
    await form.getByRole('button', { name: 'Add a break on Tuesday' }).click();
    await form.getByRole('checkbox', { name: 'Toner Refresh' }).check();
    await form.getByRole('textbox', { name: 'Price for Toner Refresh' }).fill('19');
    await form.getByRole('button', { name: 'Add the stylist' }).click();
    await expect(place.getByRole('status')).toHaveText(`${name} is added.`);

    await page.setViewportSize({ width: 390, height: 844 });
    await journey.chooseServices(1, [['Toner Refresh', 'Colour']]);
    await expect(journey.staff.option('Toner Refresh', name)).toBeVisible();
    await expect(journey.staff.row('Toner Refresh', name)).toContainText('£19.00');
  } finally {
    // the column stops taking bookings (it has none to keep)
    await owner.page.getByRole('button', { name: `Stop ${name} taking bookings` }).click();
    await expect(owner.page.getByRole('status')).toHaveText(`${name} no longer takes bookings.`);
    await owner.context.close();
  }
});
