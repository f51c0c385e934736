import { expect, test, type BookingJourney } from './fixtures';

// docs/booking/journey.md §5: the policy folds above 32 px, with view more / less. Folded, it shows
// whole lines fading out (never half a clipped line), and it does not repeat its own heading.

const LONG_POLICY =
  '<p><strong>Cancellation policy.</strong> Please give us at least <em>48 hours</em> notice to cancel or move your appointment.</p><ul><li>Late cancellations are charged 50% of the booked services.</li><li>Missed appointments are charged in full.</li></ul>';

async function toSummary(journey: BookingJourney) {
  await journey.chooseServices(2, [['Restyle', 'Cuts']]);
  await journey.time.pickDay();
  await journey.time.pickTime();
  await journey.time.next.click();
  await expect(journey.summary.title).toBeVisible();
}

test('folded at 320 px, the policy shows whole lines and says its heading once', async ({ journey, page, setSalon }) => {
  await setSalon(2, { salon_ncob_text: LONG_POLICY });
  await page.setViewportSize({ width: 320, height: 640 });
  await toSummary(journey);
  const policy = journey.summary.policy;
  await expect(policy).toContainText('Please give us at least 48 hours notice');
  await expect(policy.getByRole('heading', { name: 'Cancellation policy' })).toBeVisible();
  await expect(policy, "the salon's own 'Cancellation policy.' would repeat the heading").not.toContainText('Cancellation policy.');
  await expect(journey.summary.viewMore).toBeVisible();
  const id = (await journey.summary.viewMore.getAttribute('aria-controls'))!;
  const { height, line } = await page.locator(`[id="${id}"]`).evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height, 'folded above 32 px').toBeGreaterThanOrEqual(32);
  expect(height / line, `folded at ${height}px with ${line}px lines`).toBeCloseTo(Math.round(height / line), 1);
});

test('a one-sentence policy is not folded', async ({ journey, page, setSalon }) => {
  await setSalon(2, { salon_ncob_text: '<p>Please give us 24 hours notice to cancel.</p>' });
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await toSummary(journey);
    await expect(journey.summary.policy).toContainText('Please give us 24 hours notice to cancel.');
    await expect(journey.summary.viewMore).toHaveCount(0);
  }
});

test('without a policy there is nothing to agree to, and NEXT goes on', async ({ journey, page, setSalon }) => {
  await setSalon(2, { salon_ncob_text: '' });
  await page.setViewportSize({ width: 320, height: 640 });
  await toSummary(journey);
  await expect(journey.summary.policy).toContainText('This salon has not set a cancellation policy.');
  await expect(page.getByRole('switch', { name: 'I agree to the cancellation policy' })).toHaveCount(0);
  await expect(journey.summary.next).toBeEnabled();
});
