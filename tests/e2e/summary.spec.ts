import { expect, fullDate, MINUTES_1, minutesOf, PRICES_1, pounds, STAFF_1, test, timeLabelOf, type Summary } from './fixtures';

// docs/booking/journey.md §2 Summary: "Title 'Review details to continue', a back arrow and NEXT. ...
// the cancellation policy with view more / less and an agree toggle that defaults to agreed ...
// date, start-end time in the salon timezone, services with stylist name and role, and prices ...
// totals ... an optional notes / discount codes textarea", and §4 Flow 6: not logged in, NEXT
// goes to /login.

/** The height of the policy text, which view more / view less control. */
async function policyHeight(summary: Summary, toggle: 'viewMore' | 'viewLess') {
  const id = await summary[toggle].getAttribute('aria-controls');
  expect(id, 'view more / less names the text it controls').toBeTruthy();
  return (await summary.page.locator(`[id="${id}"]`).boundingBox())!.height;
}

test('the summary shows the policy, the appointment with each stylist and price, the total and notes', async ({ journey, page }) => {
  // (from the API to the summary: the last test of this file walks the screens to it)
  const { date, time, staff } = await journey.toSummaryFromApi();
  const summary = journey.summary;
  await expect(page).toHaveURL('/salon/1/summary');
  await expect(summary.back).toBeVisible();

  // The policy is collapsed with view more, and opens with view less.
  await expect(summary.policy).toContainText('Please give us at least 48 hours notice');
  await expect(summary.viewMore).toHaveAttribute('aria-expanded', 'false');
  const collapsed = await policyHeight(summary, 'viewMore');
  await summary.viewMore.click();
  await expect(summary.viewLess).toHaveAttribute('aria-expanded', 'true');
  await expect(summary.policy).toContainText('Arriving more than 15 minutes late');
  const open = await policyHeight(summary, 'viewLess');
  expect(open).toBeGreaterThan(collapsed + 40);
  await summary.viewLess.click();
  await expect(summary.viewMore).toBeVisible();

  // Agreed by default; NEXT needs the agreement.
  await expect(summary.agree).toBeChecked();
  await expect(summary.next).toBeEnabled();
  await summary.agree.uncheck();
  await expect(summary.next).toBeDisabled();
  await summary.agree.check();
  await expect(summary.next).toBeEnabled();

  // Date, start and end (75 minutes of tint with processing, then a 45-minute blow dry).
  const start = minutesOf(time);
  await expect(summary.details).toContainText(fullDate(date));
  await expect(summary.details).toContainText(
    new RegExp(`${time}\\s*[–-]\\s*${timeLabelOf(start + MINUTES_1['Full Head Tint']! + MINUTES_1['Blow Dry']!)}`),
  );
  await expect(summary.details).toContainText('(London time)');
  await expect(summary.services).toHaveCount(2);
  const tint = staff['Full Head Tint']!;
  const dry = staff['Blow Dry']!;
  await expect(summary.service('Full Head Tint')).toContainText(`${time} with ${tint}, ${STAFF_1[tint].role}`);
  await expect(summary.service('Full Head Tint')).toContainText(pounds(PRICES_1['Full Head Tint']![tint]!));
  await expect(summary.service('Blow Dry')).toContainText(
    `${timeLabelOf(start + MINUTES_1['Full Head Tint']!)} with ${dry}, ${STAFF_1[dry].role}`,
  );
  await expect(summary.service('Blow Dry')).toContainText(pounds(PRICES_1['Blow Dry']![dry]!));
  await expect(summary.total).toContainText(pounds(PRICES_1['Full Head Tint']![tint]! + PRICES_1['Blow Dry']![dry]!));

  await expect(summary.notes).toBeEditable();
  await expect(summary.notes).toHaveValue('');
  await expect(summary.waitlistNote).toHaveCount(0);

  // Not logged in: NEXT asks the client to log in or create an account.
  await summary.next.click();
  await expect(page).toHaveURL('/salon/1/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login to complete your booking' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'CREATE ACCOUNT', exact: true })).toHaveAttribute('href', '/salon/1/create-account');
});

test('reloading the summary keeps the selection and the notes', async ({ journey, page }) => {
  const { date, time, staff } = await journey.toSummaryFromApi();
  const summary = journey.summary;
  await summary.notes.fill('Code SPRING10, please');
  const before = await summary.details.textContent();

  await page.reload();
  await expect(summary.title).toBeVisible();
  await expect(page).toHaveURL('/salon/1/summary');
  await expect(summary.details).toHaveText(before!);
  await expect(summary.details).toContainText(fullDate(date));
  await expect(summary.details).toContainText(time);
  await expect(summary.service('Full Head Tint')).toContainText(staff['Full Head Tint']!);
  await expect(summary.service('Blow Dry')).toContainText(staff['Blow Dry']!);
  await expect(summary.notes).toHaveValue('Code SPRING10, please');
  await expect(summary.agree).toBeChecked();
});

test('the journey to the summary breaks no rule of the Content-Security-Policy (no eval, not even a probe)', async ({ journey, page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await journey.toSummary();
  await page.reload();
  await expect(journey.summary.title).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
