import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { addDays } from '../../../shared/dates';
import {
  REBOOKING_TEXTS,
  type RebookingAppointment,
  type RebookBody,
  type RebookingAvailability,
  type RebookingClient,
  type RebookingToken,
} from '../../../shared/rebooking';
import { dateIn, longDate } from '../../../client/lib/salon-time';
import { rebooking, tokenRefused } from '../../../client/features/rebooking/store';
import { apiStub, currentPath, renderLanding, screen } from './render-app';

// docs/booking/accounts-and-money.md §2 Older rebooking flow, §8: what the texted link's pages show given
// the token call's answers. (Moved from tests/e2e/rebooking.spec.ts; the flow itself, its window
// of days, a time taken meanwhile and a refused token stay there.)

const OLD_LINK = 'This link is out of date';
const HASH = 'Qm9va0FnYWluV2l0aEphbWllUml2ZXJzMDE';
const TOKEN: RebookingToken = { token: 'r'.repeat(43), expires_at: new Date(Date.now() + 3_600_000).toISOString(), first_name: 'Jamie' };
/** Jamie's records at salons 1 and 2 (GET rebooking/salons/; tests/worker/rebooking.test.ts › lists the salons …). */
const CLIENTS: RebookingClient[] = [
  {
    id: 11,
    salon: {
      id: 1,
      name: 'Willow & Co Islington',
      phone: '020 7946 0018',
      timezone: 'Europe/London',
      currency: 'GBP',
      theme_mode: 'slick',
    },
    title: '',
    first_name: 'Jamie',
  },
  {
    id: 12,
    salon: {
      id: 2,
      name: 'Willow & Co Shoreditch',
      phone: '020 7946 0342',
      timezone: 'Europe/London',
      currency: 'GBP',
      theme_mode: 'dark',
    },
    title: '',
    first_name: 'Jamie',
  },
];

// The flow's state lives in sessionStorage and in the store read from it once: each test starts with none.
beforeEach(() => {
  tokenRefused();
  rebooking.client = null;
  rebooking.appointment = null;
});

test('a replaced link says when the newer one was sent and from whom; a malformed one shows the notice without a call', async () => {
  // the token call's answer to a replaced link (tests/worker/rebooking.test.ts › a replaced link answers 410 …)
  const replaced =
    'A newer link was sent to you on Tuesday 29 December at 9:41 am. Please open the link in the latest text from Willow & Co Islington.';
  apiStub.answer(`POST /api/rebooking/token/${HASH}/`, { status: 410, body: { detail: replaced, code: 'LINK_REPLACED', request_id: 'r' } });
  const first = renderLanding(`/auth/${HASH}`);
  await screen.findByRole('heading', { level: 1, name: OLD_LINK });
  expect(currentPath()).toBe('/auth/expired');
  expect(screen.getByText(replaced, { exact: true })).toBeTruthy();
  first.unmount();

  apiStub.calls.length = 0;
  renderLanding('/auth/not-a-link');
  await screen.findByRole('heading', { level: 1, name: OLD_LINK });
  expect(screen.getByText(REBOOKING_TEXTS.linkExpired, { exact: true })).toBeTruthy();
  expect(apiStub.calls.filter((c) => c.path.startsWith('/api/rebooking/'))).toEqual([]);
});

test('without a token: /salon shows the old-link notice and the other screens go there', async () => {
  for (const path of ['/salon', '/history/1', '/time/1', '/confirm/1', '/end']) {
    const view = renderLanding(path);
    await screen.findByRole('heading', { level: 1, name: OLD_LINK });
    expect(currentPath(), path).toBe('/salon');
    expect(screen.getByText(REBOOKING_TEXTS.linkExpired, { exact: true })).toBeTruthy();
    view.unmount();
  }
  expect(apiStub.calls.filter((c) => c.path.startsWith('/api/rebooking/'))).toEqual([]);
});

