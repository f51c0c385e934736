import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ServiceStylists } from '../../../shared/availability';
import type { DeskAppointment, DeskBookingPreview, DeskSeriesBooked, DiaryDay, DiaryStylist } from '../../../shared/console/diary';
import type { Category } from '../../../shared/types';
import { AppointmentDialog } from '../../../client/console/diary/AppointmentDialog';
import { DeskBooking } from '../../../client/console/diary/DeskBooking';
import { apiStub, BOOTSTRAPS } from './render-app';
import { describedBy, renderConsole } from './render-console';

/**
 * The desk's new booking (docs/console/desk.md "Several services, repeats and walk-ins"): two
 * services each with its stylist in one booking, a slot chosen in the diary filling the first
 * stylist and the time, a walk-in with a name only, and a repeat series whose clashes are listed
 * before anything is saved, booked only when the desk skips them.
 */
const DATE = '2026-12-02';
const at = (hhmm: string) => `${DATE}T${hhmm}:00.000Z`; // London is on UTC in December
const CATALOGUE: Category[] = BOOTSTRAPS[1].services;
const STYLISTS: DiaryStylist[] = [
  { id: 1, name: 'Amelia Hart', role: '', hours: [{ start: at('09:00'), end: at('17:30') }] },
  { id: 2, name: 'Ben Okafor', role: '', hours: [{ start: at('10:00'), end: at('19:00') }] },
  { id: 3, name: 'Chloe Price', role: '', hours: [{ start: at('08:30'), end: at('16:00') }] },
];

/** Who does a service (worker/db/seed/demo.sql), as the public call answers. */
const doers = (serviceId: number, name: string, ids: number[]): ServiceStylists[] => [
  {
    service_id: serviceId,
    service_name: name,
    stylists: ids.map((id) => ({
      stylist_id: id,
      stylist_name: STYLISTS.find((s) => s.id === id)!.name,
      stylist_role: '',
      stylist_photo: null,
      service_id: serviceId,
      price: 35,
      duration: 30,
      processing: 0,
    })),
  },
];

function salonCalls() {
  apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });
  apiStub.answer('GET /api/book-online/services/1/', { json: CATALOGUE });
  apiStub.answer('GET /api/book-online/services/stylists/1/6/', { json: doers(6, 'Toner Refresh', [2, 3]) });
  apiStub.answer('GET /api/book-online/services/stylists/1/1/', { json: doers(1, 'Ladies Cut & Blow Dry', [1, 3]) });
  apiStub.answer('GET /api/book-online/services/stylists/1/4/', { json: doers(4, 'Full Head Tint', [1, 2]) });
}

function booked(o: Partial<DeskAppointment> = {}): DeskAppointment {
  return {
    id: 7,
    number: 12,
    outside_opening_hours: false,
    start: at('10:00'),
    end: at('11:45'),
    status: 'confirmed',
    origin: 'salon',
    client: { name: 'Robin Typed', phone: '+447700900456' },
    services: [],
    price: 8700,
    deposit: 0,
    arrived: false,
    no_show: false,
    no_show_fee: null,
    notes: '',
    created_at: at('09:00'),
    cancelled_at: null,
    history: [],
    no_shows: 0,
    payments: [],
    messages: [],
    no_show_protection: null,
    ...o,
  };
}

/** The form on its own (as the diary opens it), with the calls it makes answered. */
function renderForm(initial?: { stylistId?: number; time?: string }) {
  salonCalls();
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const closed: unknown[] = [];
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <DeskBooking
          salonId={1}
          date={DATE}
          timezone="Europe/London"
          stylists={STYLISTS}
          initial={initial}
          onClose={(b) => closed.push(b ?? null)}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, closed };
}

/** Chooses an option by its words (user-event's own match reads an option's HTML, where & is &amp;). */
const choose = (user: ReturnType<typeof userEvent.setup>, select: HTMLElement, name: string) =>
  user.selectOptions(select, within(select).getByRole('option', { name }));

const posts = () => apiStub.calls.filter((c) => c.method === 'POST');

