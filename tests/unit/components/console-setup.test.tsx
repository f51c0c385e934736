import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { StaffMe } from '../../../shared/console/roles';
import type { SetupItem } from '../../../shared/console/setup';
import type { Today } from '../../../shared/console/today';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

// Issue 49, after the set-up (docs/get-started.md): Today's checklist of what is left, each item a
// link to its place, ticked from the answer, hidden on request; and an owner's group of salons.

const OWNER: StaffMe = {
  email: 'robin@example.test',
  name: 'Robin Shaw',
  salons: [
    { id: 9, name: 'Brooklyn Nails', role: 'owner', group_id: null },
    { id: 10, name: 'Brooklyn Nails Dumbo', role: 'owner', group_id: null },
  ],
};
const MANAGER: StaffMe = { ...OWNER, salons: [{ id: 9, name: 'Brooklyn Nails', role: 'manager', group_id: null }] };

const done = new Set(['services', 'hours', 'search']);
const SETUP: SetupItem[] = (['get_paid', 'services', 'hours', 'photos', 'address', 'team', 'search', 'first_booking'] as const).map(
  (key) => ({ key, done: done.has(key) }),
);
const today = (setup: SetupItem[] | null): Today => ({
  date: '2027-01-04',
  timezone: 'America/New_York',
  currency: 'USD',
  appointments: [],
  time_off_requests: [],
  arrived: 0,
  to_come: 0,
  requests_waiting: [],
  failed_messages: [],
  setup,
});
function answerToday(setup: SetupItem[] | null) {
  apiStub.answer('GET /api/console/salons/9/today', { json: today(setup) });
  apiStub.answer('GET /api/console/salons/9/realtime', { status: 403, body: { detail: 'not in this test' } });
}

test('Today lists what is left, ticked from the answer, each item a link to the place that does it', async () => {
  answerToday(SETUP);
  await renderConsole('/salons/9/today', OWNER);
  const list = await screen.findByRole('region', { name: 'Get your salon ready' });
  expect(within(list).getByText('3 of 8 done. Each item ticks itself once it is done.')).toBeTruthy();
  const href = (name: string) => within(list).getByRole('link', { name }).getAttribute('href');
  expect(href('Get paid')).toBe('/console/salons/9/get-paid');
  expect(href('Check your services and prices')).toBe('/console/salons/9/services');
  expect(href('Set your stylists’ working hours')).toBe('/console/salons/9/stylists');
  expect(href('Add your logo or a cover photo')).toBe('/console/salons/9/booking-page/photos');
  expect(href('Choose a short name or your own domain')).toBe('/console/salons/9/addresses');
  expect(href('Invite your team')).toBe('/console/salons/9/team');
  expect(href('Show your booking page in search engines')).toBe('/salon/9');
  expect(href('Take your first booking')).toBe('/console/salons/9/diary');
  const items = within(list).getAllByRole('listitem');
  expect(items[0]!.textContent).toContain('To do. Connect a Stripe account');
  expect(items[1]!.textContent).toContain('Done. At least one service');
});

