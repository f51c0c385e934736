import { expect, test } from './fixtures';
import { goToPlace, openConsoleAs, STAFF } from './console';

test('an owner creates a named API key, sees it once, and revokes it', async ({ page, request }) => {
  await openConsoleAs(page, STAFF.owner3, 390);
  await goToPlace(page, 'API keys');
  const name = `Website sync ${Date.now()}`;
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByLabel('New API key').textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Never');

  // the key works for the salon admin API...
  const patch = () =>
    request.patch('/admin/salons/3', { headers: { Authorization: `Bearer ${key}` }, data: { cancellation_window_hours: 24 } });
  expect((await patch()).status()).toBe(200);

  // ...until it is revoked; after a reload the key itself is never shown again
  await page.reload();
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await patch()).status()).toBe(401);
});