test('a token call that gets no answer: the failure message and Restart, which then goes on', async () => {
  // The calls are cut off on the way (fetch rejects, as for a dropped connection) until Restart calls again.
  let connected = false;
  apiStub.answer(`POST /api/rebooking/token/${HASH}/`, () => {
    if (connected) return { json: TOKEN };
    throw new TypeError('Failed to fetch');
  });
  apiStub.answer('GET /api/rebooking/salons/', { json: CLIENTS });
  const { user } = renderLanding(`/auth/${HASH}`);
  const failed = await screen.findByRole('alert');
  expect(within(failed).getByRole('heading', { level: 1 }).textContent).toBe(REBOOKING_TEXTS.tokenFailed);
  connected = true;
  await user.click(within(failed).getByRole('button', { name: 'Restart' }));
  await screen.findByRole('heading', { level: 1, name: 'Your salons' });
  expect(currentPath()).toBe('/salon');
  expect(within(await screen.findByRole('list', { name: 'Salons' })).getAllByRole('link')).toHaveLength(2);
  expect(screen.queryByRole('heading', { level: 1, name: OLD_LINK })).toBeNull();
  // the token the link gave is the flow's: the salons were asked for with it
  await waitFor(() =>
    expect(apiStub.calls.find((c) => c.path === '/api/rebooking/salons/')?.authorization).toBe(`Rebooking ${TOKEN.token}`),
  );
});

test('/confirm and /end without a chosen time go back; a token the API then refuses (401) is dropped and the old-link notice shows with the salon phone', async () => {
  apiStub.answer(`POST /api/rebooking/token/${HASH}/`, { json: TOKEN });
  apiStub.answer('GET /api/rebooking/salons/', { json: CLIENTS });
  // a token the Worker no longer knows: 401 with the expired-link text (tests/worker/rebooking.security.test.ts)
  apiStub.answer('GET /api/rebooking/history/11/appointments/?salon_id=1', () =>
    rebooking.token === TOKEN.token
      ? { json: [] }
      : { status: 401, body: { detail: REBOOKING_TEXTS.linkExpired, code: 'UNAUTHORIZED', request_id: 'r' } },
  );
  const first = renderLanding(`/auth/${HASH}`);
  await first.user.click(await screen.findByRole('link', { name: /Willow & Co Islington/ }));
  await screen.findByRole('heading', { level: 1, name: 'Hi Jamie' });
  expect(currentPath()).toBe('/history/11');
  first.unmount();

  // Each address opened anew (the flow's state kept in the tab, as after a reload).
  for (const path of ['/confirm/1', '/end']) {
    const view = renderLanding(path);
    await waitFor(() => expect(currentPath(), path).toMatch(/^\/(salon|history\/\d+)$/));
    await screen.findByRole('heading', { level: 1, name: /^(Your salons|Hi Jamie)$/ });
    view.unmount();
  }

  rebooking.token = 'x'.repeat(43);
  renderLanding('/history/11');
  await screen.findByText(REBOOKING_TEXTS.linkExpired, { exact: true });
  expect(currentPath()).toBe('/salon');
  expect(screen.getByRole('heading', { level: 1, name: OLD_LINK })).toBeTruthy();
  expect(screen.getByRole('link', { name: '020 7946 0018' }).getAttribute('href')).toBe('tel:02079460018');
  expect(rebooking.token).toBeNull();
});

