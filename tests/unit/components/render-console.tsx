import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { ConsoleApp } from '../../../client/console/app/ConsoleApp';
import { consoleQueries } from '../../../client/console/lib/query-client';
import { restoreSession } from '../../../client/console/lib/session';
import type { StaffMe } from '../../../shared/console/roles';
import { apiStub } from './render-app';

/** The demo group owner (worker/db/seed/demo.sql): owner of salons 1 and 2 through the group. */
export const GROUP_OWNER: StaffMe = {
  email: 'owner@willow-demo.test',
  name: 'Morgan Willow',
  salons: [
    { id: 1, name: 'Willow & Co Islington', role: 'owner', group_id: 1 },
    { id: 2, name: 'Willow & Co Shoreditch', role: 'owner', group_id: 1 },
  ],
};

/**
 * The demo staff as `GET /console/session/refresh` answers `me` (worker/db/seed/demo.sql, the
 * stand-ins' staff pool; the browser tests' STAFF of tests/e2e/console.ts): an owner and a
 * manager of salon 3, a stylist of salon 1, and the group owner of salons 1 and 2.
 */
export const DEMO_STAFF = {
  'group owner': GROUP_OWNER,
  owner: {
    email: 'owner@brooklyn-barber.test',
    name: 'Jordan Bedford',
    salons: [{ id: 3, name: 'Brooklyn Barber Co.', role: 'owner', group_id: null }],
  },
  manager: {
    email: 'manager@brooklyn-barber.test',
    name: 'Riley Brooks',
    salons: [{ id: 3, name: 'Brooklyn Barber Co.', role: 'manager', group_id: null }],
  },
  stylist: {
    email: 'stylist@willow-demo.test',
    name: 'Chloe Price',
    salons: [{ id: 1, name: 'Willow & Co Islington', role: 'stylist', group_id: null }],
  },
} satisfies Record<string, StaffMe>;

export interface ConsoleOptions {
  /** who is signed in: one of the demo staff (DEMO_STAFF), or anyone; null: nobody (the sign-in screen) */
  role?: keyof typeof DEMO_STAFF;
  me?: StaffMe | null;
  /** the calls the screens make, answered as `apiStub.answer` does (`'GET /api/console/salons/3/settings': {json: …}`) */
  answers?: Record<string, Parameters<typeof apiStub.answer>[1]>;
}

/**
 * Renders the real console (client/console) at `path` under /console, signed in as `role` (the
 * group owner unless told; the refresh cookie's session answers, as `POST /console/session/refresh`
 * does), with an empty cache. The calls its screens make are answered by `answers` and
 * `apiStub.answer`, as for the booking pages. Component tests have no live channel: its call
 * (`GET …/realtime`) answers 503 for each of the person's salons unless a test answers it, and
 * the screens load and refresh without it (lib/live.ts). `renderConsole(path, me)` is the older
 * form of `{ me }`.
 */
export async function renderConsole(path: string, options: ConsoleOptions | StaffMe = {}) {
  const o: ConsoleOptions = 'salons' in options ? { me: options } : options;
  const me = o.me !== undefined ? o.me : DEMO_STAFF[o.role ?? 'group owner'];
  apiStub.answer(
    'POST /console/session/refresh',
    me ? { json: { access_token: 'staff-token', id_token: 'id', expires_in: 3600, me } } : { status: 204 },
  );
  for (const s of me?.salons ?? []) {
    const channel = `GET /api/console/salons/${s.id}/realtime`;
    if (!apiStub.handlers[channel]) apiStub.answer(channel, { status: 503, body: { detail: 'No live channel in component tests' } });
  }
  for (const [key, answer] of Object.entries(o.answers ?? {})) apiStub.answer(key, answer);
  window.history.replaceState(null, '', `/console${path}`);
  consoleQueries.clear();
  await restoreSession();
  const user = userEvent.setup({ delay: null });
  const view = render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
  return { user, ...view };
}

/** What a field's description says (its messages and hints, by aria-describedby): a message shown at that field. */
export const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
