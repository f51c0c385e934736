import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { ConsoleApp } from '../../../client/console/app/ConsoleApp';
import { consoleQueries } from '../../../client/console/lib/query-client';
import { restoreSession } from '../../../client/console/session/store';
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
 * Renders the real console (client/console) at `path` under /console, signed in as `me` (the
 * refresh cookie's session answers, as `POST /console/session/refresh` does), with an empty cache.
 * The calls its screens make are answered by `apiStub.answer`, as for the booking pages.
 */
export async function renderConsole(path: string, me: StaffMe = GROUP_OWNER) {
  apiStub.answer('POST /console/session/refresh', { json: { access_token: 'staff-token', id_token: 'id', expires_in: 3600, me } });
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
