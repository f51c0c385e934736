import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { MenuCategory, MenuService } from '../../../shared/console/menu';
import { ConsoleApp } from '../../../client/console/app/ConsoleApp';
import { restoreSession } from '../../../client/console/lib/session';
import { consoleQueries } from '../../../client/console/lib/query-client';
import { ServiceEditor } from '../../../client/console/services/ServiceEditor';
import { apiStub } from './render-app';

// The Services place's form (issue 48): the shared schema's words on each field before a call,
// money typed in major units sent as minor units, and the server's per-field refusals on the row
// of the stylist they name.

const categories: MenuCategory[] = [
  { id: 1, name: 'Cut & Style', position: 1, version: 1, services: 1 },
  { id: 2, name: 'Colour', position: 2, version: 1, services: 0 },
];
const blowDry: MenuService = {
  id: 8,
  category_id: 1,
  name: 'Blow Dry',
  description: '',
  online: true,
  patch_test: false,
  variable_price: false,
  position: 1,
  recommended: [],
  stylists: [{ stylist_id: 1, price: 3500, duration: 45, processing: 0 }],
  version: 3,
  archived_at: null,
};
const stylists = [
  { id: 1, name: 'Amelia Hart' },
  { id: 2, name: 'Ben Okafor' },
];

function renderEditor(service: MenuService | null = null) {
  const done: string[] = [];
  const user = userEvent.setup();
  // the editor's save is a mutation of the console's query client, as in the console itself
  render(
    <QueryClientProvider client={consoleQueries}>
      <ServiceEditor
        salonId={1}
        service={service}
        categoryId={2}
        categories={categories}
        services={[blowDry]}
        stylists={stylists}
        onDone={(m) => done.push(m)}
        onCancel={() => undefined}
      />
    </QueryClientProvider>,
  );
  return { user, done };
}

test('a new service: the shared schema’s words on each field, and no call until they are right', async () => {
  const { user } = renderEditor();
  await user.click(screen.getByRole('checkbox', { name: 'Ben Okafor' }));
  await user.type(screen.getByRole('textbox', { name: 'Price for Ben Okafor' }), '45.505');
  await user.type(screen.getByRole('textbox', { name: 'Minutes for Ben Okafor' }), '2');
  await user.click(screen.getByRole('button', { name: 'Add the service' }));
  await screen.findByText('Name the service');
  expect(screen.getByText('Enter a price such as 45 or 45.50')).toBeTruthy();
  expect(screen.getByText('It takes at least 5 minutes')).toBeTruthy();
  expect(apiStub.calls.filter((c) => c.path.startsWith('/api/console'))).toEqual([]);
});

test('sends minor units and minutes; a refusal of a stylist’s price shows on that stylist’s row', async () => {
  apiStub.answer('POST /api/console/salons/1/services', () => ({
    status: 400,
    body: { detail: 'That price is too high', errors: { 'stylists.0.price': 'That price is too high' } },
  }));
  const { user, done } = renderEditor();
  const sent = {
    name: 'Root Touch-up',
    category_id: 2,
    description: '',
    online: true,
    patch_test: true,
    variable_price: false,
    recommended: [8],
    stylists: [{ stylist_id: 2, price: 4550, duration: 60, processing: 30 }],
  };
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Root Touch-up');
  await user.click(screen.getByRole('checkbox', { name: 'Needs a patch test' }));
  await user.click(screen.getByRole('checkbox', { name: 'Blow Dry' }));
  await user.click(screen.getByRole('checkbox', { name: 'Ben Okafor' }));
  await user.type(screen.getByRole('textbox', { name: 'Price for Ben Okafor' }), '45.50');
  await user.type(screen.getByRole('textbox', { name: 'Minutes for Ben Okafor' }), '60');
  const processing = screen.getByRole('textbox', { name: 'Processing minutes for Ben Okafor' });
  await user.clear(processing);
  await user.type(processing, '30');
  await user.click(screen.getByRole('button', { name: 'Add the service' }));
  const price = screen.getByRole('textbox', { name: 'Price for Ben Okafor' });
  await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
  expect(within(price.closest('div')!.parentElement!).getByText('That price is too high')).toBeTruthy();
  expect(done).toEqual([]);
  expect(apiStub.calls.find((c) => c.method === 'POST')?.body).toEqual(sent);
});

