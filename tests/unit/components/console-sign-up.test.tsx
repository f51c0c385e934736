import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { StaffMe } from '../../../shared/console/roles';
import type { VersionedSettings } from '../../../shared/console/settings';
import { ConsoleApp } from '../../../client/console/app/ConsoleApp';
import { restoreSession } from '../../../client/console/lib/session';
import { SETTINGS_3 } from './console-answers';
import { apiStub } from './render-app';

// Issue 49: a salon signs itself up at /console/sign-up (name, email, password; the emailed code;
// signed in) and a signed-in person with no salon gets the guided set-up, then the console on it.

/** A new salon's settings, as GET settings answers them: the look the set-up offers to change. */
const NEW_SETTINGS: VersionedSettings = {
  ...SETTINGS_3,
  version: 2,
  settings: {
    ...SETTINGS_3.settings,
    theme_mode: 'slick',
    online_booking: true,
    max_upcoming_online_bookings: 5,
    max_anonymous_holds: 10,
    name: 'Brooklyn Nails',
    phone: '(718) 555-0134',
    email: 'robin@example.test',
    address_line_1: '5 Court Street',
    postcode: '11201',
  },
};

const NEWCOMER: StaffMe = { email: 'robin@example.test', name: 'Robin Shaw', salons: [] };
const session = (me: StaffMe) => ({ json: { access_token: 'a.b.c', id_token: 'a.b.c', expires_in: 3600, me } });

// the session as the refresh cookie answers it, whatever an earlier file of the shared runner signed in as
async function openConsole(path: string) {
  window.history.replaceState({}, '', `/console${path}`);
  apiStub.answer('POST /console/session/refresh', { status: 204 });
  await restoreSession();
  render(<ConsoleApp />);
  return userEvent.setup({ delay: null });
}

test('sign-up: the rules of the call on the screen, then the emailed code, then signed in to the set-up', async () => {
  const user = await openConsole('/sign-up');
  await screen.findByRole('heading', { name: 'Set up your salon' });
  await user.type(screen.getByLabelText('Your name'), 'Robin Shaw');
  await user.type(screen.getByLabelText('Email'), 'Robin@Example.test');
  await user.type(screen.getByLabelText('Password'), 'short');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByText('Use at least 8 characters with a lowercase letter, an uppercase letter and a number')).toBeTruthy();
  expect(apiStub.calls.some((c) => c.path === '/console/session/sign-up')).toBe(false);

  apiStub.answer('POST /console/session/sign-up', { status: 202, body: { status: 'code_sent', destination: 'r***@e***' } });
  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), 'Signed-up1');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByText(/We’ve sent a 6-digit code to r\*\*\*@e\*\*\*/)).toBeTruthy();
  expect(apiStub.calls.find((c) => c.path === '/console/session/sign-up')?.body).toEqual({
    name: 'Robin Shaw',
    email: 'robin@example.test',
    password: 'Signed-up1',
  });

  apiStub.answer('POST /console/session/resend-code', { json: { status: 'code_sent', destination: 'r***@e***' } });
  await user.click(screen.getByRole('button', { name: 'Send a new code' }));
  expect(await screen.findByText(/We’ve sent a new code to r\*\*\*@e\*\*\*/)).toBeTruthy();

  apiStub.answer('POST /console/session/confirm-sign-up', {
    status: 400,
    body: { detail: 'Invalid verification code provided, please try again.', code: 'CodeMismatchException' },
  });
  await user.type(screen.getByLabelText('Code from the email'), '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
  expect(await screen.findByText('Invalid verification code provided, please try again.')).toBeTruthy();

  apiStub.answer('POST /console/session/confirm-sign-up', { status: 204 });
  apiStub.answer('POST /console/session/login', session(NEWCOMER));
  await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
  expect(await screen.findByRole('heading', { name: 'Set up your salon', level: 1 })).toBeTruthy();
  expect(screen.getByText(/Welcome, Robin Shaw/)).toBeTruthy();
  expect(apiStub.calls.find((c) => c.path === '/console/session/login')?.body).toEqual({
    email: 'robin@example.test',
    password: 'Signed-up1',
  });
});

test('the sign-in screen links to the sign-up', async () => {
  const user = await openConsole('/');
  await user.click(await screen.findByRole('link', { name: 'Sign up and set up your salon' }));
  expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
});

