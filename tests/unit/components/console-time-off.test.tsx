import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMe } from '../../../shared/console/roles';
import type { TimeOff } from '../../../shared/console/time-off';
import type { Today } from '../../../shared/console/today';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

// Time off in the console (issue 48, docs/console/time-off.md): owners and managers see and add
// every stylist's, approve or decline what is asked for (also on Today); a stylist sees their own
// and asks for it. Whole days are the salon's midnights; over appointments the console shows them
// and saves only when told to.

const OWNER: StaffMe = {
  email: 'owner@willow-demo.test',
  name: 'Morgan Willow',
  salons: [{ id: 1, name: 'Willow & Co Islington', role: 'owner', group_id: null }],
};
const STYLIST: StaffMe = {
  email: 'stylist@willow-demo.test',
  name: 'Chloe Price',
  salons: [{ id: 1, name: 'Willow & Co Islington', role: 'stylist', group_id: null }],
};
const COLUMNS = [
  { id: 1, name: 'Amelia Hart', staff_id: null },
  { id: 3, name: 'Chloe Price', staff_id: 3 },
];

const asked: TimeOff = {
  id: 41,
  stylist_id: 3,
  // Mon 21 – Wed 23 Dec 2026, whole days in London (UTC in winter)
  start: '2026-12-21T00:00:00.000Z',
  end: '2026-12-24T00:00:00.000Z',
  reason: 'holiday',
  note: 'Family wedding',
  status: 'requested',
  requested_by: 'stylist@willow-demo.test',
  decided_by: null,
  version: 1,
};
const approved: TimeOff = {
  ...asked,
  id: 42,
  stylist_id: 1,
  start: '2027-01-05T13:00:00.000Z',
  end: '2027-01-05T17:00:00.000Z',
  reason: 'training',
  note: '',
  status: 'approved',
  requested_by: 'owner@willow-demo.test',
};

function salon() {
  apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });
  apiStub.answer('GET /api/console/salons/1/realtime', { status: 503, body: {} });
}

async function openAsOwner(list: TimeOff[] = [asked, approved]) {
  salon();
  apiStub.answer('GET /api/console/salons/1/stylist-columns', { json: COLUMNS });
  apiStub.answer('GET /api/console/salons/1/time-off', { json: { time_off: list } });
  const view = await renderConsole('/salons/1/time-off', OWNER);
  await screen.findByRole('heading', { level: 1, name: 'Time off' });
  await screen.findByRole('combobox', { name: 'Stylist' });
  return view;
}

const posts = () => apiStub.calls.filter((c) => c.method === 'POST' && c.path === '/api/console/salons/1/time-off');

