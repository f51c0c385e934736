import { waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { REBOOKING_TEXTS, type RebookingClient, type RebookingToken } from '../../../shared/rebooking';
import { rebooking, tokenRefused } from '../../../client/features/rebooking/store';
import { apiStub, currentPath, renderLanding, screen } from './render-app';

// docs/accounts-and-money.md §2 Older rebooking flow, §8: what the texted link's pages show given
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
  apiStub.answer('GET /api/rebooking/history/11/appointments/', () =>
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