test('changing a service sends the version it started from, and says so when saved', async () => {
  apiStub.answer('PATCH /api/console/salons/1/services/8', () => ({ json: { ...blowDry, name: 'Blow Dry & Curls', version: 4 } }));
  const { user, done } = renderEditor(blowDry);
  expect((screen.getByRole('textbox', { name: 'Price for Amelia Hart' }) as HTMLInputElement).value).toBe('35.00');
  const name = screen.getByRole('textbox', { name: 'Name' });
  await user.clear(name);
  await user.type(name, 'Blow Dry & Curls');
  await user.click(screen.getByRole('button', { name: 'Save the service' }));
  await waitFor(() => expect(done).toEqual(['Blow Dry & Curls is saved.']));
  const call = apiStub.calls.find((c) => c.method === 'PATCH')!;
  expect(call.body).toMatchObject({
    name: 'Blow Dry & Curls',
    category_id: 1,
    stylists: [{ stylist_id: 1, price: 3500, duration: 45, processing: 0 }],
  });
});

// The place itself, in the real console app at /console/salons/1/services, signed in as an owner.
const menuServices: MenuService[] = [
  {
    ...blowDry,
    id: 2,
    name: 'Gents Cut',
    stylists: [
      { stylist_id: 1, price: 3500, duration: 30, processing: 0 },
      { stylist_id: 2, price: 2200, duration: 45, processing: 0 },
    ],
  },
  {
    ...blowDry,
    id: 5,
    category_id: 2,
    name: 'Balayage',
    variable_price: true,
    patch_test: true,
    stylists: [{ stylist_id: 1, price: 12000, duration: 90, processing: 45 }],
  },
  { ...blowDry, id: 13, category_id: 2, name: 'Keratin Smoothing', online: false, stylists: [] },
];

async function renderPlace(o: { stylists?: Promise<unknown> } = {}) {
  apiStub.answer('POST /console/session/refresh', {
    json: {
      access_token: 'staff-token',
      id_token: 'x',
      me: { email: 'owner@example.test', name: 'Olive', salons: [{ id: 1, name: 'Willow', role: 'owner', group_id: null }] },
    },
  });
  apiStub.answer('GET /api/console/salons/1/categories', {
    json: [...categories, { id: 3, name: 'Seasonal', position: 3, version: 2, services: 0 }],
  });
  apiStub.answer('GET /api/console/salons/1/services', { json: menuServices });
  apiStub.answer('GET /api/console/salons/1/photos', async () => ({ json: { stylists: (await o.stylists) ?? stylists } }));
  apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });
  // the live channel is the browser's (no pusher here): its settings refused, the place still works
  apiStub.answer('GET /api/console/salons/1/realtime', { status: 403, body: { detail: 'not here' } });
  window.history.replaceState(null, '', '/console/salons/1/services');
  consoleQueries.clear();
  // the session the stub answers, not one an earlier file of the shared runner left signed in
  await restoreSession();
  const user = userEvent.setup();
  render(<ConsoleApp />);
  await screen.findByRole('heading', { level: 1, name: 'Services' });
  return user;
}

test('the place lists each category’s services with their price range and durations at a glance', async () => {
  const user = await renderPlace();
  const cut = await screen.findByRole('region', { name: 'Cut & Style' });
  expect(cut.textContent).toContain('Gents Cut £22.00 - £35.00 · 30 - 45 min');
  const colour = screen.getByRole('region', { name: 'Colour' });
  expect(colour.textContent).toContain('Balayage from £120.00 · 1 hr 30 min · 45 min processing · patch test');
  expect(colour.textContent).toContain('Keratin Smoothing Nobody performs it yet · not online');
  // only an empty category offers Remove
  expect(within(cut).queryByRole('button', { name: 'Remove Cut & Style' })).toBeNull();
  expect(within(screen.getByRole('region', { name: 'Seasonal' })).getByRole('button', { name: 'Remove Seasonal' })).toBeTruthy();

  apiStub.answer('PATCH /api/console/salons/1/categories/2', { json: { ...categories[1]!, position: 1, version: 2 } });
  await user.click(within(colour).getByRole('button', { name: 'Move Colour up' }));
  await screen.findByText('Colour moved.');
  expect(apiStub.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ position: 1 });
});

test('a service’s form waits for the salon’s stylists: it never opens showing nobody performing it', async () => {
  let arrive: (v: unknown) => void = () => undefined;
  const user = await renderPlace({ stylists: new Promise((r) => (arrive = r)) });
  await user.click(await screen.findByRole('button', { name: 'Change Gents Cut' }));
  expect(screen.getByText('Loading the stylists…')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Save the service' })).toBeNull();
  arrive(stylists);
  const price = await screen.findByRole('textbox', { name: 'Price for Ben Okafor' });
  expect((price as HTMLInputElement).value).toBe('22.00');
});
