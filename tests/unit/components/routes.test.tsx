import { render, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { App } from '../../../client/app/App';
import { services } from './service-screen';
import { BOOTSTRAPS, currentPath, renderSalon, screen } from './render-app';

// The booking area's own routes (docs/booking/journey.md §2 "Top-level routes"), its not-found
// page, and the pages that need a login (docs/booking/accounts-and-money.md §6). The edge's part (short
// URLs, domains, 404 statuses) stays in tests/e2e/routing.spec.ts and not-found.spec.ts.

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

test('/search/{name} opens the service selection on that category', async () => {
  await renderSalon(1, '/search/Colour');
  await h1('Select services');
  expect(services.categoryNames()).toEqual(['Colour']);
});

test('/search/{unknown id} shows every category', async () => {
  await renderSalon(1, '/search/999999');
  await h1('Select services');
  expect(services.categoryNames()).toEqual(['Cut & Style', 'Colour', 'Treatments', 'Finishing']);
});

test('/completed goes to Your bookings (nothing just booked), which asks a logged-out client to log in first', async () => {
  await renderSalon(1, '/completed');
  await h1('Login to view your account');
  expect(currentPath()).toBe('/salon/1/profile-login?fromMyBook=true&next=%2Fmy-book');
});

test('/forgot-password goes to the password reset', async () => {
  await renderSalon(1, '/forgot-password');
  await h1('Reset your password');
  expect(currentPath()).toBe('/salon/1/forgot');
});

test.each(['my-profile', 'my-book'])('logged out, /%s goes to the account login and back after it', async (path) => {
  await renderSalon(1, `/${path}`);
  await h1('Login to view your account');
  expect(currentPath()).toBe(`/salon/1/profile-login?fromMyBook=true&next=%2F${path}`);
});

test('logged out, Deposits (/my-feeds) goes to the booking login', async () => {
  await renderSalon(1, '/my-feeds');
  await h1('Login to complete your booking');
  expect(currentPath()).toBe('/salon/1/login');
});

test.each([1, 2, 3] as const)(
  "an unknown path of salon %i's booking area says so, asks to refresh and leads back to the salon",
  async (id) => {
    const name = BOOTSTRAPS[id].salon.name;
    const { user } = await renderSalon(id, '/no/such/screen');
    await h1('Page not found');
    expect(currentPath()).toBe(`/salon/${id}/no/such/screen`);
    expect(screen.getByRole('banner').textContent).toContain(name);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain("We couldn't find that page.");
    expect(main.textContent).toContain(`Please refresh the page, or go back to ${name}.`);
    const back = within(main).getByRole('link', { name: `Back to ${name}` });
    expect(back.getAttribute('href')).toBe(`/salon/${id}`);
    await user.click(back);
    expect(currentPath()).toBe(`/salon/${id}`);
    // salon 3 takes no online bookings: its start says so instead of offering services
    await h1(id === 3 ? 'Unfortunately this business does not currently offer online booking' : 'Select services');
  },
);

test.each([
  ['salon', "We couldn't find that salon. The link may be mistyped, or the salon may have moved."],
  ['group', "We couldn't find that group of salons. The link may be mistyped."],
  ['short URL', "That short link doesn't belong to any salon. Please check it with your salon."],
  ['domain', "This address isn't linked to a salon yet."],
] as const)("the edge's not-found page for an unknown %s says so and leads to the start", async (what, message) => {
  render(<App boot={{ page: 'not-found', what, release: BOOTSTRAPS[1].release }} />);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  const main = screen.getByRole('main');
  expect(main.textContent).toContain(message);
  expect(main.textContent).toContain('Please refresh the page, or go to the start.');
  expect(within(main).getByRole('link', { name: 'Go to the start' }).getAttribute('href')).toBe('/');
});
