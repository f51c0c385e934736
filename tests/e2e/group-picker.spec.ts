import { expect, GROUP_1, GroupPicker, SALONS, test } from './fixtures';

// docs/booking/journey.md §2: "A CHANGE LOCATION button shows when the salon belongs to a group. It goes
// to /group/{group}/ and keeps the query string", and the /group/{id}/ picker.

const campaign = '?utm_source=instagram&utm_medium=social';

test('CHANGE LOCATION goes to the group picker keeping the query string', async ({ openSalon, page }) => {
  const screen = await openSalon(1, { query: campaign });
  await expect(screen.changeLocation).toBeVisible();
  await screen.changeLocation.click();

  await expect(page).toHaveURL(`/group/1/${campaign}`);
  await expect(page.getByText('Choose a location to book:')).toBeVisible();
});

test("the group picker lists the group's salons by short URL, keeping the campaign", async ({ openGroup }) => {
  const picker = await openGroup(1, { query: campaign });
  await expect(picker.title).toHaveText(GROUP_1.name);
  await expect(picker.prompt).toBeVisible();
  await expect(picker.locations).toHaveText([SALONS[1].name, SALONS[2].name]);
  await expect(picker.location(SALONS[1].name)).toHaveAttribute('href', `${SALONS[1].shortUrl}${campaign}`);
  await expect(picker.location(SALONS[2].name)).toHaveAttribute('href', `${SALONS[2].shortUrl}${campaign}`);
});

test('choosing a location opens that salon, still with the campaign', async ({ openGroup, page }) => {
  const picker = await openGroup(1, { query: campaign });
  await picker.location(SALONS[2].name).click();
  await expect(page).toHaveURL(`/salon/2${campaign}`);
  await expect(page.getByRole('banner')).toContainText(SALONS[2].name);
  await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
});

test('without a query the links are the plain short URLs', async ({ openSalon, page }) => {
  const screen = await openSalon(1);
  await expect(screen.changeLocation).toHaveAttribute('href', '/group/1/');
  await screen.changeLocation.click();
  await expect(page).toHaveURL('/group/1/');
  const picker = new GroupPicker(page);
  await expect(picker.location(SALONS[1].name)).toHaveAttribute('href', SALONS[1].shortUrl);
  await expect(picker.location(SALONS[2].name)).toHaveAttribute('href', SALONS[2].shortUrl);
});

test('every salon of a group shows CHANGE LOCATION, a salon without a group none', async ({ openSalon }) => {
  const grouped = await openSalon(2);
  await expect(grouped.changeLocation).toHaveAttribute('href', '/group/1/');
  const alone = await openSalon(3);
  await expect(alone.header).toContainText(SALONS[3].name);
  await expect(alone.changeLocation).toHaveCount(0);
});
