import { expect, test } from './fixtures';
import { signInToConsole, STAFF } from './console';

// A scripted walk (not committed): a new stylist with Tue-Sat hours, a lunch break each day and
// five services at their own prices, from the Stylists place to "is added". Counts the steps a
// person takes (a click, a tick or a field typed) and the time the console takes.
test('walk: a new stylist with hours and five services', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToConsole(page, STAFF.groupOwner, 1280, 'Stylists');
  await expect(page.getByRole('heading', { level: 1, name: 'Stylists' })).toBeVisible();
  let steps = 0;
  const step = async (f: () => Promise<unknown>) => {
    steps++;
    await f();
  };
  const started = Date.now();
  await step(() => page.getByRole('button', { name: 'Add a stylist' }).click());
  const form = page.getByRole('region', { name: 'Add a stylist' });
  await step(() => form.getByRole('textbox', { name: 'Name' }).fill(`Walk Stylist ${Date.now() % 100000}`));
  await step(() => form.getByRole('textbox', { name: 'Title' }).fill('Stylist'));
  for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await step(() => form.getByRole('checkbox', { name: `Works on ${day}` }).check());
    await step(() => form.getByRole('button', { name: `Add a break on ${day}` }).click());
  }
  for (const service of ['Ladies Cut & Blow Dry', 'Gents Cut', 'Fringe Trim', 'Toner Refresh', 'Blow Dry']) {
    await step(() => form.getByRole('checkbox', { name: service, exact: true }).check());
    await step(() => form.getByRole('textbox', { name: `Price for ${service}` }).fill('30'));
  }
  await step(() => form.getByRole('button', { name: 'Add the stylist' }).click());
  await expect(page.getByRole('status')).toHaveText(/is added\.$/);
  const ms = Date.now() - started;
  console.log(`WALK: ${steps} steps, ${ms} ms scripted`);
  await page.screenshot({ path: '/tmp/stylists-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add a stylist' }).click();
  await page.screenshot({ path: '/tmp/stylists-390.png', fullPage: true });
  const name = (await page.getByRole('status').textContent())!.replace(/ is added\.$/, '');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Stop ${name} taking bookings` }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} no longer takes bookings.`);
});
