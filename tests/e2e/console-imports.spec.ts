import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { openConsoleAs, STAFF } from './console';

// Imports (issue 50): an owner previews a Square export, imports it with the progress bar in
// view, finds the client at the desk's search, and undoes it; the place fits 390 px too.
const SQUARE = fileURLToPath(new URL('../fixtures/imports/square-customers.csv', import.meta.url));

test('an owner previews, imports and undoes a Square customers file (1280 px; 390 px fits)', async ({
  page,
  expectAccessible,
  expectNoSidewaysScroll,
}) => {
  await openConsoleAs(page, STAFF.owner3, 1280, 'Import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await page.getByLabel('File', { exact: true }).setInputFiles(SQUARE);
  await expect(page.getByRole('heading', { name: 'What will happen' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('square');
  const counts = page.getByLabel('Counts', { exact: true });
  await expect(counts.getByRole('definition')).toHaveText(['3', '0', '2', '0', '2']);
  await expect(page.getByRole('table', { name: 'Refused rows' }).getByRole('row').nth(1)).toContainText('Email Address');
  await expectAccessible('the import preview');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll();
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 3 added' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Clients from Square' });
  await expect(row).toContainText('Done');

  // the client is at the desk's search at once
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByLabel('Name or phone').fill('Lucas');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Lucas Green')).toBeVisible();

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Import', exact: true }).click();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('row').filter({ hasText: 'Clients from Square' }).getByRole('button', { name: /Undo/ }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Clients from Square' })).toContainText('Undone');
});
