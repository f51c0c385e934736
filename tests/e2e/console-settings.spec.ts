import { expect, ServiceSelection, test, themeInHtml } from './fixtures';
import { BookingPageScreen, newPerson, openConsoleAs, STAFF } from './console';

// Issue 28: the booking page's settings in the console, and what a client's next load shows of a
// save. Salon 3 (neutral, online booking off) is changed and restored (setSalon puts back what the
// test found). The form's own messages and the 412 notice of a save that started before someone
// else's are component tests (tests/unit/components/console-booking-page.test.tsx); the 412
// itself, with History's entries, Worker tests (console-settings.test.ts).

const OFF_MESSAGE = 'Unfortunately this business does not currently offer online booking';

for (const width of [390, 1280]) {
  test(`at ${width} px a manager previews dark, saves, and a client's next load is dark`, async ({ page, browser, setSalon }) => {
    await setSalon(3, { theme_mode: 'neutral' });
    await openConsoleAs(page, STAFF.manager3, width, 'Booking page');
    const screen = new BookingPageScreen(page);
    await expect(screen.heading).toBeVisible();
    await expect(screen.theme('Neutral')).toBeChecked();

    const client = await newPerson(browser, width);
    try {
      await client.page.goto('/salon/3');
      await expect(client.page.locator('html')).toHaveAttribute('data-theme', 'neutral');

      // the preview shows the real page, dark, at both widths, before anything is saved
      await screen.theme('Dark').check();
      for (const size of ['phone', 'desktop'] as const) {
        await expect(screen.preview(size).locator('html')).toHaveAttribute('data-theme', 'dark');
        await expect(screen.preview(size).getByRole('heading', { level: 1 })).toHaveText(OFF_MESSAGE);
      }
      // ...and clients do not see it
      const unsaved = await client.page.request.get('/salon/3');
      expect(themeInHtml(await unsaved.text())).toBe('neutral');

      await screen.save.click();
      await expect(screen.saved).toBeVisible();
      const answered = Date.now();
      await client.page.reload();
      await expect(client.page.locator('html')).toHaveAttribute('data-theme', 'dark');
      console.log(`save answered → client's next load dark: ${Date.now() - answered} ms`);
    } finally {
      await client.context.close();
    }
  });
}

test('online booking off shows the client the off message on its next load', async ({ page, browser, setSalon }) => {
  await setSalon(3, {
    online_booking: false,
    online_booking_off_message: '',
    salon_ncob_text: '<p>Please give us <em>24 hours</em> notice.</p>',
  } as never);
  await openConsoleAs(page, STAFF.manager3, 1280, 'Booking page');
  const screen = new BookingPageScreen(page);
  await screen.section('Online booking');
  const client = await newPerson(browser, 390);
  try {
    await page.getByLabel('Clients can book online').check();
    await screen.save.click();
    await expect(screen.saved).toBeVisible();
    await client.page.goto('/salon/3');
    await expect(client.page.getByRole('heading', { level: 1 })).not.toHaveText(OFF_MESSAGE);

    await page.getByLabel('Clients can book online').uncheck();
    await page.getByLabel('What clients see while online booking is off').fill('We are closed for refurbishment until March.');
    await screen.save.click();
    await expect(screen.saved).toBeVisible();
    await client.page.reload();
    await expect(client.page.getByRole('heading', { level: 1 })).toHaveText(OFF_MESSAGE);
    await expect(client.page.getByRole('main')).toContainText('We are closed for refurbishment until March.');

    // the cancellation policy in its editor (Texts): what is typed and made bold is saved as the
    // booking page's HTML, and only that setting is sent
    await screen.section('Texts');
    const policy = page.getByRole('textbox', { name: 'Cancellation policy' });
    await expect(policy.locator('em')).toHaveText('24 hours');
    await policy.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Give us ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('48 hours');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type(' notice.');
    const sent = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/console/salons/3/settings'));
    await screen.save.click();
    await expect(screen.saved).toBeVisible();
    expect((await sent).postDataJSON()).toEqual({ salon_ncob_text: '<p>Give us <strong>48 hours</strong> notice.</p>' });
  } finally {
    await client.context.close();
  }
});

test('at 390 px an owner adds a service in Services and a client’s next load of the booking page lists it', async ({
  page,
  browser,
  setSalon,
  expectAccessible,
  expectNoSidewaysScroll,
}) => {
  await setSalon(3, { online_booking: true } as never);
  await openConsoleAs(page, STAFF.owner3, 390);
  await page.goto('/console/salons/3/services');
  const barbering = page.getByRole('region', { name: 'Barbering' });
  await expect(barbering).toContainText('Skin Fade $35.00 · 40 min');
  const name = `Beard Sculpt ${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'Add a service to Barbering' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('checkbox', { name: 'Marco Diaz' }).check();
  await page.getByRole('textbox', { name: 'Price for Marco Diaz' }).fill('25');
  await page.getByRole('textbox', { name: 'Minutes for Marco Diaz', exact: true }).fill('30');
  await expectNoSidewaysScroll();
  await expectAccessible('the service form at 390 px');
  await page.getByRole('button', { name: 'Add the service' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} is added.` })).toBeVisible();
  await expect(barbering).toContainText(`${name} $25.00 · 30 min`);
  await expectNoSidewaysScroll();

  const client = await newPerson(browser, 390);
  try {
    await client.page.goto('/salon/3');
    const services = new ServiceSelection(client.page);
    await services.expand('Barbering');
    await expect(services.service(name)).toBeVisible();
  } finally {
    await client.context.close();
    // no appointment ever named it: removed outright
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${name} is removed.` })).toBeVisible();
  }
});
