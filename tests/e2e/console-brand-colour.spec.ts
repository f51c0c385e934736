import { expect, ServiceSelection, test } from './fixtures';
import { BookingPageScreen, newPerson, openConsoleAs, STAFF } from './console';
import { palettes } from '../../themes';
import { brandPalette } from '../../themes/brand';

// docs/console/README.md "Brand colour": salon 2 (dark) gets a navy, which the dark theme lightens so
// text stays readable; the console says so, previews it, and a client's next load has it on NEXT
// and the links. setSalon puts back the colour the test found.

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const NAVY = '#000080';

test('an owner sets a brand colour: adjusted for the dark theme, previewed, and on NEXT on a client’s next load', async ({
  page,
  browser,
  setSalon,
  expectAccessible,
}) => {
  await setSalon(2, { brand_colour: null });
  const brand = brandPalette('dark', NAVY);
  await openConsoleAs(page, STAFF.groupOwner, 1280);
  const screen = new BookingPageScreen(page);
  await screen.open(2);

  const client = await newPerson(browser, 390);
  try {
    const salon = new ServiceSelection(client.page);
    const chooseFirst = async () => {
      await salon.expand('Cuts');
      await salon.tick(salon.services.first());
    };
    await client.page.goto('/salon/2');
    await chooseFirst();
    await expect(salon.next).toHaveCSS('background-color', rgb(palettes.dark.primary));

    await page.getByLabel('Use my brand colour for buttons and links').check();
    await page.getByLabel('Brand colour', { exact: true }).fill(NAVY);
    // (what the console says of the adjusted colour is a component test: console-booking-page.test.tsx)
    // the preview shows it before anything is saved
    for (const size of ['phone', 'desktop'] as const)
      await expect(screen.preview(size).locator('html')).toHaveAttribute('style', new RegExp(`--colors-primary: ${brand.primary}`));
    await expectAccessible('the Booking page with a brand colour');

    await screen.save.click();
    await expect(screen.saved).toBeVisible();
    await client.page.reload();
    await chooseFirst();
    await expect(salon.next).toHaveCSS('background-color', rgb(brand.primary));
    await expect(salon.next).toHaveCSS('color', rgb(brand.onPrimary));
    const accent = await client.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--colors-accent').trim());
    expect(accent).toBe(brand.accent);
    // a link of the page (the salon's map) is in the brand's link colour
    await expect(client.page.getByRole('link', { name: /^Map of / })).toHaveCSS('color', rgb(brand.accent));
  } finally {
    await client.context.close();
  }
});

// axe checks the derived colours as a browser draws them: a pure yellow, the hardest case for the
// light themes, and a navy, the hardest for the dark one, with a service chosen (the filled
// category count, the ticked box and NEXT in the brand's colours).
for (const [theme, colour] of [
  ['slick', '#ffff00'],
  ['neutral', '#ffff00'],
  ['dark', '#000080'],
] as const) {
  test(`a ${colour} brand colour on the ${theme} theme has no axe violations`, async ({ setSalon, openSalon, expectAccessible }) => {
    await setSalon(2, { theme_mode: theme, brand_colour: colour });
    const salon = await openSalon(2, { width: 390 });
    await expect(salon.page.locator('html')).toHaveAttribute(
      'style',
      new RegExp(`--colors-primary: ${brandPalette(theme, colour).primary}`),
    );
    await salon.expand('Cuts');
    await salon.tick(salon.services.first());
    await expect(salon.next).toBeEnabled();
    await expectAccessible(`salon 2, ${theme}, brand ${colour}`);
  });
}