test("the set-up: the country's own rules on the screen, then the salon is created, its page is live with its look, logo and a short link offered, and the console opens on it", async () => {
  window.history.replaceState({}, '', '/console/');
  apiStub.answer('POST /console/session/refresh', session(NEWCOMER));
  await restoreSession();
  render(<ConsoleApp />);
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('heading', { name: 'Set up your salon' });
  await user.type(screen.getByLabelText('Salon name'), 'Brooklyn Nails');
  await user.selectOptions(screen.getByLabelText(/Country/), 'US');
  await user.type(screen.getByLabelText('Address line 1'), '5 Court Street');
  await user.type(screen.getByLabelText('Town or city'), 'Brooklyn');
  await user.type(screen.getByLabelText('ZIP code'), 'N1 0PQ');
  await user.type(screen.getByLabelText('Salon phone number'), '020 7946 0321');
  await user.click(screen.getByRole('radio', { name: /Nail salon/ }));
  await user.click(screen.getByRole('button', { name: 'Set up my salon' }));
  expect(
    await screen.findByText("Choose the salon's time zone: Eastern, Central, Mountain, Arizona, Pacific, Alaska, Hawaii"),
  ).toBeTruthy();
  expect(screen.getByText('Enter the ZIP code as the post office writes it, such as 11201')).toBeTruthy();
  expect(screen.getByText('Enter a phone number in United States, with its area code')).toBeTruthy();
  expect(apiStub.calls.some((c) => c.path === '/api/console/salons')).toBe(false);

  await user.selectOptions(screen.getByLabelText('Time zone'), 'America/New_York');
  await user.clear(screen.getByLabelText('ZIP code'));
  await user.type(screen.getByLabelText('ZIP code'), '11201');
  await user.clear(screen.getByLabelText('Salon phone number'));
  await user.type(screen.getByLabelText('Salon phone number'), '(718) 555-0134');
  // closed on Saturdays, open on Mondays 10:00 to 18:00
  await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
  await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
  await user.clear(screen.getByLabelText('Monday opens'));
  await user.type(screen.getByLabelText('Monday opens'), '10:00');
  await user.clear(screen.getByLabelText('Monday closes'));
  await user.type(screen.getByLabelText('Monday closes'), '18:00');
  const mine: StaffMe = { ...NEWCOMER, salons: [{ id: 9, name: 'Brooklyn Nails', role: 'owner', group_id: null }] };
  apiStub.answer('POST /api/console/salons', {
    status: 201,
    body: {
      id: 9,
      name: 'Brooklyn Nails',
      country: 'US',
      currency: 'USD',
      timezone: 'America/New_York',
      booking_page: 'https://book.example.test/salon/9',
      services: 5,
    },
  });
  apiStub.answer('GET /api/console/salons/9/short-name', { json: { short_name: null, previous: [] } });
  apiStub.answer('GET /api/console/salons/9/settings', { json: NEW_SETTINGS });
  apiStub.answer('GET /api/console/salons/9/photos', { json: { logo: null, cover: null, stylists: [] } });
  await user.click(screen.getByRole('button', { name: 'Set up my salon' }));
  // the page is live; its look and logo (optional) and a short link are offered before the console opens
  expect(await screen.findByRole('heading', { name: 'Your booking page is live' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'https://book.example.test/salon/9' })).toBeTruthy();
  expect(await screen.findByText('No short link yet.')).toBeTruthy();
  expect(await screen.findByText('No logo yet')).toBeTruthy();
  expect(screen.getByLabelText('Choose a logo')).toBeTruthy();
  await user.click(await screen.findByRole('radio', { name: /^Dark/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Use my brand colour for buttons and links' }));
  await user.clear(screen.getByLabelText('Brand colour'));
  await user.type(screen.getByLabelText('Brand colour'), '#0f6b63');
  apiStub.answer('PATCH /api/console/salons/9/settings', {
    json: { ...NEW_SETTINGS, version: 3, settings: { ...NEW_SETTINGS.settings, theme_mode: 'dark', brand_colour: '#0f6b63' } },
  });
  await user.click(screen.getByRole('button', { name: 'Save the look' }));
  expect(await screen.findByText('Saved. Your booking page has its new look.')).toBeTruthy();
  const saved = apiStub.calls.find((c) => c.method === 'PATCH' && c.path === '/api/console/salons/9/settings');
  expect(saved?.body).toEqual({ theme_mode: 'dark', brand_colour: '#0f6b63' });
  apiStub.answer('GET /api/console/me', { json: mine });
  // the console opens on the new salon's Today (what it shows is console-landing.test.tsx's)
  for (const what of ['today', 'realtime'])
    apiStub.answer(`GET /api/console/salons/9/${what}`, { status: 503, body: { detail: 'Not in this test' } });
  await user.click(screen.getByRole('button', { name: 'Go to your console' }));
  await waitFor(() => expect(window.location.pathname).toBe('/console/salons/9/today'));
  expect(apiStub.calls.find((c) => c.path === '/api/console/salons')?.body).toEqual({
    name: 'Brooklyn Nails',
    country: 'US',
    timezone: 'America/New_York',
    address_line_1: '5 Court Street',
    city: 'Brooklyn',
    postcode: '11201',
    phone: '(718) 555-0134',
    hours: [
      { weekday: 1, open: '10:00', close: '18:00' },
      { weekday: 2, open: '09:00', close: '17:30' },
      { weekday: 3, open: '09:00', close: '17:30' },
      { weekday: 4, open: '09:00', close: '17:30' },
      { weekday: 5, open: '09:00', close: '17:30' },
    ],
    starter_menu: 'nails',
  });
});
