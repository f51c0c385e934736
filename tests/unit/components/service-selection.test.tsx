import { within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { services } from './service-screen';
import { renderSalon, screen } from './render-app';

// docs/booking/journey.md §2 "Service selection (salon root)" and §4 "Selection", on /salon/{id}.
// (Moved from tests/e2e/service-selection.spec.ts; the welcome text's cut at each width, the
// selection kept over a reload and the layout stay there.)

const header = () => screen.getByRole('banner');

test('the header shows the salon name and the Powered-by mark, and no LOGOUT or Back while logged out', async () => {
  await renderSalon(1);
  expect(header().textContent).toContain('Willow & Co Islington');
  expect(header().textContent).toContain('Powered by');
  expect(within(header()).queryByRole('button', { name: 'LOGOUT' })).toBeNull();
  expect(within(header()).queryByRole('button', { name: 'Back' })).toBeNull();
});

test('without a welcome message (salon 2, named in the header), asks the client to select services in order and call the salon phone', async () => {
  await renderSalon(2);
  expect(header().textContent).toContain('Willow & Co Shoreditch');
  expect(header().textContent).not.toContain('Willow & Co Islington');
  expect(screen.getByText(/select the services/i).textContent).toBe(
    'Please select the services you would like to book, in the order you would like them done. If you need any help, please call the salon on 020 7946 0342.',
  );
  expect(screen.queryByRole('button', { name: 'read more' })).toBeNull();
});

test('categories start open with their services, and close and open again on a tap', async () => {
  const { user } = await renderSalon(1);
  expect(services.categoryNames()).toEqual(['Cut & Style', 'Colour', 'Treatments', 'Finishing']);
  for (const name of services.categoryNames()) {
    expect(services.category(name)!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: `${name} services` })).toBeTruthy();
  }
  for (const s of ['Full Head Tint', 'Balayage', 'Toner Refresh', 'Gents Cut']) expect(services.box(s)).not.toBeNull();

  await user.click(services.category('Colour')!);
  expect(services.category('Colour')!.getAttribute('aria-expanded')).toBe('false');
  expect(services.box('Balayage')).toBeNull();
  expect(services.box('Gents Cut')).not.toBeNull();
  expect(services.category('Cut & Style')!.getAttribute('aria-expanded')).toBe('true');

  await user.click(services.category('Colour')!);
  expect(services.category('Colour')!.getAttribute('aria-expanded')).toBe('true');
  expect(services.box('Balayage')).not.toBeNull();
});

test("categories show 'N selected' once services are ticked", async () => {
  const { user } = await renderSalon(1);
  expect(services.category('Cut & Style')!.textContent).not.toContain('selected');

  await user.click(services.box('Ladies Cut & Blow Dry')!);
  expect(services.category('Cut & Style')!.textContent).toContain('1 selected');
  await user.click(services.box('Gents Cut')!);
  expect(services.category('Cut & Style')!.textContent).toContain('2 selected');
  expect(services.category('Colour')!.textContent).not.toContain('selected');

  await user.click(services.box('Balayage')!);
  expect(services.category('Colour')!.textContent).toContain('1 selected');
  expect(services.category('Cut & Style')!.textContent).toContain('2 selected');

  await user.click(services.box('Gents Cut')!);
  expect(services.category('Cut & Style')!.textContent).toContain('1 selected');
});

test.each([
  { name: 'Ladies Cut & Blow Dry', duration: '1 hr - 1 hr 15 min', price: '£40.00 - £65.00' },
  { name: 'Gents Cut', duration: '30 - 45 min', price: '£22.00 - £35.00' },
  { name: 'Fringe Trim', duration: '15 min', price: '£8.00 - £10.00' },
  { name: 'Balayage', duration: '1 hr 30 min', price: 'from £120.00' },
  { name: 'Full Head Tint', duration: '45 min', price: '£75.00 - £85.00' },
  { name: 'Hair Up', duration: '1 hr - 1 hr 15 min', price: 'from £50.00' },
])('the row of $name shows its duration range ($duration) and price range ($price)', async (row) => {
  await renderSalon(1);
  const text = services.row(row.name).textContent;
  expect(text).toContain(row.name);
  expect(text).toContain(row.duration);
  expect(text).toContain(row.price);
});

