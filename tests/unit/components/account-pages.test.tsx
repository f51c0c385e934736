import { waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { ClientUser } from '../../../client/features/auth/store';
import { MSG } from '../../messages';
import { apiStub, currentPath, DEMO_USER, renderSalon, screen, sessionOf } from './render-app';

// docs/booking/accounts-and-money.md §2 (Bottom navigation, Bookings, Profile), §5 Profile edit: the
// logged-in account pages given the API's answers. (Moved from tests/e2e/account-pages.spec.ts;
// logging in from the bottom navigation stays there as a journey; saving a profile for real:
// tests/worker/session.test.ts.)

/** A new client with no card and no bookings (the browser test's Robin Ashby). */
const ROBIN: ClientUser = {
  username: '0d9c4b6e-5a3f-4f0e-8a1d-7c2b9e4f0402',
  name: 'Robin Ashby',
  email: 'robin.ashby@example.test',
  phone_number: '+447700900402',
  phone_number_verified: true,
};

/** What every logged-in page of salon 1 asks: the open requests (the navigation's bubble); none. */
const noRequests = () => apiStub.answer('GET /api/client/get/invite/1/', { json: [] });
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const tab = (name: string) => screen.getByRole('tab', { name });

test('the profile shows the name, Payment Details with no card, and the contact details', async () => {
  noRequests();
  // No saved card: getcard answers 204 (worker/api/cards.ts).
  apiStub.answer('GET /api/ncob/checkout/salon/user/getcard/1/', { status: 204 });
  const { user } = await renderSalon(1, '/my-profile', { as: ROBIN });
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Robin Ashby');
  expect(screen.getByRole('button', { name: 'LOGOUT' })).toBeTruthy();
  expect(
    within(screen.getByRole('tablist'))
      .getAllByRole('tab')
      .map((t) => t.textContent),
  ).toEqual(['Contact Details', 'Payment Details']);
  expect(tab('Payment Details').getAttribute('aria-selected')).toBe('true');
  await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toContain('No payment card added'));

  await user.click(tab('Contact Details'));
  expect(tab('Contact Details').getAttribute('aria-selected')).toBe('true');
  expect(textbox('Full name').value).toBe('Robin Ashby');
  expect(textbox('Email address').value).toBe('robin.ashby@example.test');
  expect((screen.getByRole('combobox', { name: 'Mobile number: country' }) as HTMLSelectElement).value).toBe('GB');
  expect(textbox('Mobile number').value.replace(/\D/g, '').replace(/^0/, '')).toBe('7700900402');
  expect(screen.queryByText(MSG.phone, { exact: true })).toBeNull();
  expect(button('SAVE DETAILS').disabled).toBe(true);
});

test('SAVE DETAILS waits for a valid change, then the profile is updated', async () => {
  noRequests();
  apiStub.answer('GET /api/ncob/checkout/salon/user/getcard/1/', { status: 204 });
  // PATCH /session/me answers the user as changed (worker/edge/session.ts; tests/worker/session.test.ts)
  apiStub.answer('PATCH /session/me', ({ body }) => ({ json: { ...ROBIN, ...(body as Partial<ClientUser>) } satisfies ClientUser }));
  const { user, session } = await renderSalon(1, '/my-profile', { as: ROBIN });
  await user.click(await screen.findByRole('tab', { name: 'Contact Details' }));
  expect(button('SAVE DETAILS').disabled).toBe(true);

  await user.clear(textbox('Full name'));
  await user.type(textbox('Full name'), 'R');
  await screen.findByText(MSG.profileName, { exact: true });
  expect(button('SAVE DETAILS').disabled).toBe(true);
  await user.type(textbox('Full name'), 'obin Ashby');
  await waitFor(() => expect(screen.queryByText(MSG.profileName, { exact: true })).toBeNull());
  expect(button('SAVE DETAILS').disabled).toBe(true); // no change

  await user.clear(textbox('Email address'));
  await user.type(textbox('Email address'), 'robin@');
  await screen.findByText(MSG.email, { exact: true });
  expect(button('SAVE DETAILS').disabled).toBe(true);
  await user.clear(textbox('Email address'));
  await user.type(textbox('Email address'), ROBIN.email);

  await user.clear(textbox('Full name'));
  await user.type(textbox('Full name'), 'Robin Ashby-Stone');
  await waitFor(() => expect(button('SAVE DETAILS').disabled).toBe(false));
  await user.click(button('SAVE DETAILS'));
  const updated = await screen.findByRole('dialog', { name: 'Profile updated!' });
  const patch = apiStub.calls.find((c) => c.method === 'PATCH' && c.path === '/session/me')!;
  expect(patch.body).toEqual({ name: 'Robin Ashby-Stone' });
  expect(patch.authorization).toBe(`Bearer ${session!.access_token}`);
  await user.click(within(updated).getByRole('button', { name: 'OK' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Robin Ashby-Stone');
  expect(button('SAVE DETAILS').disabled).toBe(true);
});

test("Bookings says it can't find any salons for a new client", async () => {
  noRequests();
  apiStub.answer(`GET /api/ncob/client/salons/${ROBIN.username}/`, { json: [] });
  const { user } = await renderSalon(1, '/my-book', { as: ROBIN });
  await screen.findByRole('heading', { level: 1, name: 'Locations' });
  await screen.findByText(MSG.noSalons, { exact: true });
  await user.click(screen.getByRole('link', { name: 'MAKE A BOOKING' }));
  await waitFor(() => expect(currentPath()).toBe('/salon/1'));
});

test('logged out, Bookings then logging in lands on Bookings, not Deposits', async () => {
  apiStub.answer('GET /api/client/get/invite/1/', { json: [] });
  apiStub.answer('POST /session/login', { json: sessionOf(DEMO_USER) });
  apiStub.answer(`GET /api/ncob/client/salons/${DEMO_USER.username}/`, {
    json: [
      { id: 1, name: 'Willow & Co Islington', profile_image_url: null },
      { id: 2, name: 'Willow & Co Shoreditch', profile_image_url: null },
    ],
  });
  const { user } = await renderSalon(1, '/');
  await screen.findByRole('heading', { level: 1, name: 'Select services' });
  // the phone's bottom bar (the last of the two copies of the navigation; the header's shows from 768 px)
  await user.click(within(screen.getAllByRole('navigation', { name: 'Account' }).at(-1)!).getByRole('link', { name: 'Bookings' }));
  await screen.findByRole('heading', { level: 1, name: 'Login to view your account' });
  expect(currentPath()).toBe('/salon/1/profile-login?fromMyBook=true&next=%2Fmy-book');
  await user.type(textbox('Mobile number'), '07700 900123');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Demo-pass1');
  await user.click(button('LOGIN'));
  await screen.findByText('Choose location:', { exact: true });
  expect(currentPath()).toBe('/salon/1/my-book');
});
