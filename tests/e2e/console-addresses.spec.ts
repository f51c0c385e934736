import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { openConsoleAs, STAFF } from './console';
import { STANDINS_URL } from './env';

// Issue 31: the console's Addresses place (owners): the salon's own domain from entry to live
// through the Cloudflare for SaaS stand-in. The forms' checks (the short name as it is typed, an
// apex domain refused) are component tests (tests/unit/components/console-addresses.test.tsx); the
// short name's answers and the old name's redirect, Worker tests (short-names.test.ts).

/**
 * A picture of the screen at a step of the lifecycle: attached to the report, and with
 * E2E_SCREENSHOTS=dir also written there (docs/domain-lifecycle/ holds the committed ones).
 */
async function snapshot(page: Page, info: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  const shot = await page.getByRole('region', { name: 'Your own domain' }).screenshot(dir ? { path: `${dir}/${name}.png` } : {});
  await info.attach(name, { body: shot, contentType: 'image/png' });
}

// Whatever a test left (it failed half-way), salon 3 ends with no domain of its own.
test.afterEach(async ({ page }) => {
  const remove = page.getByRole('region', { name: 'Your own domain' }).getByRole('button', { name: 'Remove', exact: true });
  if (!(await remove.isVisible().catch(() => false))) return;
  await remove.click();
  await page.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByRole('region', { name: 'Your own domain' }).getByRole('textbox', { name: 'Domain' })).toBeVisible();
});

test('an owner sets up the salon’s own domain: records, status through to live, served, removed', async ({
  page,
  request,
  expectAccessible,
}, info) => {
  const host = `book-${Date.now().toString(36)}.brooklyn-barber.test`;
  await openConsoleAs(page, STAFF.owner3, 1280);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Addresses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
  const domain = page.getByRole('region', { name: 'Your own domain' });

  await domain.getByRole('textbox', { name: 'Domain' }).fill(host);
  await domain.getByRole('button', { name: 'Add domain' }).click();
  await expect(domain.getByRole('status', { name: 'Status: Waiting for DNS' })).toBeVisible();
  await expect(domain).toContainText('Cloudflare says: custom hostname does not CNAME to this zone.');
  const records = domain.getByRole('table', { name: 'DNS records to add' });
  await expect(
    records.getByRole('row', { name: new RegExp(`^CNAME ${host.replaceAll('.', '\\.')} customers\\.bookwell\\.test$`) }),
  ).toBeVisible();
  await expect(
    records.getByRole('row', { name: new RegExp(`^TXT \\(optional\\) _cf-custom-hostname\\.${host.replaceAll('.', '\\.')} `) }),
  ).toBeVisible();
  await expectAccessible('the domain waiting for DNS');
  await snapshot(page, info, '1-waiting-for-dns');
  expect((await request.get('/', { headers: { Host: host } })).status()).toBe(404);

  // the salon adds the CNAME (the stand-in is told); each check moves it on
  const pointed = await request.post(`${STANDINS_URL}/__dev/cloudflare/custom_hostnames/${host}/dns`, { data: { pointed: true } });
  expect(pointed.status()).toBe(200);
  const checkAgain = domain.getByRole('button', { name: 'Check again' });
  await checkAgain.click();
  await expect(domain.getByRole('status', { name: 'Status: Verifying' })).toBeVisible();
  await snapshot(page, info, '2-verifying');
  await checkAgain.click();
  await expect(domain.getByRole('status', { name: 'Status: Issuing the certificate' })).toBeVisible();
  await snapshot(page, info, '3-issuing-the-certificate');
  await checkAgain.click();
  await expect(domain.getByRole('status', { name: 'Status: Issuing the certificate' })).toBeVisible();
  await expect(checkAgain).toBeEnabled();
  expect((await request.get('/', { headers: { Host: host } })).status()).toBe(404);
  await checkAgain.click();
  await expect(domain.getByRole('status', { name: 'Status: Live' })).toBeVisible();
  await expect(domain.getByText(`Live: clients book at https://${host}/`)).toBeVisible();
  await expect(checkAgain).toHaveCount(0);
  await snapshot(page, info, '4-live');
  const served = await request.get('/', { headers: { Host: host } });
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain('Brooklyn Barber Co.');

  // removed: not served from the very next request
  await domain.getByRole('button', { name: 'Remove', exact: true }).click();
  await domain.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(domain.getByRole('textbox', { name: 'Domain' })).toBeVisible();
  expect((await request.get('/', { headers: { Host: host } })).status()).toBe(404);
});

test('a domain Cloudflare gave up on says action needed, with its words (390 px)', async ({
  page,
  request,
  expectNoSidewaysScroll,
}, info) => {
  const host = `late-${Date.now().toString(36)}.brooklyn-barber.test`;
  await openConsoleAs(page, STAFF.owner3, 390);
  await page.goto('/console/salons/3/addresses');
  const domain = page.getByRole('region', { name: 'Your own domain' });
  await domain.getByRole('textbox', { name: 'Domain' }).fill(host);
  await domain.getByRole('button', { name: 'Add domain' }).click();
  await expect(domain.getByRole('status', { name: 'Status: Waiting for DNS' })).toBeVisible();
  // Cloudflare's 7 days of retries run out; the Cron Trigger's next run (wrangler dev --test-scheduled) sees it
  await request.post(`${STANDINS_URL}/__dev/cloudflare/custom_hostnames/${host}/age`, { data: { days: 8 } });
  expect((await request.get('/__scheduled?cron=*/5+*+*+*+*')).status()).toBe(200);
  await page.reload();
  await expect(domain.getByRole('status', { name: 'Status: Action needed' })).toBeVisible();
  await expect(domain.getByText('Cloudflare could not finish setting up this domain.')).toBeVisible();
  await expect(domain).toContainText('Cloudflare says: custom hostname does not CNAME to this zone.');
  await expectNoSidewaysScroll();
  await snapshot(page, info, '5-action-needed');
  await domain.getByRole('button', { name: 'Check again' }).click();
  await expect(domain.getByRole('status', { name: 'Status: Waiting for DNS' })).toBeVisible();
  await domain.getByRole('button', { name: 'Remove', exact: true }).click();
  await domain.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(domain.getByRole('textbox', { name: 'Domain' })).toBeVisible();
});
