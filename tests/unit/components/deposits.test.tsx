import { waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { ClientUser } from '../../../client/features/auth/store';
import { MSG_INVITE_INVALID, type Invite, type InviteLink, type InviteProcessed } from '../../../shared/invites';
import { daysAhead, invite } from './answers';
import { apiStub, currentPath, DEMO_USER, renderSalon, screen, sessionOf } from './render-app';

// docs/booking/accounts-and-money.md §2 Deposits, §4 Invites, §8 invite lookup error: what the Deposits
// screen, Decline and an invite link show given the API's answers. (Moved from
// tests/e2e/deposits.spec.ts; paying, 3-D Secure, the live list over the realtime channel, the
// invite links' journeys and the feed at 320 px stay there.)

/** Jamie's two open requests (worker/db/seed/demo.sql): a £15 deposit at salon 1, card details at salon 2. */
const DEMO_REQUESTS = [
  invite({ id: 1, salon: 1, deposit: 15, start: daysAhead(6) }),
  invite({
    id: 2,
    salon: 2,
    deposit: 0,
    start: daysAhead(4),
    service: { service: { id: 11, name: 'Restyle', category: { name: 'Cuts' }, bookable_online: true } },
  }),
];

/** Words as axe compares a name with the text on show: lower case, punctuation and spacing as one space. */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

/** The client's open requests, as GET client/get/invite/1/ answers them (the bottom navigation's bubble asks too). */
const answerRequests = (list: () => Invite[]) => apiStub.answer('GET /api/client/get/invite/1/', () => ({ json: list() }));

test('Deposits lists the demo requests grouped by salon with what each asks for', async () => {
  answerRequests(() => DEMO_REQUESTS);
  const { session } = await renderSalon(1, '/my-feeds', { as: DEMO_USER });
  await screen.findByRole('heading', { level: 1, name: 'Deposits' });
  expect((await screen.findByText('2 new requests', { exact: true })).getAttribute('role')).toBe('status');
  // Newest appointment first: salon 1's request (6 days ahead) before salon 2's (4 days ahead).
  expect(
    within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent),
  ).toEqual(['Willow & Co Islington', 'Willow & Co Shoreditch']);
  const islington = screen.getByRole('region', { name: 'Willow & Co Islington' });
  const shoreditch = screen.getByRole('region', { name: 'Willow & Co Shoreditch' });
  expect(within(islington).getByText('Deposit requested: £15.00', { exact: true })).toBeTruthy();
  expect(within(islington).getByText('Blow Dry', { exact: false })).toBeTruthy();
  expect(within(islington).getByRole('link', { name: 'PAY DEPOSIT' }).getAttribute('href')).toBe('/salon/1/pay-deposit/101');
  expect(within(shoreditch).getByText('Card details requested', { exact: true })).toBeTruthy();
  // Another salon's request is paid in that salon's own area.
  expect(within(shoreditch).getByRole('link', { name: 'Confirm with card details' }).getAttribute('href')).toBe('/salon/2/pay-deposit/102');
  // The bottom navigation (and its copy in the header) counts them.
  await waitFor(() =>
    expect(
      screen
        .getAllByRole('navigation', { name: 'Account' })
        .map((nav) => within(nav).getAllByRole('link').at(-1)!.getAttribute('aria-label')),
    ).toEqual(['Deposits, 2 new requests', 'Deposits, 2 new requests']),
  );
  // The name holds what the tab shows, word for word in its order ('Deposits' and the bubble's '2'),
  // as axe's label-content-name-mismatch reads it (issue 56).
  for (const nav of screen.getAllByRole('navigation', { name: 'Account' })) {
    const link = within(nav).getAllByRole('link').at(-1)!;
    expect(` ${words(link.getAttribute('aria-label')!)} `).toContain(` ${words(link.textContent!)} `);
  }
  // The requests are asked for with the session's access token.
  const asked = apiStub.calls.filter((c) => c.path === '/api/client/get/invite/1/');
  expect(asked.length).toBeGreaterThan(0);
  for (const c of asked) expect(c.authorization).toBe(`Bearer ${session!.access_token}`);
});

test('no open requests: the feed says so and offers a booking, and the navigation counts none', async () => {
  answerRequests(() => []);
  await renderSalon(1, '/my-feeds', { as: DEMO_USER });
  await screen.findByText('You have no new deposit requests', { exact: true });
  expect(screen.getByRole('link', { name: 'MAKE A BOOKING' }).getAttribute('href')).toBe('/salon/1');
  for (const nav of screen.getAllByRole('navigation', { name: 'Account' }))
    expect(within(nav).getByRole('link', { name: 'Deposits' }).getAttribute('aria-label')).toBeNull();
});

test('logged out, Deposits goes to login and comes back after it', async () => {
  answerRequests(() => DEMO_REQUESTS);
  // the session API's answer to the demo client's password (tests/worker/session.test.ts)
  apiStub.answer('POST /session/login', { json: sessionOf(DEMO_USER) });
  const { user } = await renderSalon(1, '/my-feeds');
  await screen.findByRole('heading', { level: 1, name: 'Login to complete your booking' });
  expect(currentPath()).toBe('/salon/1/login');
  await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '07700 900123');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Demo-pass1');
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
  await screen.findByRole('heading', { level: 1, name: 'Deposits' });
  expect(currentPath()).toBe('/salon/1/my-feeds');
  await screen.findByRole('region', { name: 'Willow & Co Islington' });
});

