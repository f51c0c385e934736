import { expect, test } from 'vitest';
import { offered, services } from './service-screen';
import { renderSalon, screen } from './render-app';

// docs/booking/journey.md §2 "A Search / Clear toggle filters services", "An optional query filters by
// category name or category id", and §4: case-insensitive substring match on the service name,
// categories with no match hidden, an empty query shows everything. (Moved from tests/e2e/service-search.spec.ts.)

const ALL = ['Cut & Style', 'Colour', 'Treatments', 'Finishing'];

async function searchFor(user: Awaited<ReturnType<typeof renderSalon>>['user'], text: string) {
  if (!services.field()) await user.click(services.search()!);
  await user.clear(services.field()!);
  if (text) await user.type(services.field()!, text);
}

test('Search opens a field; Clear empties it, closes it and shows every category again', async () => {
  const { user } = await renderSalon(1);
  expect(services.field()).toBeNull();

  await user.click(services.search()!);
  expect(document.activeElement).toBe(services.field());
  expect(services.search()).toBeNull();
  expect(services.clear()).not.toBeNull();

  await user.type(services.field()!, 'tint');
  expect(services.categoryNames()).toEqual(['Colour']);

  await user.click(services.clear()!);
  expect(services.field()).toBeNull();
  expect(services.search()).not.toBeNull();
  expect(services.categoryNames()).toEqual(ALL);

  // Opened again, the field starts empty.
  await user.click(services.search()!);
  expect(services.field()!.value).toBe('');
  expect(services.categoryNames()).toEqual(ALL);
});

test('matches a case-insensitive substring of the service name and hides categories without a match', async () => {
  const { user } = await renderSalon(1);
  await searchFor(user, 'BLOW');
  expect(services.categoryNames()).toEqual(['Cut & Style', 'Finishing']);
  expect(offered()).toEqual(['Ladies Cut & Blow Dry', 'Blow Dry']);

  await searchFor(user, 'bLoW dR');
  expect(offered()).toEqual(['Ladies Cut & Blow Dry', 'Blow Dry']);

  // The middle of a word.
  await searchFor(user, 'laya');
  expect(services.categoryNames()).toEqual(['Colour']);
  expect(offered()).toEqual(['Balayage']);

  await searchFor(user, 'cut');
  expect(services.categoryNames()).toEqual(['Cut & Style']);
  expect(offered()).toEqual(['Ladies Cut & Blow Dry', 'Gents Cut']);
});

test('does not match category names or descriptions, and says when nothing matches', async () => {
  const { user } = await renderSalon(1);
  await searchFor(user, 'consultation'); // only in the Ladies Cut & Blow Dry description
  expect(offered()).toEqual([]);
  expect(services.categoryNames()).toEqual([]);
  expect(screen.getByRole('status').textContent).toContain('No services match');

  await searchFor(user, 'Treatments'); // a category name; the one service is 'Olaplex Treatment'
  expect(offered()).toEqual([]);

  await searchFor(user, '');
  expect(services.categoryNames()).toEqual(ALL);
});

test('a category among the results still opens and closes from its button', async () => {
  const { user } = await renderSalon(1);
  await searchFor(user, 'blow');
  const finishing = services.category('Finishing')!;
  expect(finishing.getAttribute('aria-expanded')).toBe('true');
  await user.click(finishing);
  expect(finishing.getAttribute('aria-expanded')).toBe('false');
  expect(services.box('Blow Dry')).toBeNull();
  expect(services.box('Ladies Cut & Blow Dry')).not.toBeNull();
});

test('keeps the selection while searching and after Clear', async () => {
  const { user } = await renderSalon(1);
  await searchFor(user, 'toner');
  await user.click(services.box('Toner Refresh')!);
  expect(services.selected()).toEqual(['Toner Refresh']);

  await user.click(services.clear()!);
  expect(services.selected()).toEqual(['Toner Refresh']);
  expect(services.category('Colour')!.textContent).toContain('1 selected');
  expect(services.next().disabled).toBe(false);
});

test.each(['?category=Colour', '?category=2'])('%s shows only the Colour category and its services', async (query) => {
  await renderSalon(1, `/${query}`);
  expect(services.categoryNames()).toEqual(['Colour']);
  expect(offered()).toEqual(['Full Head Tint', 'Balayage', 'Toner Refresh']);
});

test('a category name with spaces and & works when encoded', async () => {
  await renderSalon(1, `/?category=${encodeURIComponent('Cut & Style')}`);
  expect(services.categoryNames()).toEqual(['Cut & Style']);
  expect(offered()).toEqual(['Ladies Cut & Blow Dry', 'Gents Cut', 'Fringe Trim']);
});

test('the filtered category still opens and closes from its button', async () => {
  const { user } = await renderSalon(1, '/?category=Colour');
  const colour = services.category('Colour')!;
  expect(colour.getAttribute('aria-expanded')).toBe('true');
  await user.click(colour);
  expect(colour.getAttribute('aria-expanded')).toBe('false');
  expect(offered()).toEqual([]);
  await user.click(colour);
  expect(colour.getAttribute('aria-expanded')).toBe('true');
  expect(offered()).toHaveLength(3);
});

test('?category=4 shows Finishing only, and search works within it', async () => {
  const { user } = await renderSalon(1, '/?category=4');
  expect(services.categoryNames()).toEqual(['Finishing']);
  expect(offered()).toEqual(['Blow Dry', 'Hair Up']);

  await searchFor(user, 'blow');
  expect(offered()).toEqual(['Blow Dry']); // not 'Ladies Cut & Blow Dry' of another category
});