describe('a desk booking of several services', () => {
  it('books two services with their own stylists in one booking from the diary, in 10 actions', async () => {
    salonCalls();
    const day: DiaryDay = {
      date: DATE,
      timezone: 'Europe/London',
      currency: 'GBP',
      opens: at('08:30'),
      closes: at('19:00'),
      stylists: STYLISTS,
      appointments: [],
      blocks: [],
      time_off: [],
    };
    apiStub.answer(`GET /api/console/salons/1/diary/${DATE}`, { json: day });
    apiStub.answer('GET /api/console/salons/1/realtime', { status: 503, body: {} });
    // the times of the first service alone are asked while it is the only one
    apiStub.answer('GET /api/book-online/new/availability/appointment/1/2026-12-02/6/2/null/', { json: { data: {}, message: null } });
    apiStub.answer('GET /api/book-online/new/availability/appointment/1/2026-12-02/6,1/2,3/null/', {
      json: { data: { '2026-12-02T10:00:00+00:00': { count: 1, has_more: false } }, message: null },
    });
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/appointments', ({ body }) => {
      sent = body;
      return { status: 201, body: booked() };
    });
    const { user } = await renderConsole(`/salons/1/diary?date=${DATE}`);
    await screen.findByRole('region', { name: /Appointments by stylist/ });
    // each click, choice and field typed into is an action
    let actions = 0;
    const act = async (done: Promise<void>) => {
      actions++;
      await done;
    };
    await act(user.click(await screen.findByRole('button', { name: 'New booking' })));
    const dialog = await screen.findByRole('dialog', { name: 'New booking' });
    const field = (name: string | RegExp) =>
      within(dialog).getByRole(/Stylist|Service|Time/.test(String(name)) ? 'combobox' : 'textbox', { name });
    await act(user.type(field('New client’s name'), 'Robin Typed'));
    await act(user.type(field(/New client’s mobile/), '07700 900456'));
    await within(dialog).findByRole('option', { name: 'Toner Refresh' });
    await act(choose(user, field('Service'), 'Toner Refresh'));
    await act(user.selectOptions(field('Stylist'), await within(field('Stylist')).findByRole('option', { name: 'Ben Okafor' })));
    await act(user.click(within(dialog).getByRole('button', { name: 'Add another service' })));
    await act(choose(user, field('Service 2'), 'Ladies Cut & Blow Dry'));
    // only those who do it: Amelia and Chloe, not Ben
    await within(field('Stylist 2')).findByRole('option', { name: 'Chloe Price' });
    expect(
      within(field('Stylist 2'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose who does it', 'Amelia Hart', 'Chloe Price']);
    await act(choose(user, field('Stylist 2'), 'Chloe Price'));
    await act(user.selectOptions(field('Time'), await within(dialog).findByRole('option', { name: '10:00' })));
    await act(user.click(within(dialog).getByRole('button', { name: 'Book' })));
    await waitFor(() =>
      expect(sent).toEqual({
        client: { name: 'Robin Typed', phone: '+447700900456' },
        start_time: '2026-12-02T10:00:00+00:00',
        procedures: [
          { service_id: 6, stylist_id: 2 },
          { service_id: 1, stylist_id: 3 },
        ],
      }),
    );
    await screen.findByText(/Booked Robin Typed at 10:00/);
    expect(actions).toBe(10);
  });

  it('says under the second service what is missing, and sends nothing', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'New client’s name' }), 'Robin Typed');
    await user.type(screen.getByRole('textbox', { name: /New client’s mobile/ }), '07700 900456');
    await screen.findByRole('option', { name: 'Toner Refresh' });
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Toner Refresh');
    await user.click(screen.getByRole('button', { name: 'Add another service' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(describedBy(screen.getByRole('combobox', { name: 'Service 2' }))).toContain('Choose a service'));
    expect(describedBy(screen.getByRole('combobox', { name: 'Stylist' }))).toContain('Choose who does it');
    // a second service can go again
    await user.click(screen.getByRole('button', { name: 'Remove service 2' }));
    expect(screen.queryByRole('combobox', { name: 'Service 2' })).toBeNull();
    expect(posts()).toEqual([]);
  });
});

describe('a slot chosen in the diary', () => {
  it('fills the first stylist and the time, and drops the stylist for a service they do not do', async () => {
    const { user } = renderForm({ stylistId: 3, time: at('14:30') });
    const stylist = screen.getByRole('combobox', { name: 'Stylist' }) as HTMLSelectElement;
    expect(stylist.selectedOptions[0]?.textContent).toBe('Chloe Price');
    expect((screen.getByRole('checkbox', { name: /Any time the stylists are free/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('14:30');
    await screen.findByRole('option', { name: 'Ladies Cut & Blow Dry' });
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Ladies Cut & Blow Dry');
    await waitFor(() => expect(stylist.disabled).toBe(false));
    expect(stylist.selectedOptions[0]?.textContent).toBe('Chloe Price');
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Full Head Tint');
    await waitFor(() => expect(stylist.selectedOptions[0]?.textContent).toBe('Choose who does it'));
  });
});

describe('a refused booking', () => {
  it('shows a 400’s message at the field it names (the free time, for start_time), not as a notice', async () => {
    const { user, closed } = renderForm({ stylistId: 3, time: at('14:30') });
    await user.type(screen.getByRole('textbox', { name: 'New client’s name' }), 'Robin Typed');
    await user.type(screen.getByRole('textbox', { name: /New client’s mobile/ }), '07700 900456');
    await screen.findByRole('option', { name: 'Ladies Cut & Blow Dry' });
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Ladies Cut & Blow Dry');
    const stylist = screen.getByRole('combobox', { name: 'Stylist' }) as HTMLSelectElement;
    await waitFor(() => expect(stylist.selectedOptions[0]?.textContent).toBe('Chloe Price'));
    const refusal = 'Chloe Price is not working at 14:30: choose another time';
    apiStub.answer('POST /api/console/salons/1/appointments', {
      status: 400,
      body: { detail: refusal, code: 'BAD_REQUEST', field: 'start_time' },
    });
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const time = screen.getByLabelText('Time');
    await waitFor(() => expect(describedBy(time)).toContain(refusal));
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(closed).toEqual([]);
  });
});

describe('a walk-in', () => {
  it('books now with a name and a stylist only: no mobile, time or repeat asked', async () => {
    const { user, closed } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Walk-in now' }));
    expect(screen.getByRole('heading', { name: 'Walk-in' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Time' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Repeat' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'New client’s name' }), 'Sam Walker');
    await screen.findByRole('option', { name: 'Ladies Cut & Blow Dry' });
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Ladies Cut & Blow Dry');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stylist' }), await screen.findByRole('option', { name: 'Amelia Hart' }));
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/appointments', ({ body }) => {
      sent = body;
      return { status: 201, body: booked({ client: { name: 'Sam Walker', phone: null } }) };
    });
    await user.click(screen.getByRole('button', { name: 'Book the walk-in' }));
    await waitFor(() =>
      expect(sent).toEqual({ client: { name: 'Sam Walker' }, start_time: 'now', procedures: [{ service_id: 1, stylist_id: 1 }] }),
    );
    await waitFor(() => expect(closed).toHaveLength(1));
  });
});

