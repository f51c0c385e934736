import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import type { MenuService } from '../../../shared/console/menu';
import type { ConsoleStylist } from '../../../shared/console/stylists';
import { ConsoleApp } from '../../../client/console/app/ConsoleApp';
import { consoleQueries } from '../../../client/console/lib/query-client';
import { restoreSession } from '../../../client/console/lib/session';
import { StylistEditor } from '../../../client/console/stylists/StylistEditor';
import { apiStub } from './render-app';

// The Stylists place (issue 48): the form's words from the shared schema, several breaks and
// extra days sent as the call's shape, the server's refusals on the fields they name, the 409's
// appointments shown before a confirmation, and a stylist's own hours read-only.

const menu: MenuService[] = [
  {
    id: 2,
    category_id: 1,
    name: 'Gents Cut',
    description: '',
    online: true,
    patch_test: false,
    variable_price: false,
    position: 1,
    recommended: [],
    stylists: [
      { stylist_id: 1, price: 3500, duration: 30, processing: 0 },
      { stylist_id: 2, price: 2200, duration: 45, processing: 0 },
    ],
    version: 1,
    archived_at: null,
  },
  {
    id: 4,
    category_id: 2,
    name: 'Full Head Tint',
    description: '',
    online: true,
    patch_test: true,
    variable_price: false,
    position: 1,
    recommended: [],
    stylists: [{ stylist_id: 1, price: 8500, duration: 45, processing: 30 }],
    version: 1,
    archived_at: null,
  },
];

const amelia: ConsoleStylist = {
  id: 1,
  name: 'Amelia Hart',
  title: 'Creative Director',
  active: true,
  staff_id: null,
  photo: null,
  position: 1,
  services: [{ service_id: 2, price: 3500, duration: 30, processing: 0 }],
  hours: [{ weekday: 2, start: '09:00', end: '17:30', breaks: [{ start: '13:00', end: '13:30' }] }],
  extra_days: [],
  version: 4,
};

function renderEditor(stylist: ConsoleStylist | null = null) {
  const done: string[] = [];
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <StylistEditor salonId={1} stylist={stylist} menu={menu} team={[]} onDone={(m) => done.push(m)} onCancel={() => undefined} />
    </MemoryRouter>,
  );
  return { user, done };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
async function retype(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  await user.clear(field(name));
  await user.type(field(name), value);
}

test('a new stylist: the shared schema’s words on each field, and no call until they are right', async () => {
  const { user } = renderEditor();
  await user.click(screen.getByRole('checkbox', { name: 'Works on Monday' }));
  await user.click(screen.getByRole('button', { name: 'Add a break on Monday' }));
  await retype(user, 'Monday break 1 from', '14:00');
  await retype(user, 'Monday break 1 until', '13:00');
  await user.click(screen.getByRole('button', { name: 'Add the stylist' }));
  await screen.findByText('Enter their name');
  expect(screen.getByText('A break ends after it starts')).toBeTruthy();
  expect(field('Monday break 1 until').getAttribute('aria-invalid')).toBe('true');
  expect(apiStub.calls.filter((c) => c.path.startsWith('/api/console'))).toEqual([]);
});

