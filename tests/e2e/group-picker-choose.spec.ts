import { expect, GroupPicker, SALONS, test } from './fixtures';
import { newPerson, openConsoleAs, STAFF } from './console';

// Issue 31: a picker that helps choose (address, map link, today's hours, next free time in one
// call, nearest first with consent) and the group owner's order, heading and text.

const ISLINGTON = SALONS[1].name;
const SHOREDITCH = SALONS[2].name;

test("each location shows its address, map link, today's hours and next free time, asked in one call", async ({ openGroup, page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
  const picker = await openGroup(1, { width: 390, query: '?service=Blow%20Dry&utm_source=sms' });
  await expect(picker.locations).toHaveText([ISLINGTON, SHOREDITCH]);

  const islington = picker.card(ISLINGTON);
  await expect(islington).toContainText('12 Camden Passage');
  await expect(islington.getByRole('link', { name: /^Map/ })).toHaveAttribute('href', /google\.com\/maps/);
  await expect(islington).toContainText(/(Open now until|Opens today at) \d\d:\d\d|Closed (now|today)/);
  // the campaign names Blow Dry: Islington offers it; Shoreditch does not, so its first service
  await expect(picker.nextTime(ISLINGTON)).toHaveText(/^Next free: (Today|Tomorrow|\w{3} \d{1,2} \w{3}) \d\d:\d\d \(Blow Dry\)$/);
  await expect(picker.nextTime(SHOREDITCH)).toHaveText(/^Next free: .+ \(Restyle\)$/);
  // one call, its service in the query (a space as + or %20 alike)
  const nextTimes = asked.filter((p) => p.includes('/next-times/')).map((p) => new URL(p, 'http://x'));
  expect(nextTimes.map((u) => [u.pathname, u.searchParams.get('service')])).toEqual([['/api/book-online/group/1/next-times/', 'Blow Dry']]);
  await expect(picker.location(ISLINGTON)).toHaveAttribute('href', `${SALONS[1].shortUrl}?utm_source=sms`);
});

test('with the client’s consent the nearest location comes first; the position stays in the browser', async ({ browser }) => {
  const { context, page } = await newPerson(browser, 390);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 51.5246, longitude: -0.0755 }); // by Shoreditch High Street
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url() + (r.postData() ?? '')));
  await page.goto('/group/1/');
  const picker = new GroupPicker(page);
  await expect(picker.locations).toHaveText([ISLINGTON, SHOREDITCH]);
  // the page is the server's; the button works once the app has taken it over (the times are its first call)
  await expect(picker.nextTime(ISLINGTON)).toHaveText(/^Next free/);
  await page.getByRole('button', { name: 'Sort by distance from me' }).click();
  await expect(picker.locations).toHaveText([SHOREDITCH, ISLINGTON]);
  await expect(picker.card(SHOREDITCH)).toContainText(/0\.\d miles away|0\.\d km away/);
  await expect(page.getByRole('button', { name: 'Sorted by distance from you' })).toBeVisible();
  expect(asked.filter((u) => /51\.52|-0\.07/.test(u))).toEqual([]);
  await context.close();
});

test('the group owner orders the locations and words the picker; a client’s next load shows it', async ({ page, browser }) => {
  await openConsoleAs(page, STAFF.groupOwner, 1280);
  await page.goto('/console/salons/1/addresses');
  const section = page.getByRole('region', { name: 'Your group’s locations' });
  /** Save, and wait for the server's answer (the form shows what it says). */
  const save = async () => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/group-picker') && r.request().method() === 'PUT');
    await section.getByRole('button', { name: 'Save locations' }).click();
    expect((await answered).status()).toBe(200);
  };
  await section.getByLabel('Heading', { exact: true }).fill('Pick your Willow');
  await section.getByLabel('Text under the heading').fill('Both open late on Thursdays.');
  await section.getByRole('button', { name: `Move ${SHOREDITCH} up` }).click();
  await save();
  await expect(section.getByRole('list', { name: 'Locations in the picker’s order' }).getByRole('listitem').first()).toContainText(
    `1. ${SHOREDITCH}`,
  );

  const client = await newPerson(browser, 390);
  await client.page.goto('/group/1/');
  await expect(client.page.getByText('Pick your Willow')).toBeVisible();
  await expect(client.page.getByText('Both open late on Thursdays.')).toBeVisible();
  await expect(new GroupPicker(client.page).locations).toHaveText([SHOREDITCH, ISLINGTON]);

  // hidden from the picker
  await section.getByLabel(`Hide ${ISLINGTON} from the picker`).check();
  await save();
  await expect(section.getByLabel(`Hide ${ISLINGTON} from the picker`)).toBeChecked();
  await client.page.reload();
  await expect(new GroupPicker(client.page).locations).toHaveText([SHOREDITCH]);

  // as it was
  await section.getByLabel(`Hide ${ISLINGTON} from the picker`).uncheck();
  await section.getByLabel('Heading', { exact: true }).fill('');
  await section.getByLabel('Text under the heading').fill('');
  await section.getByRole('button', { name: `Move ${ISLINGTON} up` }).click();
  await save();
  await expect(section.getByRole('list', { name: 'Locations in the picker’s order' }).getByRole('listitem').first()).toContainText(
    `1. ${ISLINGTON}`,
  );
  await client.page.reload();
  await expect(new GroupPicker(client.page).locations).toHaveText([ISLINGTON, SHOREDITCH]);
  await client.context.close();
});
