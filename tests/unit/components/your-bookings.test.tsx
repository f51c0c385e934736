import { waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { DayAvailability, DaySlots, ServiceStylists } from '../../../shared/availability';
import type { Booking } from '../../../shared/bookings';
import { appointment, booking, bookingsPage, daysAhead, procedure } from './answers';
import { apiStub, currentPath, DEMO_USER, renderSalon, screen } from './render-app';
import { services } from './service-screen';

// docs/booking/accounts-and-money.md §2 Bookings and Appointment details, §4 Bookings lists and
// Cancellation, §9 pager: the bookings screens given the API's answers. (Moved from
// tests/e2e/your-bookings.spec.ts; booking, cancelling, moving and refunding stay there as
// journeys, and so does the pager's frame-by-frame check.)

const USER = DEMO_USER.username;
const list = (tab: 'Upcoming' | 'Past') => within(screen.getByRole('list', { name: `${tab} bookings` })).getAllByRole('listitem');
const items = (tab: 'Upcoming' | 'Past') => list(tab).filter((li) => li.parentElement!.getAttribute('aria-label') === `${tab} bookings`);
const tab = (name: 'Upcoming' | 'Past') => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const pager = () => screen.getByRole('navigation', { name: 'Past pages' });

/** Jamie's 45 past bookings at salon 1 (page 1: 30 Blow Drys; page 2: 15 Toner Refreshes, the last not bookable online). */
const PAST: Booking[] = Array.from({ length: 45 }, (_, i) =>
  booking({
    id: 1000 + i,
    starts_at: daysAhead(-7 * (i + 1), 10),
    procedures: [
      procedure({
        id: 1000 + i,
        start_time: daysAhead(-7 * (i + 1), 10),
        ...(i >= 30 ? { service: { id: 6, name: 'Toner Refresh', category: { name: 'Colour' }, bookable_online: i !== 44 } } : {}),
      }),
    ],
    can_rebook: i !== 44,
  }),
);
const UPCOMING = [booking({ id: 900, starts_at: daysAhead(15) }), booking({ id: 901, starts_at: daysAhead(22) })];

/** The lists' answers: Upcoming (one page) and the two pages of Past. */
function answerLists() {
  apiStub.answer('GET /api/client/get/invite/1/', { json: [] });
  apiStub.answer(`GET /api/ncob/client/appointments/1/future/${USER}/?page=1`, { json: bookingsPage(UPCOMING) });
  apiStub.answer(`GET /api/ncob/client/appointments/1/past/${USER}/?page=1`, { json: bookingsPage(PAST.slice(0, 30), 1, 45) });
  apiStub.answer(`GET /api/ncob/client/appointments/1/past/${USER}/?page=2`, { json: bookingsPage(PAST.slice(30), 2, 45) });
}

test('the demo client: two locations, a past tab of pages, REBOOK and NOT BOOKABLE ONLINE', async () => {
  answerLists();
  apiStub.answer(`GET /api/ncob/client/salons/${USER}/`, {
    json: [
      { id: 1, name: 'Willow & Co Islington', profile_image_url: null },
      { id: 2, name: 'Willow & Co Shoreditch', profile_image_url: null },
    ],
  });
  // REBOOK asks who does the services, to choose the same stylist again (none here: the client chooses)
  const stylists: ServiceStylists[] = [{ service_id: 8, service_name: 'Blow Dry', stylists: [] }];
  apiStub.answer('GET /api/book-online/services/stylists/1/8/', { json: stylists });
  const { user } = await renderSalon(1, '/my-book', { as: DEMO_USER });
  await screen.findByRole('heading', { level: 1, name: 'Locations' });
  const locations = within(await screen.findByRole('list', { name: 'Locations' })).getAllByRole('link');
  expect(screen.getByText('Choose location:', { exact: true })).toBeTruthy();
  expect(locations).toHaveLength(2);
  await user.click(locations.find((l) => l.textContent!.includes('Willow & Co Islington'))!);
  await waitFor(() => expect(currentPath()).toBe('/salon/1/salon-booking/1'));

  await screen.findByRole('list', { name: 'Upcoming bookings' });
  expect(tab('Upcoming').getAttribute('aria-selected')).toBe('true');
  expect(items('Upcoming')).toHaveLength(2);
  await user.click(tab('Past'));
  await waitFor(() => expect(items('Past')).toHaveLength(30));
  expect(within(tab('Past')).getByLabelText('(45)')).toBeTruthy();
  expect(pager().textContent).toContain('Page 1 of 2');
  expect((within(pager()).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  await user.click(within(pager()).getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(pager().textContent).toContain('Page 2 of 2'));
  expect(currentPath()).toBe('/salon/1/salon-booking/1?tab=past&past=2');
  expect((within(pager()).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  await waitFor(() => expect(items('Past')).toHaveLength(15));
  expect(items('Past').at(-1)!.textContent).toContain('NOT BOOKABLE ONLINE');
  expect(within(items('Past').at(-1)!).queryByRole('button', { name: 'REBOOK' })).toBeNull();

  // REBOOK starts a booking with the same services already chosen.
  await user.click(within(pager()).getByRole('button', { name: 'Previous' }));
  await waitFor(() => expect(pager().textContent).toContain('Page 1 of 2'));
  await user.click(within(items('Past')[0]!).getByRole('button', { name: 'REBOOK' }));
  await screen.findByRole('heading', { level: 1, name: 'Select services' });
  expect(currentPath()).toBe('/salon/1');
  expect(services.selected().join('\n')).toContain('Blow Dry');
});

test('the tab and the page are kept in the address: ?tab=past&past=2 opens page 2 of Past', async () => {
  answerLists();
  await renderSalon(1, '/salon-booking/1?tab=past&past=2', { as: DEMO_USER });
  await waitFor(() => expect(pager().textContent).toContain('Page 2 of 2'));
  expect(tab('Past').getAttribute('aria-selected')).toBe('true');
  expect(items('Past')).toHaveLength(15);
  expect(items('Past')[0]!.textContent).toContain('Toner Refresh');
});

test('an empty tab says so', async () => {
  apiStub.answer('GET /api/client/get/invite/1/', { json: [] });
  apiStub.answer(`GET /api/ncob/client/appointments/1/future/${USER}/?page=1`, { json: bookingsPage(UPCOMING) });
  apiStub.answer(`GET /api/ncob/client/appointments/1/past/${USER}/?page=1`, { json: bookingsPage([]) });
  const { user } = await renderSalon(1, '/salon-booking/1', { as: DEMO_USER });
  await screen.findByRole('list', { name: 'Upcoming bookings' });
  await user.click(tab('Past'));
  await screen.findByText('You have no past bookings', { exact: true });
  expect(screen.queryByRole('navigation', { name: 'Past pages' })).toBeNull();
});

test('when the salon does not take cancellations online, the client is asked to phone', async () => {
  apiStub.answer('GET /api/client/get/invite/1/', { json: [] });
  // allow_self_cancellation off: the details answer that cancelling is not allowed (worker/domain's rules, tests/worker)
  apiStub.answer('GET /api/salon/1/appointment/900/', { json: appointment(UPCOMING[0]!, { allowed: false, reason: 'not_allowed' }) });
  const { user } = await renderSalon(1, '/1/appointment/900', { as: DEMO_USER });
  const details = await screen.findByRole('region', { name: 'Appointment details' });
  expect(details.textContent).toContain('Blow Dry');
  await user.click(screen.getByRole('button', { name: 'CANCEL/EDIT APPOINTMENT' }));
  const dialog = await screen.findByRole('dialog', { name: 'It is not possible to cancel online' });
  expect(dialog.textContent).toContain("This salon doesn't take cancellations online.");
  expect(within(dialog).getByRole('link', { name: '020 7946 0018' }).getAttribute('href')).toBe('tel:02079460018');
});

test("page 1 of a client's bookings never shows page 2's bookings, not even for one change of the page", async () => {
  answerLists();
  // Page 1 is not at hand (the page opened on page 2, as after a reload): its answer comes only when the test lets it.
  let sendPage1!: () => void;
  const page1Sent = new Promise<void>((resolve) => (sendPage1 = resolve));
  apiStub.answer(`GET /api/ncob/client/appointments/1/past/${USER}/?page=1`, async () => {
    await page1Sent;
    return { json: bookingsPage(PAST.slice(0, 30), 1, 45) };
  });
  const { user } = await renderSalon(1, '/salon-booking/1?tab=past&past=2', { as: DEMO_USER });
  await waitFor(() => expect(items('Past')).toHaveLength(15));
  expect(pager().textContent).toContain('Page 2 of 2');
  const page2 = items('Past').map((li) => li.textContent);

  // At every change of the page: is "Page 1 of" on screen beside a booking of page 2?
  const mixed: string[] = [];
  const check = () => {
    if (!document.querySelector('nav[aria-label="Past pages"]')?.textContent?.includes('Page 1 of')) return;
    for (const li of document.querySelectorAll('ul[aria-label="Past bookings"] > li'))
      if (page2.includes(li.textContent) && !mixed.includes(li.textContent!)) mixed.push(li.textContent!);
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  try {
    await user.click(within(pager()).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(currentPath()).toBe('/salon/1/salon-booking/1?tab=past&past=1'));
    // While page 1 loads, the screen says so rather than showing page 2's list.
    await screen.findByText(/Loading your bookings/);
    check();
    sendPage1();
    await waitFor(() => expect(items('Past')).toHaveLength(30));
    expect(pager().textContent).toContain('Page 1 of 2');
    expect(items('Past').filter((li) => page2.includes(li.textContent))).toEqual([]);
    expect(items('Past').every((li) => li.textContent!.includes('Blow Dry'))).toBe(true);
  } finally {
    observer.disconnect();
  }
  expect(mixed).toEqual([]);
});

test("Change time opens on the first day with a time the salon's cancellation window allows, not on a day whose times are all inside it", async () => {
  // issue 56: at 20:00 with a 24-hour window, tomorrow's times (10:00, 14:00) are all too soon
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(new Date('2026-12-01T20:00:00Z'));
    const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
    const week: DayAvailability = {
      availability: { [days[0]!]: false, [days[1]!]: true, [days[2]!]: true, [days[3]!]: true },
      first_available_date: days[1]!,
      message: null,
      slot_message: null,
      max_days: 180,
      last_bookable_date: '2027-05-30',
      earliest_date: days[0]!,
    };
    const slots = (date: string, hours: number[]): DaySlots => ({
      data: Object.fromEntries(hours.map((h) => [`${date}T${String(h).padStart(2, '0')}:00:00+00:00`, { count: 1, has_more: false }])),
      message: null,
    });
    apiStub.answer('GET /api/client/get/invite/1/', { json: [] });
    apiStub.answer('GET /api/salon/1/appointment/900/', { json: appointment(UPCOMING[0]!) });
    apiStub.answer(`GET /api/book-online/availability/weekly/1/8/3/${days[0]}/null/`, { json: week });
    apiStub.answer(`GET /api/book-online/new/availability/appointment/1/${days[1]}/8/3/null/?isWaitList=false`, {
      json: slots(days[1]!, [10, 14]),
    });
    apiStub.answer(`GET /api/book-online/new/availability/appointment/1/${days[2]}/8/3/null/?isWaitList=false`, {
      json: slots(days[2]!, [11]),
    });
    await renderSalon(1, '/1/appointment/900/time', { as: DEMO_USER });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new time' });
    expect(await screen.findByRole('button', { name: /11:00/ })).toBeTruthy();
    expect(screen.queryByText(/Online changes stop 24 hours before a start/)).toBeNull();
  } finally {
    vi.useRealTimers();
  }
});