test("a description of 70+ characters is cut with 'view more' / 'view less'", async () => {
  const full =
    'A consultation, wash, precision cut and a bouncy blow dry finish, tailored to your hair type and the way you like to wear it.';
  const { user } = await renderSalon(1);
  const row = () => services.row('Ladies Cut & Blow Dry');
  const viewMore = within(row()).getByRole('button', { name: /^view more/ });
  expect(viewMore.getAttribute('aria-expanded')).toBe('false');
  expect(row().textContent).not.toContain(full);
  expect(row().textContent).toContain('A consultation, wash, precision cut');

  await user.click(viewMore);
  expect(row().textContent).toContain(full);
  const viewLess = within(row()).getByRole('button', { name: /^view less/ });
  expect(viewLess.getAttribute('aria-expanded')).toBe('true');

  await user.click(viewLess);
  expect(row().textContent).not.toContain(full);
  expect(within(row()).getByRole('button', { name: /^view more/ })).toBeTruthy();
});

test('a description under 70 characters is shown whole, without view more', async () => {
  await renderSalon(1);
  const row = services.row('Olaplex Treatment'); // 66 characters
  expect(row.textContent).toContain('Bond-building treatment that repairs and strengthens damaged hair.');
  expect(within(row).queryByRole('button', { name: /view more/ })).toBeNull();
});

test('NEXT is disabled until a service is selected, and again once none is', async () => {
  const { user } = await renderSalon(1);
  expect(services.next().disabled).toBe(true);
  expect(services.selected()).toEqual([]);

  await user.click(services.box('Gents Cut')!);
  expect(services.next().disabled).toBe(false);

  await user.click(services.box('Gents Cut')!);
  expect(services.next().disabled).toBe(true);
});

test('the sticky list shows the chosen services with the total, and removes them', async () => {
  const { user } = await renderSalon(1);
  for (const s of ['Ladies Cut & Blow Dry', 'Gents Cut', 'Olaplex Treatment']) await user.click(services.box(s)!);

  expect(services.selected()).toEqual(['Ladies Cut & Blow Dry', 'Gents Cut', 'Olaplex Treatment']);
  // Sum of min prices 40 + 22 + 25, of max prices 65 + 35 + 30.
  expect(services.selection().textContent).toContain('£87.00 - £130.00');

  const remove = (name: string) => user.click(within(services.selection()).getByRole('button', { name: `Remove ${name}` }));
  await remove('Gents Cut');
  expect(services.selected()).toEqual(['Ladies Cut & Blow Dry', 'Olaplex Treatment']);
  expect((services.box('Gents Cut') as HTMLInputElement).checked).toBe(false);
  expect(services.category('Cut & Style')!.textContent).toContain('1 selected');
  expect(services.selection().textContent).toContain('£65.00 - £95.00');

  await remove('Ladies Cut & Blow Dry');
  await remove('Olaplex Treatment');
  expect(services.selected()).toEqual([]);
  expect(services.next().disabled).toBe(true);
  expect(services.category('Treatments')!.textContent).not.toContain('selected');
});

test('the bottom navigation (and its copy in the header from 768 px) has Profile, Bookings and Deposits, which lead to profile-login while logged out', async () => {
  await renderSalon(1);
  const navs = screen.getAllByRole('navigation', { name: 'Account' });
  expect(navs).toHaveLength(2);
  for (const nav of navs) {
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Profile', 'Bookings', 'Deposits']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      ['my-profile', 'my-book', 'my-feeds'].map((p) => `/salon/1/profile-login?fromMyBook=true&next=%2F${p}`),
    );
  }
});

test("the salon's hours say whether it is open now: 'Closed now' at 21:30 on a Monday it opened, 'Opens today at' before it opens", async () => {
  // docs/booking/journey.md, Service selection (issue 56): salon 1 opens 9 am – 7 pm on Mondays (London)
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(new Date('2026-11-30T21:30:00Z'));
    const first = await renderSalon(1);
    expect(await screen.findByText('Closed now', { selector: 'summary' })).toBeTruthy();
    first.unmount();
    vi.setSystemTime(new Date('2026-11-30T07:45:00Z'));
    const second = await renderSalon(1);
    expect(await screen.findByText('Opens today at 9 am', { selector: 'summary' })).toBeTruthy();
    second.unmount();
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    await renderSalon(1);
    expect(await screen.findByText('Open now until 7 pm', { selector: 'summary' })).toBeTruthy();
  } finally {
    vi.useRealTimers();
  }
});