test('hidden on request: the call is made and Today, asked again, shows no list', async () => {
  answerToday(SETUP);
  const { user } = await renderConsole('/salons/9/today', OWNER);
  await screen.findByRole('region', { name: 'Get your salon ready' });
  apiStub.answer('POST /api/console/salons/9/setup-checklist/dismiss', { status: 204 });
  answerToday(null);
  await user.click(screen.getByRole('button', { name: 'Hide this list' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Get your salon ready' })).toBeNull());
  expect(apiStub.calls.some((c) => c.method === 'POST' && c.path === '/api/console/salons/9/setup-checklist/dismiss')).toBe(true);
  expect(screen.getByRole('heading', { name: 'Today', level: 1 })).toBeTruthy();
});

test('a failed hide says why and keeps the list', async () => {
  answerToday(SETUP);
  const { user } = await renderConsole('/salons/9/today', OWNER);
  await screen.findByRole('region', { name: 'Get your salon ready' });
  apiStub.answer('POST /api/console/salons/9/setup-checklist/dismiss', { status: 503, body: { detail: 'Try again in a minute.' } });
  await user.click(screen.getByRole('button', { name: 'Hide this list' }));
  expect(await screen.findByText('Try again in a minute.')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Get your salon ready' })).toBeTruthy();
});

test("a manager sees the owner's items named, not linked", async () => {
  answerToday(SETUP);
  await renderConsole('/salons/9/today', MANAGER);
  const list = await screen.findByRole('region', { name: 'Get your salon ready' });
  expect(within(list).queryByRole('link', { name: 'Get paid' })).toBeNull();
  expect(within(list).getByText('Get paid (an owner does this)')).toBeTruthy();
  expect(within(list).getByText('Choose a short name or your own domain (an owner does this)')).toBeTruthy();
  expect(within(list).getByRole('link', { name: 'Invite your team' })).toBeTruthy();
});

test('no list when the answer has none', async () => {
  answerToday(null);
  await renderConsole('/salons/9/today', OWNER);
  await screen.findByText('No appointments today.');
  expect(screen.queryByRole('region', { name: 'Get your salon ready' })).toBeNull();
});

function answerAddresses() {
  apiStub.answer('GET /api/console/salons/9/short-name', { json: { short_name: null, previous: [] } });
  apiStub.answer('GET /api/console/salons/9/domain', { json: { domain: null } });
}

test("an owner of several salons makes a group: the call's rules on the screen, then the group's locations", async () => {
  answerAddresses();
  const { user } = await renderConsole('/salons/9/addresses', OWNER);
  const section = await screen.findByRole('region', { name: 'Make a group of your salons' });
  await user.click(within(section).getByRole('button', { name: 'Make the group' }));
  expect(await within(section).findByText("Enter the group's name")).toBeTruthy();
  expect(within(section).getByText('Choose at least two salons for a group')).toBeTruthy();
  expect(apiStub.calls.some((c) => c.path === '/api/console/salons/9/group')).toBe(false);

  await user.type(within(section).getByLabelText('Group name'), 'Brooklyn Nails');
  await user.click(within(section).getByRole('checkbox', { name: 'Brooklyn Nails Dumbo' }));
  apiStub.answer('POST /api/console/salons/9/group', {
    status: 201,
    body: { id: 4, name: 'Brooklyn Nails', salon_ids: [9, 10], picker: 'https://book.example.test/group/4/' },
  });
  const grouped: StaffMe = { ...OWNER, salons: OWNER.salons.map((s) => ({ ...s, group_id: 4 })) };
  apiStub.answer('GET /api/console/me', { json: grouped });
  apiStub.answer('GET /api/console/salons/9/group-picker', {
    json: { group_id: 4, version: 1, heading: '', text: '', locations: [] },
  });
  await user.click(within(section).getByRole('button', { name: 'Make the group' }));
  expect(await screen.findByRole('heading', { name: 'Your group’s locations' })).toBeTruthy();
  expect(apiStub.calls.find((c) => c.path === '/api/console/salons/9/group')?.body).toEqual({ name: 'Brooklyn Nails', salon_ids: [9, 10] });
});

test("a salon already in another's group: the call's refusal shows on the list", async () => {
  answerAddresses();
  const { user } = await renderConsole('/salons/9/addresses', OWNER);
  const section = await screen.findByRole('region', { name: 'Make a group of your salons' });
  await user.type(within(section).getByLabelText('Group name'), 'Brooklyn Nails');
  await user.click(within(section).getByRole('checkbox', { name: 'Brooklyn Nails Dumbo' }));
  const words = 'One of the salons is in a group already: a salon belongs to one group at most.';
  apiStub.answer('POST /api/console/salons/9/group', { status: 409, body: { detail: words, field: 'salon_ids' } });
  await user.click(within(section).getByRole('button', { name: 'Make the group' }));
  expect(await within(section).findByText(words)).toBeTruthy();
});

test('an owner of one salon is not offered a group', async () => {
  answerAddresses();
  await renderConsole('/salons/9/addresses', { ...OWNER, salons: [OWNER.salons[0]!] });
  await screen.findByRole('heading', { name: 'Addresses' });
  expect(screen.queryByRole('region', { name: 'Make a group of your salons' })).toBeNull();
});
