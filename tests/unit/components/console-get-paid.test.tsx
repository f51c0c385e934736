import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { SalonPayments } from '../../../shared/console/payments';
import type { StaffRole } from '../../../shared/console/roles';
import type { VersionedSettings } from '../../../shared/console/settings';
import { GetPaid } from '../../../client/console/payments/GetPaid';
import { BookingPageSettings } from '../../../client/console/settings/BookingPageSettings';
import { restoreSession } from '../../../client/console/lib/session';
import { apiStub } from './render-app';
import { SETTINGS_3 } from './console-answers';

// Get paid (docs/payments.md §3, §4): the salon's Stripe account in the owner's words, the button
// that goes to Stripe's hosted onboarding, and the card settings saying why they are off.

const PAYMENTS = '/api/console/salons/3/payments';

async function signedInAs(role: StaffRole) {
  apiStub.answer('POST /console/session/refresh', {
    json: {
      access_token: 'token',
      id_token: 'id',
      me: { email: 'owner@brooklyn-barber.test', name: 'Sam', salons: [{ id: 3, name: 'Brooklyn Barber Co.', role, group_id: null }] },
    },
  });
  await restoreSession();
}

function renderAt(path: string, screenEl: React.ReactNode) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/salons/:salonId/:place/*" element={screenEl} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const account = (p: Partial<SalonPayments>): SalonPayments => ({
  account_id: 'acct_Brooklyn',
  charges_enabled: false,
  payouts_enabled: false,
  requirements: { currently_due: [], past_due: [], pending_verification: [], disabled_reason: null },
  ...p,
});

const assign = vi.fn();
beforeEach(() => {
  apiStub.reset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

test('no account yet: "Not set up", and the button makes one and goes to the link Stripe answered', async () => {
  await signedInAs('owner');
  apiStub.answer(`GET ${PAYMENTS}`, { json: account({ account_id: null, requirements: null }) });
  apiStub.answer(`POST ${PAYMENTS}`, {
    json: { url: 'https://connect.stripe.test/setup/e/acct_Brooklyn/abc', account_id: 'acct_Brooklyn' },
  });
  const user = renderAt('/salons/3/get-paid', <GetPaid />);
  expect((await screen.findByRole('status', { name: 'Status: Not set up' })).textContent).toBe('Not set up');
  expect(
    screen.getByText('Set up payments with Stripe to take deposits, no-show fees and vouchers into your own bank account.'),
  ).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Set up payments with Stripe' }));
  await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/e/acct_Brooklyn/abc'));
  expect(apiStub.calls.some((c) => c.method === 'POST' && c.path === PAYMENTS)).toBe(true);
});

test.each([
  [
    account({
      requirements: {
        currently_due: ['external_account', 'individual.dob.day'],
        past_due: [],
        pending_verification: [],
        disabled_reason: 'requirements.past_due',
      },
    }),
    'Details needed',
    'Stripe needs more details before you can take payments.',
    'Continue with Stripe',
  ],
  [
    account({
      requirements: { currently_due: [], past_due: [], pending_verification: ['individual.verification.document'], disabled_reason: null },
    }),
    'Under review',
    'Stripe is checking your details. This usually takes a few minutes.',
    'Update details with Stripe',
  ],
  [
    account({ charges_enabled: true }),
    'Can take payments',
    'You can take card payments. Payouts start once Stripe has checked your bank account.',
    'Update details with Stripe',
  ],
  [
    account({ charges_enabled: true, payouts_enabled: true }),
    'Payouts on',
    'You can take card payments, and payouts go to your bank account.',
    'Update details with Stripe',
  ],
])('the account in the owner’s words: %#', async (payments, title, detail, button) => {
  await signedInAs('owner');
  apiStub.answer(`GET ${PAYMENTS}`, { json: payments });
  renderAt('/salons/3/get-paid', <GetPaid />);
  expect((await screen.findByRole('status', { name: `Status: ${title}` })).textContent).toBe(title);
  expect(screen.getByText(detail)).toBeTruthy();
  expect(screen.getByRole('button', { name: button })).toBeTruthy();
  if (title === 'Details needed') expect(screen.getByText('Stripe asks for 2 more details.')).toBeTruthy();
});

const settings = (can_take_payments: boolean): VersionedSettings => ({
  ...SETTINGS_3,
  version: 4,
  can_take_payments,
  settings: { ...SETTINGS_3.settings, online_booking: true, max_upcoming_online_bookings: 5, max_anonymous_holds: 10 },
});

/** The Booking page's calls: its settings (with whether the salon can take payments) and its photos. */
function bookingPageAnswers(canTakePayments: boolean) {
  apiStub.answer('GET /api/console/salons/3/settings', { json: settings(canTakePayments) });
  apiStub.answer('GET /api/console/salons/3/photos', { json: { logo: null, cover: null, stylists: [] } });
}

const WHY = 'Set up payments first: finish "Get paid" so this salon can take card payments.';

test('before the salon can take payments, each card setting says why it stays off; an owner is pointed at Get paid', async () => {
  await signedInAs('owner');
  bookingPageAnswers(false);
  const user = renderAt('/salons/3/booking-page/deposits', <BookingPageSettings />);
  const needsCard = await screen.findByRole('checkbox', { name: 'Clients must save a card to book online' });
  expect(needsCard.getAttribute('aria-describedby')).toBeTruthy();
  expect(screen.getAllByText(WHY)).toHaveLength(3);
  expect(screen.getByRole('link', { name: 'Set up payments in Get paid' }).getAttribute('href')).toBe('/salons/3/get-paid');
  // the Gift vouchers section: on sale needs payments too
  await user.click(screen.getByRole('link', { name: 'Gift vouchers' }));
  await screen.findByRole('checkbox', { name: 'Sell gift vouchers on your booking page' });
  expect(screen.getAllByText(WHY)).toHaveLength(1);
});

test('a manager is told to ask the owner instead', async () => {
  await signedInAs('manager');
  bookingPageAnswers(false);
  renderAt('/salons/3/booking-page/deposits', <BookingPageSettings />);
  expect(await screen.findByText(/Ask the salon’s owner to set up payments in Get paid\./)).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Set up payments in Get paid' })).toBeNull();
});

test('a salon that can take payments shows no note beside its card settings', async () => {
  await signedInAs('owner');
  bookingPageAnswers(true);
  renderAt('/salons/3/booking-page/deposits', <BookingPageSettings />);
  await screen.findByRole('checkbox', { name: 'Clients must save a card to book online' });
  expect(screen.queryByText(WHY)).toBeNull();
  expect(screen.queryByRole('note')).toBeNull();
});