test("declining another location's request from this one offers to book at that location", async () => {
  let open = [DEMO_REQUESTS[1]!];
  answerRequests(() => open);
  const declined: InviteProcessed = { r_status: 'declined', invite_status: 'declined' };
  apiStub.answer('POST /api/client/post/invite/2/2', () => {
    open = [];
    return { json: declined };
  });
  const { user } = await renderSalon(1, '/my-feeds', { as: DEMO_USER });
  const shoreditch = await screen.findByRole('region', { name: 'Willow & Co Shoreditch' });
  await user.click(within(shoreditch).getByRole('link', { name: 'DECLINE' }));
  await screen.findByRole('heading', { level: 1, name: 'Are you sure you want to decline this request?' });
  expect(currentPath()).toBe('/salon/1/decline/');
  expect(within(screen.getByRole('region', { name: 'The request' })).getByText('Willow & Co Shoreditch')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'DECLINE REQUEST' }));

  await screen.findByRole('heading', { level: 1, name: "Ok we've told the salon you've declined." });
  expect(apiStub.calls.find((c) => c.path === '/api/client/post/invite/2/2')?.body).toEqual({ data: { invite_id: 2, accepted: false } });
  // Booking another appointment is at the request's own location, a page of its own.
  expect(screen.getByRole('link', { name: 'BOOK ANOTHER APPOINTMENT' }).getAttribute('href')).toBe('/salon/2');
  await user.click(screen.getByRole('link', { name: 'CLOSE' }));
  await screen.findByText('You have no new deposit requests', { exact: true });
});

test('/decline with no request chosen goes to the feed', async () => {
  answerRequests(() => []);
  await renderSalon(1, '/decline/', { as: DEMO_USER });
  await screen.findByRole('heading', { level: 1, name: 'Deposits' });
  expect(currentPath()).toBe('/salon/1/my-feeds');
});

test('a withdrawn link shows that the request is no longer valid, and OK goes to the salon', async () => {
  // the lookup's answer to a withdrawn request (tests/worker/invites.test.ts › ncob/invite/{code}/)
  apiStub.answer('GET /api/ncob/invite/DemoJamieRiversInvite09/?salon_id=1', {
    status: 404,
    body: { detail: MSG_INVITE_INVALID, code: 'invite_invalid', request_id: 'r' },
  });
  const { user } = await renderSalon(1, '/invite/DemoJamieRiversInvite09');
  const dialog = await screen.findByRole('dialog', { name: MSG_INVITE_INVALID });
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(currentPath()).toBe('/salon/1'));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('the login link of a client with an account fills in the number and leads to the request', async () => {
  // Dana, who has an account, is asked for a £20 deposit; the text's /login/1/{code} is /salon/1/invite-login/{code} (tests/worker/invite-links.test.ts).
  const dana: ClientUser = {
    username: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e09',
    name: 'Dana Deposit9',
    email: 'dana.deposit9@example.test',
    phone_number: '+447700900609',
    phone_number_verified: true,
  };
  const request = { ...invite({ id: 9, salon: 1, deposit: 20, start: daysAhead(29) }), unique_code: 'DanaDeposit9InviteCode0123456789' };
  const link: InviteLink = {
    unique_code: request.unique_code,
    salon: { id: 1, name: 'Willow & Co Islington' },
    first_name: 'Dana',
    last_name: 'Deposit9',
    phone_number: dana.phone_number,
    has_account: true,
    status: 'invited',
  };
  apiStub.answer(`GET /api/ncob/invite/${request.unique_code}/?salon_id=1`, { json: link });
  apiStub.answer('POST /session/login', { json: sessionOf(dana) });
  answerRequests(() => [request]);
  // pay-deposit: no card saved yet, and the request is marked seen
  apiStub.answer('GET /api/ncob/checkout/salon/user/getcard/1/', { status: 204 });
  apiStub.answer('POST /api/client/post/invite/1/9/seen', { status: 204 });

  const { user } = await renderSalon(1, `/invite-login/${request.unique_code}`);
  await screen.findByRole('heading', { level: 1, name: 'Login to view your account' });
  const number = screen.getByRole('textbox', { name: 'Mobile number' }) as HTMLInputElement;
  expect(number.value.replace(/\D/g, '').replace(/^0/, '')).toBe('7700900609');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Dana-pass1');
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
  await waitFor(() => expect(currentPath()).toBe(`/salon/1/pay-deposit/${request.appointment.id}`));
  expect(apiStub.calls.find((c) => c.path === '/session/login')?.body).toEqual({ phone: dana.phone_number, password: 'Dana-pass1' });
  expect((await screen.findByTestId('pay-today')).textContent).toBe('£20.00');
  expect((screen.getByRole('button', { name: 'PAY DEPOSIT' }) as HTMLButtonElement).disabled).toBe(true);
});