describe('Time off for owners and managers', () => {
  it('lists every stylist’s time off in words, what is asked for first, with Approve and Decline', async () => {
    const { user } = await openAsOwner();
    const list = await screen.findByRole('region', { name: 'Booked and asked for' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows[0]).toContain('Chloe Price · Mon 21 Dec – Wed 23 Dec (3 days) · Holiday · “Family wedding”Asked for, waiting');
    expect(rows[1]).toContain('Amelia Hart · Tue 5 Jan, 13:00–17:00 · TrainingApproved');
    expect(within(list).queryByRole('button', { name: /^Approve Amelia/ })).toBeNull();

    apiStub.answer('POST /api/console/salons/1/time-off/41/approve', { json: { time_off: { ...asked, status: 'approved', version: 2 } } });
    await user.click(within(list).getByRole('button', { name: 'Approve Chloe Price: Mon 21 Dec – Wed 23 Dec (3 days)' }));
    await screen.findByText('Time off approved: Chloe Price: Mon 21 Dec – Wed 23 Dec (3 days).');
  });

  it('adds whole days as the salon’s midnights, for the stylist chosen', async () => {
    const { user } = await openAsOwner([]);
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/time-off', ({ body }) => {
      sent = body;
      return { json: { time_off: { ...asked, status: 'approved' } } };
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stylist' }), 'Chloe Price');
    // 29 March 2027: the clocks go forward in London, so the last midnight is at +01:00
    const first = screen.getByLabelText('First day');
    await user.clear(first);
    await user.type(first, '2027-03-27');
    const last = screen.getByLabelText('Last day');
    await user.clear(last);
    await user.type(last, '2027-03-28');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Spring break');
    await user.click(screen.getByRole('button', { name: 'Add the time off' }));
    await screen.findByText('Time off added: Chloe Price, Sat 27 Mar – Sun 28 Mar (2 days).');
    expect(sent).toEqual({
      stylist_id: 3,
      start: '2027-03-27T00:00:00.000Z',
      end: '2027-03-28T23:00:00.000Z',
      reason: 'holiday',
      note: 'Spring break',
    });
  });

  it('says what is wrong on each field, and sends nothing', async () => {
    const { user } = await openAsOwner([]);
    await user.click(screen.getByRole('radio', { name: 'Part of a day' }));
    const until = screen.getByLabelText('Until');
    await user.type(screen.getByLabelText('From'), '15:00');
    await user.type(until, '11:00');
    await user.click(screen.getByRole('button', { name: 'Add the time off' }));
    expect(await screen.findByText('Choose a stylist', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('The end must be after the start')).toBeTruthy();
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
  });

  it('over appointments: shows them and adds it only when told to', async () => {
    const { user } = await openAsOwner([]);
    apiStub.answer('POST /api/console/salons/1/time-off', ({ body }) =>
      (body as { confirm?: boolean }).confirm
        ? { json: { time_off: { ...approved, stylist_id: 1 } } }
        : {
            status: 409,
            body: {
              error: 'STRANDS_APPOINTMENTS',
              message: 'That time has appointments',
              appointments: [
                {
                  id: 9,
                  start: '2027-01-05T14:00:00.000Z',
                  end: '2027-01-05T15:30:00.000Z',
                  client_name: 'Jamie Rivers',
                  services: ['Balayage', 'Blow Dry'],
                },
              ],
            },
          },
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stylist' }), 'Amelia Hart');
    await user.click(screen.getByRole('radio', { name: 'Part of a day' }));
    const dayField = screen.getByLabelText('Day');
    await user.clear(dayField);
    await user.type(dayField, '2027-01-05');
    await user.type(screen.getByLabelText('From'), '13:00');
    await user.type(screen.getByLabelText('Until'), '17:00');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'Training');
    await user.click(screen.getByRole('button', { name: 'Add the time off' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 appointment is booked in that time. Nothing is saved yet.');
    expect(alert.textContent).toContain('Tue 5 Jan, 14:00–15:30: Jamie Rivers, Balayage, Blow Dry');
    await user.click(screen.getByRole('button', { name: 'Add it anyway' }));
    await screen.findByText('Time off added: Amelia Hart, Tue 5 Jan, 13:00–17:00.');
    expect(posts().map((c) => c.body)).toEqual([
      { stylist_id: 1, start: '2027-01-05T13:00:00.000Z', end: '2027-01-05T17:00:00.000Z', reason: 'training' },
      { stylist_id: 1, start: '2027-01-05T13:00:00.000Z', end: '2027-01-05T17:00:00.000Z', reason: 'training', confirm: true },
    ]);
  });
});

describe('My time off, for a stylist', () => {
  it('lists their own with its state, and asks for a day off for their own column', async () => {
    salon();
    apiStub.answer('GET /api/console/salons/1/time-off', {
      json: { time_off: [asked, { ...approved, id: 43, stylist_id: 3, status: 'declined' }] },
    });
    const date = new Date();
    const today = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    apiStub.answer(`GET /api/console/salons/1/diary/${today}`, {
      json: { date: today, timezone: 'Europe/London', stylists: [{ id: 3, name: 'Chloe Price', role: '', hours: [] }], appointments: [] },
    });
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/time-off', ({ body }) => {
      sent = body;
      return { json: { time_off: { ...asked, id: 44 } } };
    });
    const { user } = await renderConsole('/salons/1/time-off', STYLIST);
    await screen.findByRole('heading', { level: 1, name: 'My time off' });
    const form = await screen.findByRole('region', { name: 'Ask for time off' });
    expect(within(form).queryByRole('combobox', { name: 'Stylist' })).toBeNull();
    const yours = screen.getByRole('region', { name: 'Yours' });
    const rows = within(yours)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows[0]).toContain('Mon 21 Dec – Wed 23 Dec (3 days) · Holiday · “Family wedding”Asked for, waiting');
    expect(rows[1]).toContain('Tue 5 Jan, 13:00–17:00 · TrainingDeclined');
    // their own request may be withdrawn; what is decided is not theirs to remove, nor to approve
    expect(
      within(yours)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Withdraw']);

    const first = within(form).getByLabelText('First day');
    await user.clear(first);
    await user.type(first, '2027-02-12');
    const last = within(form).getByLabelText('Last day');
    await user.clear(last);
    await user.type(last, '2027-02-12');
    await user.click(within(form).getByRole('button', { name: 'Ask for the time off' }));
    await screen.findByText('Asked for time off: Fri 12 Feb (all day). An owner or manager will approve or decline it.');
    expect(sent).toEqual({ stylist_id: 3, start: '2027-02-12T00:00:00.000Z', end: '2027-02-13T00:00:00.000Z', reason: 'holiday' });
  });
});

describe('Today', () => {
  const today: Today = {
    date: '2026-12-02',
    timezone: 'Europe/London',
    currency: 'GBP',
    appointments: [],
    setup: null,
    arrived: 0,
    to_come: 0,
    requests_waiting: [],
    failed_messages: [],
    time_off_requests: [{ ...asked, stylist_name: 'Chloe Price' }],
  };

  it('shows time off asked for, to approve or decline there', async () => {
    salon();
    apiStub.answer('GET /api/console/salons/1/today', { json: today });
    let declined = false;
    apiStub.answer('POST /api/console/salons/1/time-off/41/decline', () => {
      declined = true;
      return { json: { time_off: { ...asked, status: 'declined', version: 2 } } };
    });
    const { user } = await renderConsole('/salons/1/today', OWNER);
    const section = await screen.findByRole('region', { name: 'Time off asked for' });
    expect(section.textContent).toContain('Chloe Price · Mon 21 Dec – Wed 23 Dec (3 days) · Holiday');
    expect(within(section).getByRole('button', { name: 'Approve Chloe Price: Mon 21 Dec – Wed 23 Dec (3 days)' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Decline Chloe Price: Mon 21 Dec – Wed 23 Dec (3 days)' }));
    await within(section).findByText('Time off declined: Chloe Price: Mon 21 Dec – Wed 23 Dec (3 days).');
    expect(declined).toBe(true);
  });

  it('a stylist’s Today has no requests to decide', async () => {
    salon();
    apiStub.answer('GET /api/console/salons/1/today', {
      json: { ...today, requests_waiting: null, failed_messages: null, time_off_requests: null },
    });
    await renderConsole('/salons/1/today', STYLIST);
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Time off asked for' })).toBeNull());
  });
});
