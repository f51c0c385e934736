import { expect, test } from './fixtures';
import { BookingPageScreen, depositRequestTo, goToPlace, openConsoleAs, STAFF } from './console';

// Issue 30: the Reminders section of the booking page, and Today with a message that failed. The
// failure is made end to end: a deposit request texted to the stand-ins' undeliverable test
// number (+447700900666), whose Twilio status callback says undelivered (30003).

const UNDELIVERABLE = '+447700900666';

test('Today shows a text that was not delivered, the same day', async ({ page, request, expectAccessible }) => {
  const invite = await depositRequestTo(request, { phone: UNDELIVERABLE, first_name: 'Unreachable', last_name: 'Handset' }, 70);
  try {
    await openConsoleAs(page, STAFF.groupOwner, 1280);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Today' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const failed = page.getByRole('region', { name: 'Messages that failed today' });
    // the text goes through the queue, the stand-in calls back: sent, then undelivered
    await expect(async () => {
      await page.reload();
      await expect(failed.getByRole('listitem').filter({ hasText: 'Unreachable Handset' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const item = failed.getByRole('listitem').filter({ hasText: 'Unreachable Handset' });
    await expect(item).toContainText('Deposit request by text');
    await expect(item).toContainText('Not delivered');
    await expect(item).toContainText('(30003)');
    await expect(page.getByRole('region', { name: 'Appointments' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Requests waiting' })).toContainText('Unreachable Handset: card only');
    await expectAccessible('Today');
  } finally {
    await invite.remove();
  }
});

test('at 390 px an owner turns on the 2-hour reminder by text and email; History records it', async ({ page, expectNoSidewaysScroll }) => {
  await openConsoleAs(page, STAFF.owner3, 390, 'Booking page');
  const booking = new BookingPageScreen(page);
  await booking.section('Reminders');
  const section = page.getByRole('region', { name: 'Reminders' });
  await expect(section.getByLabel('Remind clients 24 hours before')).toBeChecked();
  await expect(section.getByLabel('Text', { exact: true })).toBeChecked();
  await section.getByLabel('Remind clients 2 hours before').check();
  await section.getByLabel('Text and email').check();
  await expectNoSidewaysScroll();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(section.getByLabel('Remind clients 2 hours before')).toBeChecked();
  await expect(section.getByLabel('Text and email')).toBeChecked();

  await goToPlace(page, 'History');
  await expect(page.getByRole('main')).toContainText('24 hours before and 2 hours before, by text and email');
  // at 390 px who made it reads on one line and the change beside it is as wide as the page, never
  // a column a few letters wide (issue 56): count the lines each is laid out in
  const linesOf = (name: string | RegExp) =>
    page
      .getByRole('cell', { name, exact: true })
      .first()
      .evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
  expect(await linesOf(STAFF.owner3.email)).toBe(1);
  expect(await linesOf(/^24 hours before, by text → 24 hours before and 2 hours before, by text and email$/)).toBeLessThanOrEqual(3);
  await expectNoSidewaysScroll();

  // put it back as it was
  await goToPlace(page, 'Booking page');
  await booking.section('Reminders');
  await section.getByLabel('Remind clients 2 hours before').uncheck();
  await section.getByLabel('Text', { exact: true }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
});
