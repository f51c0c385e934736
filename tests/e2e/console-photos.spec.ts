import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { BookingPageScreen, newPerson, openConsoleAs, STAFF } from './console';

// Issue 28: the logo from the console. Salon 3's logo is replaced and then put back through the
// admin API. The Photos section is part of the Booking page screen, whose axe pass is in
// console-pages.spec.ts; the upload's rules themselves are Worker tests (console-photos.test.ts),
// and a file of the wrong type or size refused beside the field a component test
// (tests/unit/components/console-booking-page.test.tsx).

const seedImage = (key: string) => readFileSync(`worker/db/seed/media/${key}`);
const SALON_3_LOGO = 'c857e0b814569778635e77eb8dbe9355.webp';
const NEW_LOGO = '9766016e6818a70f1a9226fe3b9add2a.webp';

test('a manager checks, previews and uploads a new logo; a client’s next load shows it', async ({ page, browser, request }) => {
  await openConsoleAs(page, STAFF.manager3, 1280, 'Booking page');
  const screen = new BookingPageScreen(page);
  await expect(screen.heading).toBeVisible();

  // the live preview: the real page without its cookie banner, and nothing in it takes a click or focus
  const phone = screen.preview('phone');
  await expect(phone.locator('header img')).toHaveAttribute('src', `/media/${SALON_3_LOGO}`);
  await expect(phone.getByText('Accept all cookies')).toHaveCount(0);
  await expect(page.locator('iframe[data-preview=phone]').locator('xpath=..')).toHaveAttribute('inert', '');

  await screen.section('Photos');
  const logo = page.getByRole('group', { name: 'Logo' });
  await expect(logo.getByRole('img', { name: 'Your current logo' })).toHaveAttribute('src', `/media/${SALON_3_LOGO}`);
  const choose = logo.getByLabel('Choose a new logo');
  await choose.setInputFiles({ name: 'logo.webp', mimeType: 'image/webp', buffer: seedImage(NEW_LOGO) });
  await expect(logo.getByRole('img', { name: 'Preview of the new logo' })).toBeVisible();
  await expect(choose).toHaveAttribute('aria-invalid', 'false');
  const client = await newPerson(browser, 390);
  try {
    await logo.getByRole('button', { name: 'Upload logo' }).click();
    await expect(logo.getByRole('status')).toHaveText(/^Uploaded: clients see the new logo/);
    const answered = Date.now();
    await client.page.goto('/salon/3');
    await expect(client.page.getByRole('img', { name: 'Brooklyn Barber Co. logo' })).toHaveAttribute('src', `/media/${NEW_LOGO}`);
    console.log(`logo uploaded → client's next load shows it: ${Date.now() - answered} ms`);
    await expect(logo.getByRole('img', { name: 'Your current logo' })).toHaveAttribute('src', `/media/${NEW_LOGO}`);
    await expect(logo.getByRole('img', { name: 'Preview of the new logo' })).toHaveCount(0);
    // the preview loads again with it
    await screen.section('Appearance');
    await expect(phone.locator('header img')).toHaveAttribute('src', `/media/${NEW_LOGO}`);
  } finally {
    await client.context.close();
    const put = await request.put('/admin/salons/3/logo', {
      headers: { Authorization: 'Bearer demo-admin-3', 'Content-Type': 'image/webp' },
      data: seedImage(SALON_3_LOGO),
    });
    expect(put.status(), 'the logo put back').toBe(200);
  }
});
