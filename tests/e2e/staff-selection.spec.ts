import { expect, MINUTES_1, minutesOf, PRICES_1, pounds, STAFF_1, test, timeLabelOf, type StaffName } from './fixtures';

// docs/booking/journey.md §2 Staff selection: "Title 'Select a staff member for {service}'. An 'I don't
// mind' option ... Each stylist shows an initials avatar, a role (default 'Stylist') and a price or
// price range. CONTINUE / NEXT is disabled until every service has a choice."

test.describe('before the time (favourite stylist selection)', () => {
  test.beforeEach(async ({ journey, page }) => {
    await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
    await journey.chooseFinishing(['Blow Dry']);
    await expect(page).toHaveURL('/salon/1/favouritestylistselect');
  });

  test('on a 320 px phone the price sits under the name, on a wider one beside it, so neither is squeezed', async ({ journey, page }) => {
    const row = journey.staff.row('Full Head Tint', 'Amelia Hart');
    const place = async () => {
      const name = (await row.getByText('Amelia Hart', { exact: true }).boundingBox())!;
      const price = (await row.getByText(/£/).first().boundingBox())!;
      return { under: price.y >= name.y + name.height - 1, beside: price.x >= name.x + name.width };
    };
    await page.setViewportSize({ width: 320, height: 640 });
    await expect.poll(place).toEqual({ under: true, beside: false });
    await page.setViewportSize({ width: 390, height: 740 });
    await expect.poll(place).toEqual({ under: false, beside: true });
  });

  test("each service has its own choice, with I don't mind and the stylists who do it", async ({ journey }) => {
    const staff = journey.staff;
    await expect(staff.groups).toHaveCount(2);
    expect(await staff.services()).toEqual(['Full Head Tint', 'Blow Dry']);

    for (const service of ['Full Head Tint', 'Blow Dry']) {
      await expect(staff.anyone(service)).toBeVisible();
      const prices = PRICES_1[service]!;
      const names = Object.keys(prices) as StaffName[];
      await expect(staff.stylists(service)).toHaveCount(names.length);
      for (const name of names) {
        const row = staff.row(service, name);
        await expect(staff.option(service, name)).toBeVisible();
        // a stylist's photo when the salon gave one (demo: Amelia and Ben), else the initials
        if ('photo' in STAFF_1[name]) await expect(row.locator('img')).toBeVisible();
        else await expect(row.getByText(STAFF_1[name].initials, { exact: true })).toBeVisible();
        await expect(row.getByText(STAFF_1[name].role, { exact: true })).toBeVisible();
        await expect(row).toContainText(pounds(prices[name]!));
      }
    }
    // Chloe Price has no role in the salon's data: she shows as 'Stylist'.
    await expect(staff.row('Blow Dry', 'Chloe Price').getByText('Stylist', { exact: true })).toBeVisible();
    await expect(staff.row('Full Head Tint', 'Ben Okafor').getByText('Colourist', { exact: true })).toBeVisible();
    // 'I don't mind' shows the range of the stylists' prices.
    await expect(staff.row('Full Head Tint', "I don't mind")).toContainText(`${pounds(75)} - ${pounds(85)}`);
  });

  test('NEXT is disabled until every service has a choice', async ({ journey, page }) => {
    const staff = journey.staff;
    await expect(staff.next).toBeDisabled();
    await staff.option('Full Head Tint', 'Ben Okafor').check();
    await expect(staff.next).toBeDisabled();
    await staff.anyone('Blow Dry').check();
    await expect(staff.next).toBeEnabled();
    // One choice per service: picking another stylist replaces the first.
    await staff.option('Full Head Tint', 'Amelia Hart').check();
    await expect(staff.option('Full Head Tint', 'Ben Okafor')).not.toBeChecked();
    await staff.next.click();
    await expect(page).toHaveURL('/salon/1/timeselect');
  });
});

test("at the chosen time, I don't mind says how many are free and when each service starts", async ({ journey, page }) => {
  await journey.toTimeSelection();
  const { time } = await journey.pickFirstTime();
  await expect(page).toHaveURL('/salon/1/stylistselect');
  const staff = journey.staff;
  await expect(staff.groups).toHaveCount(2);

  // Full Head Tint starts at the chosen time; Blow Dry after its 45 minutes and 30 of processing.
  const starts = { 'Full Head Tint': time, 'Blow Dry': timeLabelOf(minutesOf(time) + MINUTES_1['Full Head Tint']!) };
  for (const [service, start] of Object.entries(starts)) {
    const free = await staff.stylists(service).count();
    expect(free, `stylists free for ${service} at ${start}`).toBeGreaterThan(0);
    await expect(staff.row(service, "I don't mind")).toContainText(`${free} available at ${start}`);
  }

  // 'I don't mind', chosen before the time, is already picked for both.
  await expect(staff.anyone('Full Head Tint')).toBeChecked();
  await expect(staff.anyone('Blow Dry')).toBeChecked();
  await expect(staff.next).toBeEnabled();
  await staff.stylists('Blow Dry').first().check();
  await expect(staff.anyone('Blow Dry')).not.toBeChecked();
  await staff.next.click();
  await expect(page).toHaveURL('/salon/1/summary');
});

test('staff chosen before the time are kept at the time: nobody is asked for twice', async ({ journey, page }) => {
  await journey.chooseServices(1, [['Full Head Tint', 'Colour']]);
  await journey.chooseFinishing(['Blow Dry']);
  await expect(journey.staff.row('Blow Dry', "I don't mind")).toContainText('The most times to choose from');
  await journey.chooseStaff({ 'Full Head Tint': 'Ben Okafor' });
  await journey.answerPatch('yes');
  await journey.pickFirstTime();
  await expect(page).toHaveURL('/salon/1/stylistselect');
  const staff = journey.staff;
  await expect(staff.option('Full Head Tint', 'Ben Okafor')).toBeChecked();
  await expect(staff.anyone('Blow Dry')).toBeChecked();
  await expect(staff.next).toBeEnabled();
  await staff.next.click();
  await expect(page).toHaveURL('/salon/1/summary');
  await expect(page.getByRole('main')).toContainText('Ben Okafor');
});
