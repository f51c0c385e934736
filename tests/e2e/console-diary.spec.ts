import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, DEMO_CLIENT, e164Of, expect, createAccountThroughApi, SALONS, test, todayIn } from './fixtures';
import { goToPlace, openConsoleAs, STAFF } from './console';
import { STANDINS_URL } from './env';

// Issue 29: the diary, bookings taken at the desk and no-shows. State is made through the API
// (bookings, a client with a saved card); the screens are loaded once each.

const staffToken = async (request: APIRequestContext, who: { email: string; password: string }) => {
  const res = await request.post('/console/session/login', { data: { email: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};
const clientLogin = async (request: APIRequestContext, phone: string, password: string) => {
  const res = await request.post('/session/login', { data: { phone, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { access_token: string; user: { username: string } };
};
/** The next `weekday` (0 = Sunday) at least two days after the tests' day. */
function next(weekday: number): string {
  let d = addDays(todayIn(), 2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}
const openDiary = async (page: Page, salon: number, date: string) => {
  await page.goto(`/console/salons/${salon}/diary?date=${date}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Diary' })).toBeVisible();
};

test('at 1280 px a client’s booking shows in the diary within a second, and a desk booking reaches the client’s bookings', async ({
  page,
  request,
  expectAccessible,
}) => {
  const date = next(3); // a Wednesday: Sam works at salon 2
  await openConsoleAs(page, STAFF.groupOwner, 1280);
  await openDiary(page, 2, date);
  const column = page.getByRole('region', { name: /Appointments by stylist/ }).getByRole('region', { name: 'Sam Taylor' });
  await expect(column).toBeVisible();
  // the live channel is up once the subscription was signed
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/realtime/auth'))))
    .toBe(true);

  // the demo client books a Restyle with Sam through the booking API (another device)
  const jamie = await clientLogin(request, e164Of(DEMO_CLIENT.mobile), DEMO_CLIENT.password);
  const slots = (await (await request.get(`/api/book-online/new/availability/appointment/2/${date}/10/5/null/`)).json()) as {
    data: Record<string, unknown>;
  };
  const [first] = Object.keys(slots.data);
  const booked = await request.post('/api/book-online/appointment/create/2/', {
    headers: { Authorization: `Bearer ${jamie.access_token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      start_time: first,
      procedures: [{ service_id: 10, stylist_id: 5, role: 'Senior Stylist', start_time: first, duration: 75, price: 55, processing: 0 }],
      total_price: 55,
      cognito_username: jamie.user.username,
      notes: '',
      deposit: 0,
      user: { name: 'Jamie Rivers', phone_number: e164Of(DEMO_CLIENT.mobile), salon_id: 2 },
      payment_needed: false,
    },
  });
  expect(booked.status()).toBe(201);
  const answered = Date.now();
  await expect(column.getByRole('button', { name: /^Jamie Rivers, [\d:–]+, Restyle, Confirmed$/ })).toBeVisible({ timeout: 1000 });
  console.log(`client's booking answered → shown in the diary: ${Date.now() - answered} ms`);

  // a desk booking for the same client, found by name
  await page.getByRole('button', { name: 'New booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New booking' });
  await dialog.getByLabel('Find a client by name or phone').fill('Jamie');
  await dialog.getByRole('option', { name: /Jamie Rivers/ }).click();
  await dialog.getByLabel('Service').selectOption({ label: 'Restyle' });
  await dialog.getByLabel('Time', { exact: true }).selectOption({ index: 2 });
  const time = await dialog.getByLabel('Time', { exact: true }).inputValue();
  expect(time).not.toBe(first);
  await expectAccessible('the diary with the desk booking form');
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText(/^Booked Jamie Rivers at \d\d:\d\d\. They have been texted\.$/)).toBeVisible();
  await expect(column.getByRole('button', { name: /Jamie Rivers/ })).toHaveCount(2);

  // the client's bookings list it, made by the salon
  const mine = (await (
    await request.get(`/api/ncob/client/appointments/2/future/${jamie.user.username}/`, {
      headers: { Authorization: `Bearer ${jamie.access_token}` },
    })
  ).json()) as { results: { starts_at: string }[] };
  expect(mine.results.map((b) => Date.parse(b.starts_at))).toContain(Date.parse(time));
});

/** `hh:mm` on a salon-1 (Europe/London) day, as an instant. */
function londonTime(date: string, hhmm: string): string {
  const guess = Date.parse(`${date}T${hhmm}:00Z`);
  const wall = new Date(guess).toLocaleString('sv-SE', { timeZone: 'Europe/London' }).replace(' ', 'T');
  return new Date(guess - (Date.parse(`${wall}Z`) - guess)).toISOString();
}

test('at 1280 px an appointment dragged to another stylist moves, and dragged onto a taken time snaps back saying why', async ({
  page,
  request,
  expectAccessible,
}) => {
  // a Friday some weeks ahead (Amelia and Chloe both work Fridays), clear of the days other tests book
  const date = addDays(next(5), 7 * (3 + (Date.now() % 5)));
  const token = await staffToken(request, STAFF.groupOwner);
  const book = async (name: string, time: string) => {
    const res = await request.post('/api/console/salons/1/appointments', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        client: { name, phone: '+447700900654' },
        start_time: londonTime(date, time),
        procedures: [{ service_id: 1, stylist_id: 1 }],
        any_time: true,
      },
    });
    expect(res.status()).toBe(201);
  };
  const stamp = String(Date.now() % 100000);
  await book(`Dana Drag ${stamp}`, '10:00');
  await book(`Toby Taken ${stamp}`, '14:00');

  await openConsoleAs(page, STAFF.groupOwner, 1280);
  await openDiary(page, 1, date);
  const columns = page.getByRole('region', { name: /Appointments by stylist/ });
  const amelia = columns.getByRole('region', { name: 'Amelia Hart' });
  const chloe = columns.getByRole('region', { name: 'Chloe Price' });
  /** Drags the appointment by its top edge with the mouse and drops its top on a column's time. */
  const drag = async (block: ReturnType<Page['getByRole']>, to: ReturnType<Page['getByRole']>) => {
    const from = (await block.boundingBox())!;
    const target = (await to.boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + 4);
    await page.mouse.down();
    await page.mouse.move(target.x + 20, target.y + 4, { steps: 12 });
    await expect(page.getByTestId('move-ghost')).toBeVisible();
    await page.mouse.up();
  };

  const dana = (column: typeof amelia) => column.getByRole('button', { name: new RegExp(`^Dana Drag ${stamp}, `) });
  await drag(dana(amelia), chloe.getByRole('option', { name: '11:00' }));
  await expect(dana(chloe)).toHaveAccessibleName(new RegExp(`^Dana Drag ${stamp}, 11:00–12:00, `));
  await expect(dana(amelia)).toHaveCount(0);

  // onto Toby's time in Amelia's column: the server refuses it, and it is back at 11:00 with Chloe
  await drag(dana(chloe), amelia.getByRole('option', { name: '14:00' }));
  await expect(page.getByRole('alert')).toHaveText(/Not moved: That time is no longer available\. Please choose another time\./);
  await expect(page.getByTestId('move-ghost')).toHaveCount(0);
  await expect(dana(chloe)).toHaveAccessibleName(new RegExp(`^Dana Drag ${stamp}, 11:00–12:00, `));
  await expect(dana(amelia)).toHaveCount(0);

  // an empty time offers a booking there or a block
  await chloe.getByRole('option', { name: '14:00' }).click();
  await expect(page.getByRole('dialog', { name: /^At \d\d:\d\d with Chloe Price$/ })).toBeVisible();
  await expectAccessible('the diary with a time’s offer open');
});

test('at 390 px a no-show on the demo card charges the salon’s fee once', async ({ page, request }) => {
  // a client with the demo card (4242) saved, and an appointment at salon 1 that started a minute ago
  const account = {
    firstName: 'Nia',
    lastName: 'Noshow',
    email: `nia${Date.now() % 100000}@example.test`,
    mobile: `07700 9${String(Date.now() % 100000).padStart(5, '0')}`,
    password: 'Noshow-pass1',
  };
  await createAccountThroughApi(request, account as never);
  const client = await clientLogin(request, e164Of(account.mobile), account.password);
  const auth = { Authorization: `Bearer ${client.access_token}` };
  const setup = (await (
    await request.post(`/api/ncob/checkout/salon/setupintent/1/${client.user.username}/`, { headers: auth, data: {} })
  ).json()) as {
    client_secret: string;
    setup_intent_id: string;
    publishable_key: string;
  };
  const key = { Authorization: `Bearer ${setup.publishable_key}` };
  const pm = (await (
    await request.post(`${STANDINS_URL}/v1/payment_methods`, {
      headers: key,
      form: { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123' },
    })
  ).json()) as { id: string };
  await request.post(`${STANDINS_URL}/v1/setup_intents/${setup.setup_intent_id}/confirm`, {
    headers: key,
    form: { client_secret: setup.client_secret, payment_method: pm.id },
  });
  expect(
    (
      await request.post('/api/ncob/checkout/salon/savecard/1/', { headers: auth, data: { setup_intent_id: setup.setup_intent_id } })
    ).status(),
  ).toBe(200);
  expect((await request.get('/api/client/get/invite/1/', { headers: auth })).status()).toBe(200); // the app does this after login

  const token = await staffToken(request, STAFF.groupOwner);
  const now = Date.now();
  const start = new Date(now - (now % 300_000)).toISOString(); // this 5-minute mark: started
  const desk = await request.post('/api/console/salons/1/appointments', {
    headers: { Authorization: `Bearer ${token}` },
    // Dan is off on Tuesdays, so his time is free whatever else runs
    data: {
      client: { name: 'Nia Noshow', phone: e164Of(account.mobile) },
      start_time: start,
      procedures: [{ service_id: 8, stylist_id: 4 }],
      any_time: true,
    },
  });
  expect(desk.status(), await desk.text()).toBe(201);
  const { id } = (await desk.json()) as { id: number };

  await openConsoleAs(page, STAFF.groupOwner, 390);
  await openDiary(page, 1, todayIn());
  // a phone shows a stylist at a time: along to Dan's column
  const columns = page.getByRole('group', { name: 'Columns' });
  for (const next of ['Ben Okafor', 'Chloe Price', 'Dan Reeves']) {
    await columns.getByRole('button', { name: `${next} ›` }).click();
    await expect(page.getByRole('region', { name: next })).toBeVisible();
  }
  await page.getByRole('button', { name: /Nia Noshow/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('£20.00');
  await dialog.getByRole('button', { name: 'No-show' }).click();
  // it asks first, saying what will be charged, and after says what was
  const ask = page.getByRole('dialog', { name: 'Mark as a no-show?' });
  await expect(ask).toContainText('The £20.00 no-show fee will be charged to their');
  await ask.getByRole('button', { name: 'Mark as a no-show' }).click();
  await expect(dialog).toContainText(/Marked as a no-show\. £20\.00 charged to their .+ 4242\./);
  await expect(dialog.getByRole('button', { name: /No-show|Charge the no-show fee/ })).toHaveCount(0);
  // a second press from another till (or a retry) charges nothing more
  const again = await request.post(`/api/console/salons/1/appointments/${id}/no-show`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await again.json()) as { no_show_fee: unknown }).no_show_fee).toEqual({
    amount: 2000,
    status: 'paid',
    failure: null,
    attempts: 1,
    can_retry: false,
  });
  const si = (await (
    await request.get(`${STANDINS_URL}/v1/setup_intents/${setup.setup_intent_id}`, {
      headers: { Authorization: 'Bearer sk_test_local_standin' },
    })
  ).json()) as {
    customer: string;
  };
  const intents = (await (
    await request.get(`${STANDINS_URL}/v1/payment_intents?customer=${si.customer}`, {
      headers: { Authorization: 'Bearer sk_test_local_standin' },
    })
  ).json()) as { data: { status: string; amount_received: number }[] };
  expect(intents.data).toEqual([expect.objectContaining({ status: 'succeeded', amount_received: 2000 })]);
  // the client's bookings show the fee
  const past = (await (await request.get(`/api/salon/1/appointment/${id}/`, { headers: auth })).json()) as { no_show_fee: unknown };
  expect(past.no_show_fee).toEqual({ amount: 20, status: 'paid' });
});

// Issue 56: every place of the console with appointments in it, walked once at a phone's width with
// one sign-in, axe on each (status words at 4.5:1, each appointment's name holding what it shows,
// History's sideways-scrolling table reachable by keyboard), and the desk's client chosen with the
// keyboard (a combobox: Down, then Enter).
test('at 390 px the console’s places with appointments pass axe, and the desk chooses a client with Down and Enter', async ({
  page,
  setSalon,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  // a change for History to list (put back after the test), with a long word that makes the table scroll at 390 px
  await setSalon(1, { ncob_welcome_message: `${SALONS[1].welcome} https://willow-and-co-islington.example/aftercare-and-colour-guide` });
  // Jamie's paid deposit booking (worker/db/seed/demo.sql): the first Wednesday 15 days ahead or later
  let paidDay = addDays(todayIn(), 15);
  while (new Date(`${paidDay}T00:00:00Z`).getUTCDay() !== 3) paidDay = addDays(paidDay, 1);

  await openConsoleAs(page, STAFF.groupOwner, 390);
  const place = async (name: string) => {
    await goToPlace(page, name);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  };
  await place('Today');
  await expectAccessible('Today');

  await openDiary(page, 1, paidDay);
  const paid = page.getByRole('button', { name: /^Jamie Rivers, [\d:–]+, [^,]+, Paid$/ });
  await expect(paid).toBeVisible();
  await expectAccessible('the diary’s day');
  await paid.click();
  const appointment = page.getByRole('dialog');
  await expect(appointment).toContainText('Paid');
  await expectAccessible('an appointment');
  await page.keyboard.press('Escape');
  await expect(appointment).toHaveCount(0);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('button', { name: /Jamie Rivers/ }).first()).toBeVisible();
  await expectAccessible('the diary’s week');

  // New booking: the client found by typing, chosen with Down and Enter (Enter does not send the form)
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await page.getByRole('button', { name: 'New booking' }).click();
  const desk = page.getByRole('dialog', { name: 'New booking' });
  const find = desk.getByRole('combobox', { name: 'Find a client by name or phone' });
  await find.fill('Jamie');
  const jamie = desk.getByRole('listbox', { name: 'Clients found' }).getByRole('option', { name: /Jamie Rivers/ });
  await expect(jamie).toHaveAttribute('aria-selected', 'false');
  await find.press('ArrowDown');
  await expect(find).toHaveAttribute('aria-activedescendant', (await jamie.getAttribute('id'))!);
  await find.press('Enter');
  await expect(jamie).toHaveAttribute('aria-selected', 'true');
  await expect(find).toBeFocused();
  await expect(desk.getByRole('button', { name: 'A new client instead' })).toBeVisible();
  await expect(desk.getByText('Choose the services and who does them to see the times offered')).toBeVisible(); // not sent
  // the dialog fits the phone, its main action in view without scrolling (client/components/Modal.tsx)
  await expect(desk.getByRole('button', { name: 'Book', exact: true })).toBeInViewport();
  await expectAccessible('the desk booking form with a client chosen');
  await desk.getByRole('button', { name: 'Cancel' }).click();

  await place('Clients');
  await page.getByRole('searchbox').fill('Jamie');
  await page.getByRole('link', { name: 'Jamie Rivers' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Coming up' })).toBeVisible();
  await expectAccessible('a client’s card');

  await place('Requests');
  await expect(page.getByText(/Jamie Rivers/).first()).toBeVisible();
  await expectAccessible('Requests');

  await place('History');
  const changes = page.getByRole('region', { name: /^Changes to Willow & Co Islington’s settings/ });
  await changes.focus();
  await expect(changes, 'the keyboard reaches the table that scrolls sideways').toBeFocused();
  await expectAccessible('History');
});