test('sends the week with two breaks, an extra day and a service with its defaults; a refusal shows on its field', async () => {
  apiStub.answer('POST /api/console/salons/1/stylists', () => ({
    status: 400,
    body: { detail: 'Breaks cannot overlap', errors: { 'hours.0.breaks.1.start': 'Breaks cannot overlap' } },
  }));
  const { user, done } = renderEditor();
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Priya Shah');
  await user.click(screen.getByRole('checkbox', { name: 'Works on Tuesday' }));
  await user.click(screen.getByRole('button', { name: 'Add a break on Tuesday' }));
  await user.click(screen.getByRole('button', { name: 'Add a break on Tuesday' }));
  await retype(user, 'Tuesday break 2 from', '15:00');
  await retype(user, 'Tuesday break 2 until', '15:15');
  await user.click(screen.getByRole('button', { name: 'Add an extra working day' }));
  await user.type(field('Extra day 1: date'), '2026-12-27');
  await user.click(screen.getByRole('checkbox', { name: 'Gents Cut' }));
  // the service's defaults: its lowest price and duration
  expect(field('Price for Gents Cut').value).toBe('22.00');
  expect(field('Minutes for Gents Cut').value).toBe('30');
  await retype(user, 'Price for Gents Cut', '20');
  await user.click(screen.getByRole('button', { name: 'Add the stylist' }));
  await waitFor(() => expect(field('Tuesday break 2 from').getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Breaks cannot overlap')).toBeTruthy();
  expect(done).toEqual([]);
  expect(apiStub.calls.find((c) => c.method === 'POST')?.body).toEqual({
    name: 'Priya Shah',
    title: '',
    staff_id: null,
    hours: [
      {
        weekday: 2,
        start: '09:00',
        end: '17:30',
        breaks: [
          { start: '13:00', end: '13:30' },
          { start: '15:00', end: '15:15' },
        ],
      },
    ],
    extra_days: [{ date: '2026-12-27', start: '09:00', end: '17:30', breaks: [] }],
    services: [{ service_id: 2, price: 2000, duration: 30, processing: 0 }],
  });
});

test('shortened hours with bookings: the appointments are listed, and saved only when confirmed', async () => {
  let calls = 0;
  apiStub.answer('PATCH /api/console/salons/1/stylists/1', () =>
    ++calls === 1
      ? {
          status: 409,
          body: {
            detail: 'x',
            error: 'STRANDS_APPOINTMENTS',
            message:
              'These appointments would be outside Amelia Hart’s new hours: move them, or confirm to keep them (they stay in the diary, flagged).',
            appointments: [
              {
                id: 77,
                start: '2026-12-29T16:00:00+00:00',
                end: '2026-12-29T16:30:00+00:00',
                client_name: 'Robin Vale',
                services: ['Gents Cut'],
              },
            ],
          },
        }
      : { json: { ...amelia, version: 5 } },
  );
  const { user, done } = renderEditor(amelia);
  await retype(user, 'Tuesday until', '15:00');
  await user.click(screen.getByRole('button', { name: 'Save the stylist' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('would be outside Amelia Hart’s new hours');
  expect(within(alert).getByRole('link').textContent).toContain('16:00 to 16:30');
  expect(alert.textContent).toContain('Robin Vale, Gents Cut');
  expect(done).toEqual([]);
  await user.click(within(alert).getByRole('button', { name: 'Keep them and save the hours' }));
  await waitFor(() => expect(done).toEqual(['Amelia Hart is saved.']));
  const patches = apiStub.calls.filter((c) => c.method === 'PATCH');
  expect(patches.map((c) => (c.body as { confirm?: boolean }).confirm)).toEqual([undefined, true]);
});

async function renderPlace(role: 'owner' | 'stylist', stylists: ConsoleStylist[]) {
  apiStub.answer('POST /console/session/refresh', {
    json: {
      access_token: 'staff-token',
      id_token: 'x',
      me: { email: 'x@example.test', name: 'X', salons: [{ id: 1, name: 'Willow', role, group_id: null }] },
    },
  });
  await restoreSession();
  apiStub.answer('GET /api/console/salons/1/stylists', { json: stylists });
  apiStub.answer('GET /api/console/salons/1/services', { json: menu });
  apiStub.answer('GET /api/console/salons/1/staff', { json: [] });
  apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });
  apiStub.answer('GET /api/console/salons/1/realtime', { status: 403, body: { detail: 'not here' } });
  window.history.replaceState(null, '', '/console/salons/1/stylists');
  consoleQueries.clear();
  const user = userEvent.setup();
  render(<ConsoleApp />);
  return user;
}

test('deactivating lists the appointments to come first, and keeps them only when confirmed', async () => {
  const ben: ConsoleStylist = { ...amelia, id: 2, name: 'Ben Okafor', position: 2 };
  const user = await renderPlace('owner', [amelia, ben]);
  await screen.findByRole('heading', { level: 1, name: 'Stylists' }, { timeout: 10_000 });
  expect(screen.getByRole('link', { name: 'Stylists' })).toBeTruthy();
  let calls = 0;
  apiStub.answer('PATCH /api/console/salons/1/stylists/2', () =>
    ++calls === 1
      ? {
          status: 409,
          body: {
            detail: 'x',
            error: 'HAS_APPOINTMENTS',
            message:
              'Ben Okafor has appointments to come: move or cancel them first, or confirm to keep them with Ben Okafor (they stay in the diary, flagged).',
            appointments: [
              {
                id: 9,
                start: '2026-12-30T10:00:00+00:00',
                end: '2026-12-30T11:00:00+00:00',
                client_name: 'Jamie Fox',
                services: ['Full Head Tint'],
              },
            ],
          },
        }
      : { json: { ...ben, active: false, version: 5 } },
  );
  await user.click(screen.getByRole('button', { name: 'Stop Ben Okafor taking bookings' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Jamie Fox, Full Head Tint');
  expect(within(alert).getByRole('link').getAttribute('href')).toBe('/console/salons/1/diary?date=2026-12-30');
  await user.click(within(alert).getByRole('button', { name: 'Keep them and stop Ben Okafor’s bookings' }));
  await screen.findByText('Ben Okafor no longer takes bookings.');
  expect(apiStub.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
    { active: false },
    { active: false, confirm: true },
  ]);
});

test('a stylist sees their own hours, read-only', async () => {
  await renderPlace('stylist', [{ ...amelia, extra_days: [{ date: '2026-12-27', start: '10:00', end: '13:00', breaks: [] }] }]);
  await screen.findByRole('heading', { level: 1, name: 'Your hours' }, { timeout: 10_000 });
  expect(screen.getByText('09:00 to 17:30, break 13:00 to 13:30')).toBeTruthy();
  expect(screen.getAllByText('Not working')).toHaveLength(6);
  expect(screen.getByText(/10:00 to 13:00/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Change|Add a stylist/ })).toBeNull();
});