describe('a repeat booking', () => {
  it('lists the dates that clash before saving, and books the others only when the desk skips them', async () => {
    const { user, closed } = renderForm({ stylistId: 3, time: '10:00' });
    await user.type(screen.getByRole('textbox', { name: 'New client’s name' }), 'Robin Typed');
    await user.type(screen.getByRole('textbox', { name: /New client’s mobile/ }), '07700 900456');
    await screen.findByRole('option', { name: 'Ladies Cut & Blow Dry' });
    await choose(user, screen.getByRole('combobox', { name: 'Service' }), 'Ladies Cut & Blow Dry');
    await user.click(screen.getByRole('checkbox', { name: 'Repeat' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Every (weeks)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Every (weeks)' }), '2');
    await user.clear(screen.getByRole('spinbutton', { name: 'Appointments' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Appointments' }), '3');
    const preview: DeskBookingPreview = {
      occurrences: [
        { start: at('10:00'), clash: null },
        { start: '2026-12-16T10:00:00.000Z', clash: 'Not free: the stylist is busy, away or not working then' },
        { start: '2026-12-30T10:00:00.000Z', clash: null },
      ],
    };
    const sent: unknown[] = [];
    apiStub.answer('POST /api/console/salons/1/appointments?dry_run=1', ({ body }) => {
      sent.push(body);
      return { json: preview };
    });
    apiStub.answer('POST /api/console/salons/1/appointments', ({ body }) => {
      sent.push(body);
      const answer: DeskSeriesBooked = {
        series_id: 4,
        appointments: [booked({ start: at('10:00') }), booked({ id: 8, start: '2026-12-30T10:00:00.000Z' })],
        skipped: [preview.occurrences[1]!],
      };
      return { status: 201, body: answer };
    });
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText('1 of the 3 dates is not free.');
    screen.getByText('Wed 16 Dec 10:00: Not free: the stylist is busy, away or not working then');
    expect(sent).toHaveLength(1); // only the dry run: nothing booked yet
    expect(sent[0]).toMatchObject({ repeat: { every_weeks: 2, count: 3 }, any_time: true, start_time: '2026-12-02T10:00:00.000Z' });
    await user.click(screen.getByRole('button', { name: 'Skip it and book 2' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ repeat: { every_weeks: 2, count: 3, skip_clashes: true } });
    await waitFor(() => expect(closed).toEqual([expect.objectContaining({ start: at('10:00') })]));
  });
});

describe('an appointment of a repeat series', () => {
  it('cancels it and the following ones of its series when asked, after the question', async () => {
    const a = booked({ id: 9, series_id: 4, client: { name: 'Robin Typed', phone: '+447700900456' } });
    apiStub.answer('GET /api/console/salons/1/appointments/9', { json: a });
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={queries}>
        <MemoryRouter>
          <AppointmentDialog salonId={1} id={9} timezone="Europe/London" currency="GBP" canRunDesk onClose={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByText('Move or cancel'));
    await user.click(screen.getByRole('checkbox', { name: /This and the following appointments of its repeat series/ }));
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/series/4/cancel', ({ body }) => {
      sent = body;
      apiStub.answer('GET /api/console/salons/1/appointments/9', { json: { ...a, status: 'cancelled' } });
      return { json: { series_id: 4, cancelled: [9, 10] } };
    });
    await user.click(screen.getByRole('button', { name: 'Cancel: the client asked' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel this and the following appointments of the series?' });
    expect(sent).toBeNull();
    await user.click(within(ask).getByRole('button', { name: 'Cancel them' }));
    await waitFor(() => expect(sent).toEqual({ by: 'client', from: 9 }));
    await screen.findByText(/^Cancelled\./);
    expect(posts().map((c) => c.path)).toEqual(['/api/console/salons/1/series/4/cancel']);
  });
});
