import { escapeRegExp, expect, SALONS, test, type ServiceSelection } from './fixtures';

// docs/booking-journey.md §2 "A Search / Clear toggle filters services", "An optional query filters by
// category name or category id", and §4: case-insensitive substring match on the service name,
// categories with no match hidden, an empty query shows everything.

const startsWith = (names: readonly string[]) => names.map((n) => new RegExp(`^${escapeRegExp(n)}`));

/** Expects exactly these services to be offered (as tick boxes), in this order. */
async function expectServices(screen: ServiceSelection, names: string[]) {
  await expect(screen.services).toHaveCount(names.length);
  for (const [i, name] of names.entries()) {
    await expect(screen.services.nth(i)).toHaveAccessibleName(new RegExp(`^${escapeRegExp(name)}\\b`));
  }
}

test.describe('Search / Clear', () => {
  test('Search opens a field; Clear empties it, closes it and shows every category again', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await expect(screen.searchField).toHaveCount(0);

    await screen.search.click();
    await expect(screen.searchField).toBeVisible();
    await expect(screen.searchField).toBeFocused();
    await expect(screen.search).toHaveCount(0);
    await expect(screen.clearSearch).toBeVisible();

    await screen.searchField.fill('tint');
    await expect(screen.categoryButtons).toHaveText(startsWith(['Colour']));

    await screen.clearSearch.click();
    await expect(screen.searchField).toHaveCount(0);
    await expect(screen.search).toBeVisible();
    await expect(screen.categoryButtons).toHaveText(startsWith(SALONS[1].categories));

    // Opened again, the field starts empty.
    await screen.search.click();
    await expect(screen.searchField).toHaveValue('');
    await expect(screen.categoryButtons).toHaveText(startsWith(SALONS[1].categories));
  });

  test('matches a case-insensitive substring of the service name and hides categories without a match', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await screen.searchFor('BLOW');
    await expect(screen.categoryButtons).toHaveText(startsWith(['Cut & Style', 'Finishing']));
    await expectServices(screen, ['Ladies Cut & Blow Dry', 'Blow Dry']);

    await screen.searchFor('bLoW dR');
    await expectServices(screen, ['Ladies Cut & Blow Dry', 'Blow Dry']);

    // The middle of a word.
    await screen.searchFor('laya');
    await expect(screen.categoryButtons).toHaveText(startsWith(['Colour']));
    await expectServices(screen, ['Balayage']);

    await screen.searchFor('cut');
    await expect(screen.categoryButtons).toHaveText(startsWith(['Cut & Style']));
    await expectServices(screen, ['Ladies Cut & Blow Dry', 'Gents Cut']);
  });

  test('does not match category names or descriptions, and says when nothing matches', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await screen.searchFor('consultation'); // only in the Ladies Cut & Blow Dry description
    await expect(screen.services).toHaveCount(0);
    await expect(screen.categoryButtons).toHaveCount(0);
    await expect(screen.page.getByRole('status')).toContainText('No services match');

    await screen.searchFor('Treatments'); // a category name; the one service is 'Olaplex Treatment'
    await expect(screen.services).toHaveCount(0);

    await screen.searchFor('');
    await expect(screen.categoryButtons).toHaveText(startsWith(SALONS[1].categories));
  });

  test('a category among the results still opens and closes from its button', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await screen.searchFor('blow');
    const finishing = screen.category('Finishing');
    await expect(finishing).toHaveAttribute('aria-expanded', 'true');
    await finishing.click();
    await expect(finishing).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.service('Blow Dry')).toHaveCount(0);
    await expect(screen.service('Ladies Cut & Blow Dry')).toBeVisible();
  });

  test('keeps the selection while searching and after Clear', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await screen.searchFor('toner');
    await screen.choose('Toner Refresh');
    await expect(screen.selectedItems).toHaveText([/Toner Refresh/]);

    await screen.clearSearch.click();
    await expect(screen.selectedItems).toHaveText([/Toner Refresh/]);
    await expect(screen.category('Colour')).toContainText('1 selected');
    await expect(screen.next).toBeEnabled();
  });
});

test.describe('?category= query', () => {
  for (const query of ['?category=Colour', '?category=2']) {
    test(`${query} shows only the Colour category and its services`, async ({ openSalon }) => {
      const screen = await openSalon(1, { query });
      await expect(screen.categoryButtons).toHaveText(startsWith(['Colour']));
      await expectServices(screen, ['Full Head Tint', 'Balayage', 'Toner Refresh']);
    });
  }

  test('a category name with spaces and & works when encoded', async ({ openSalon }) => {
    const screen = await openSalon(1, { query: `?category=${encodeURIComponent('Cut & Style')}` });
    await expect(screen.categoryButtons).toHaveText(startsWith(['Cut & Style']));
    await expectServices(screen, ['Ladies Cut & Blow Dry', 'Gents Cut', 'Fringe Trim']);
  });

  test('the filtered category still opens and closes from its button', async ({ openSalon }) => {
    const screen = await openSalon(1, { query: '?category=Colour' });
    const colour = screen.category('Colour');
    await expect(colour).toHaveAttribute('aria-expanded', 'true');
    await colour.click();
    await expect(colour).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.services).toHaveCount(0);
    await colour.click();
    await expect(colour).toHaveAttribute('aria-expanded', 'true');
    await expect(screen.services).toHaveCount(3);
  });

  test('?category=4 shows Finishing only, and search works within it', async ({ openSalon }) => {
    const screen = await openSalon(1, { query: '?category=4' });
    await expect(screen.categoryButtons).toHaveText(startsWith(['Finishing']));
    await expectServices(screen, ['Blow Dry', 'Hair Up']);

    await screen.searchFor('blow');
    await expectServices(screen, ['Blow Dry']); // not 'Ladies Cut & Blow Dry' of another category
  });
});
