import { expect, test } from './fixtures';
import { openConsoleAs, STAFF } from './console';

test("an owner reads the month's reports, a chart beside each table, at 1280 and 390 px", async ({
  page,
  expectAccessible,
  expectNoSidewaysScroll,
}) => {
  await openConsoleAs(page, STAFF.groupOwner, 1280, 'Reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
  const takings = page.getByRole('region', { name: 'Takings' });
  await expect(takings.getByText('Total taken')).toBeVisible();
  // the chart is drawn (uPlot's canvas), its figures in the table after it
  await expect(takings.getByRole('img', { name: /^Takings by day/ }).locator('canvas')).toBeVisible();
  // a month's table of days is behind "Show the figures", the chart above it
  await takings.getByText('Show the figures').click();
  await expect(takings.getByRole('table', { name: 'Takings by day' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Utilisation' }).getByRole('table', { name: 'By stylist' })).toContainText('Amelia Hart');
  await expectAccessible('Reports at 1280 px');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(page.getByRole('region', { name: 'Utilisation' }).getByRole('table', { name: 'By day' }).getByRole('row')).toHaveCount(8);
  await expectNoSidewaysScroll();
  await expectAccessible('Reports at 390 px');
});
