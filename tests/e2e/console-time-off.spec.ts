import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, daySlots, expect, test, todayIn } from './fixtures';
import { newPerson, openConsoleAs, STAFF, temporaryPasswordOf } from './console';

// Issue 48: blocked time and time off from the console's screens (docs/console/time-off.md). The
// component tests hold the screens' words and states; here, the whole way through: a block made
// with the keyboard alone leaves the booking page's times, and a stylist's request is approved
// by a manager on Today.

/** The first `weekday` (0 = Sunday) at least `after` days from the tests' day: clear of the days other specs book. */
function dayAfter(after: number, weekday: number): string {
  let d = addDays(todayIn(), after);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}

const token = async (request: APIRequestContext, who: { email: string; password: string }) => {
  const res = await request.post('/console/session/login', { data: { email: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  return { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
};

/** Marco Diaz's Skin Fade times on a day at salon 3 (the booking page's own call). */
async function marcoSlots(request: APIRequestContext, date: string): Promise<string[]> {
  const res = await request.get(`/api/book-online/new/availability/appointment/3/${date}/12/6/null/?isWaitList=false`);
  expect(res.status()).toBe(200);
  return Object.keys(((await res.json()) as { data: Record<string, unknown> }).data);
}

/** axe on a second person's page (the fixture's expectAccessible checks the test's own page). */
async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations on ${label}`,
  ).toEqual([]);
}

/** Tab from where the focus is until `name` (a label or a button's words) has it: the keyboard alone, as a person without a mouse gets there. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    if (here === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test('an owner blocks an hour with the keyboard alone at 1280 px, the booking page no longer offers it, and removes it at 390 px', async ({
  page,
  request,
  expectAccessible,
}) => {
  const date = dayAfter(9, 5); // a Friday: Amelia Hart works from 09:00
  const inHour = (slots: string[]) =>
    slots.filter((s) => Date.parse(s) >= Date.parse(`${date}T09:00:00Z`) && Date.parse(s) < Date.parse(`${date}T10:00:00Z`));
  expect(inHour(await daySlots(request, 1, ['Gents Cut'], date, [1])).length).toBeGreaterThan(0);

  await openConsoleAs(page, STAFF.groupOwner, 1280);
  try {
    await page.goto(`/console/salons/1/diary?date=${date}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Diary' })).toBeVisible();
    await tabTo(page, 'Times in Amelia Hart’s column, to book or block');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Block time: Amelia Hart' });
    await expect(dialog.getByLabel('From')).toHaveValue('09:00');
    await expect(dialog.getByLabel('Until')).toHaveValue('10:00');
    // the times are chosen: the reason has the focus
    await expect(dialog.getByRole('textbox', { name: /Reason/ })).toBeFocused();
    await page.keyboard.type('Training');
    await expectAccessible('Block time at 1280 px');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Blocked: Amelia Hart, 09:00–10:00 (Training).');
    const block = page.getByRole('region', { name: 'Amelia Hart' }).getByRole('button', { name: 'Blocked, Training, 09:00–10:00' });
    await expect(block).toBeVisible();
    await expectAccessible('the diary with a block at 1280 px');

    // the booking page's own call: the hour is gone at once
    expect(inHour(await daySlots(request, 1, ['Gents Cut'], date, [1]))).toEqual([]);

    // on a phone, removed from the keyboard again, it comes back
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible('the diary with a block at 390 px');
    await tabTo(page, 'Blocked, Training, 09:00–10:00');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Blocked time: Amelia Hart' })).toBeVisible();
    await tabTo(page, 'Remove the block');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Block removed: Amelia Hart, 09:00–10:00.');
    expect(inHour(await daySlots(request, 1, ['Gents Cut'], date, [1])).length).toBeGreaterThan(0);
  } finally {
    // a run stopped half way leaves no block for the other specs
    const owner = await token(request, STAFF.groupOwner);
    const left = (await (
      await request.get(`/api/console/salons/1/blocks?stylist_id=1&from=${date}T00:00:00Z&to=${date}T23:59:00Z`, { headers: owner })
    ).json()) as { blocks: { id: number; version: number }[] };
    for (const b of left.blocks)
      await request.delete(`/api/console/salons/1/blocks/${b.id}`, { headers: { ...owner, 'If-Match': `"${b.version}"` } });
  }
});

test('a stylist asks for a day off at 390 px and a manager approves it on Today at 1280 px', async ({
  page,
  browser,
  request,
  expectAccessible,
}) => {
  // a stylist of salon 3 with a sign-in, linked to Marco Diaz's column (Mon-Fri), made through the API
  const owner = await token(request, STAFF.owner3);
  const email = `time-off-${Date.now()}@example.test`;
  const invited = await request.post('/api/console/salons/3/staff', {
    headers: owner,
    data: { email, name: 'Marco Diaz', role: 'stylist', stylist_id: 6 },
  });
  expect(invited.status()).toBe(201);
  const { id: staffId } = (await invited.json()) as { id: number };
  const date = dayAfter(9, 4); // a Thursday
  expect((await marcoSlots(request, date)).length).toBeGreaterThan(0);
  try {
    const temporary = await temporaryPasswordOf(request, email);
    const { session } = (await (await request.post('/console/session/login', { data: { email, password: temporary } })).json()) as {
      session: string;
    };
    expect((await request.post('/console/session/new-password', { data: { email, session, new_password: 'Marco-pass1' } })).status()).toBe(
      200,
    );

    await openConsoleAs(page, { email, password: 'Marco-pass1' }, 390, 'Time off');
    const mine = page;
    await expect(mine.getByRole('heading', { level: 1, name: 'My time off' })).toBeVisible();
    const ask = mine.getByRole('region', { name: 'Ask for time off' });
    await ask.getByLabel('First day').fill(date);
    await ask.getByLabel('Last day').fill(date);
    await ask.getByRole('textbox', { name: 'Note (optional)' }).fill('Moving house');
    await expectAccessible('My time off at 390 px');
    await ask.getByRole('button', { name: 'Ask for the time off' }).click();
    await expect(mine.getByRole('status')).toContainText('Asked for time off:');
    const yours = mine.getByRole('region', { name: 'Yours' });
    await expect(yours.getByRole('listitem')).toContainText(['Moving house']);
    await expect(yours.getByRole('listitem').first()).toContainText('Asked for, waiting');

    const manager = await newPerson(browser, 1280);
    await openConsoleAs(manager.page, STAFF.manager3, 1280);
    const asked = manager.page.getByRole('region', { name: 'Time off asked for' });
    await expect(asked.getByRole('listitem')).toContainText(['Marco Diaz']);
    await axeClean(manager.page, 'Today with a request at 1280 px');
    await asked.getByRole('button', { name: /^Approve Marco Diaz: / }).click();
    await expect(asked).toContainText('Time off approved: Marco Diaz:');
    await expect(asked).toContainText('No requests for time off are waiting.');

    // the stylist's console hears it on the salon's channel
    await expect(yours.getByRole('listitem').first()).toContainText('Approved');
    // and Marco's day is gone from the booking page
    expect(await marcoSlots(request, date)).toEqual([]);
    await manager.context.close();
  } finally {
    // leave the day as it was for the other specs
    const list = (await (await request.get(`/api/console/salons/3/time-off?stylist_id=6`, { headers: owner })).json()) as {
      time_off: { id: number; version: number; note: string }[];
    };
    for (const t of list.time_off.filter((x) => x.note === 'Moving house'))
      await request.delete(`/api/console/salons/3/time-off/${t.id}`, { headers: { ...owner, 'If-Match': `"${t.version}"` } });
    await request.delete(`/api/console/salons/3/staff/${staffId}`, { headers: owner });
  }
});