// The 3-day picker (§4 Older rebooking, §9): its window's rules are tests/unit/rebooking-window.test.ts's;
// here, what the screen shows of them given the availability answers.
describe('the time picker', () => {
  const timeZone = 'Europe/London';
  const today = dateIn(timeZone, new Date());
  /** Jamie's past Blow Dry with Amelia Hart at salon 1 (GET rebooking/history/11/appointments/). */
  const past: RebookingAppointment = {
    id: 501,
    salon_id: 1,
    starts_at: '2026-10-06T10:00:00Z',
    ends_at: '2026-10-06T10:35:00Z',
    price: 35,
    deposit: 0,
    title: 'Blow Dry',
    procedures: [
      {
        id: 601,
        service: { id: 8, name: 'Blow Dry', category: { name: 'Finishing' } },
        stylist: { id: 2, user_name: 'Amelia Hart' },
        price: 35,
        duration: 35,
        start_time: '2026-10-06T10:00:00Z',
      },
    ],
    can_rebook: true,
  };
  /** `n` times from 09:00 UTC, 15 minutes apart, as the availability answers them. */
  const times = (date: string, n: number) =>
    Array.from({ length: n }, (_, i) => new Date(Date.parse(`${date}T09:00:00Z`) + i * 15 * 60_000).toISOString());
  /** Times no longer offered (taken meanwhile). */
  const taken = new Set<string>();
  /** Answers every 3-day window from `first` to `last` (its first day), each day's times from `perDay`. */
  function answerWindows(first: string, last: string, perDay: (date: string) => number) {
    for (let from = first; from <= last; from = addDays(from, 1)) {
      const to = addDays(from, 2);
      apiStub.answer(`GET /api/rebooking/availability/appointment/501/?from=${from}&to=${to}&salon_id=1`, () => {
        const answer: RebookingAvailability = Object.fromEntries(
          [from, addDays(from, 1), to].map((d) => [d.replaceAll('-', ''), times(d, perDay(d)).filter((t) => !taken.has(t))]),
        );
        return { json: answer };
      });
    }
  }
  const day = (date: string) => screen.queryByRole('region', { name: longDate(date) });
  const button = (name: 'EARLIER' | 'LATER') => screen.getByRole('button', { name }) as HTMLButtonElement;

  beforeEach(() => {
    taken.clear();
    // The flow's state as a link, the salon and the past appointment leave it (in the tab's storage).
    rebooking.token = TOKEN.token;
    rebooking.expiresAt = TOKEN.expires_at;
    rebooking.firstName = 'Jamie';
    rebooking.client = CLIENTS[0]!;
    rebooking.appointment = past;
  });

  test('the window starts tomorrow; EARLIER goes back to today and is then disabled; LATER moves on a day', async () => {
    answerWindows(today, addDays(today, 3), () => 12);
    const { user } = renderLanding('/time/501');
    await screen.findByRole('heading', { level: 1, name: 'Choose a time' });
    const tomorrow = addDays(today, 1);
    await waitFor(() => expect(day(tomorrow)).not.toBeNull());
    expect(day(addDays(tomorrow, 2))).not.toBeNull();
    expect(day(today)).toBeNull();
    expect(button('EARLIER').disabled).toBe(false);
    await user.click(button('EARLIER'));
    await waitFor(() => expect(day(today)).not.toBeNull());
    expect(day(addDays(today, 3))).toBeNull();
    expect(button('EARLIER').disabled).toBe(true);
    await user.click(button('LATER'));
    await user.click(button('LATER'));
    await waitFor(() => expect(day(addDays(today, 4))).not.toBeNull());
    expect(day(addDays(today, 2))).not.toBeNull();
    expect(day(tomorrow)).toBeNull();
    expect(button('EARLIER').disabled).toBe(false);
  });

  test('a window with a day the stylist does not work: No available times and the limited-availability toast', async () => {
    // Amelia works the first day of the window only; the three days after it are full.
    const first = addDays(today, 7);
    answerWindows(first, addDays(first, 3), (d) => (d === first ? 8 : d <= addDays(first, 2) ? 0 : 16));
    const { user } = renderLanding(`/time/501?from=${first}`);
    await waitFor(() => expect(within(day(first)!).getAllByRole('button')).toHaveLength(8));
    for (const off of [addDays(first, 1), addDays(first, 2)]) expect(day(off)!.textContent).toContain('No available times');
    expect(screen.getByRole('status').textContent).toBe(REBOOKING_TEXTS.limited);
    // A window of three working days with many times each has no toast.
    for (let i = 0; i < 3; i++) await user.click(button('LATER'));
    const later = addDays(first, 3);
    await waitFor(() => expect(within(day(later)!).getAllByRole('button').length).toBeGreaterThanOrEqual(12));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('a time taken between choosing and confirming: the 409 message, and back to the picker without it', async () => {
    const first = addDays(today, 7);
    answerWindows(first, first, () => 12);
    // Someone else takes the time first: the rebook call answers 409 (tests/worker/rebooking.test.ts › … booking it again is 409 …)
    apiStub.answer('POST /api/rebooking/rebook/', ({ body }) => {
      taken.add((body as RebookBody).start_time);
      return { status: 409, body: { detail: 'That time has just been taken.', code: 'SLOT_TAKEN', request_id: 'r' } };
    });
    const { user } = renderLanding(`/time/501?from=${first}`);
    const time = (await waitFor(() => within(day(first)!).getAllByRole('button')))[0]!;
    const name = time.getAttribute('aria-label')!;
    await user.click(time);
    await screen.findByRole('heading', { level: 1, name: 'Confirm your appointment' });
    expect(currentPath()).toBe('/confirm/501');
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, that time has just been taken. Please choose another time.');
    expect(apiStub.calls.find((c) => c.path === '/api/rebooking/rebook/')?.body).toMatchObject({
      appointment_id: 501,
      client_id: 11,
      salon_id: 1,
    });
    expect(currentPath()).toBe('/confirm/501');
    await user.click(within(alert).getByRole('button', { name: 'CHOOSE ANOTHER TIME' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose a time' });
    expect(currentPath()).toBe(`/time/501?from=${first}`);
    await waitFor(() => expect(within(day(first)!).getAllByRole('button')).toHaveLength(11));
    expect(within(day(first)!).queryByRole('button', { name })).toBeNull();
  });
});
