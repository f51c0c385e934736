import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ServiceStylists } from '../../../shared/availability';
import type { ClientCard } from '../../../shared/console/clients';
import type { DeskAppointment, DiaryStylist } from '../../../shared/console/diary';
import type { DeskVoucherDetail, RedeemAnswer } from '../../../shared/console/vouchers';
import type { Category } from '../../../shared/types';
import { ClientCardView } from '../../../client/console/clients/ClientCard';
import { AppointmentDialog } from '../../../client/console/diary/AppointmentDialog';
import { DeskBooking } from '../../../client/console/diary/DeskBooking';
import { VoucherDetail } from '../../../client/console/vouchers/VoucherDetail';
import { apiStub, BOOTSTRAPS } from './render-app';
import { describedBy } from './render-console';

/**
 * The desk's screens (issue 56: what a new owner met): phones taken as typed in the salon's
 * country, only the stylists who do the chosen service, errors in a person's words, a question
 * before what cannot be undone and what happened after it, and the salon's own short numbers.
 * Each screen is rendered on its own, with its calls answered as the Worker answers them.
 */
function renderConsole(ui: ReactNode) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  return {
    user,
    ...render(
      <QueryClientProvider client={queries}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** The salon's public details, as far as the console reads them (useSalonFacts). */
const salonFacts = () =>
  apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });

/** Salon 1's catalogue as the booking pages get it (the same public call the desk makes). */
const CATALOGUE: Category[] = BOOTSTRAPS[1].services;
const STYLISTS: DiaryStylist[] = [
  { id: 1, name: 'Amelia Hart', role: '', hours: [] },
  { id: 2, name: 'Ben Okafor', role: '', hours: [] },
  { id: 3, name: 'Chloe Price', role: '', hours: [] },
];
/** Gents Cut is done by Amelia and Chloe, not Ben (worker/db/seed/demo.sql). */
const GENTS_CUT: ServiceStylists[] = [
  {
    service_id: 2,
    service_name: 'Gents Cut',
    stylists: [1, 3].map((id) => ({
      stylist_id: id,
      stylist_name: STYLISTS.find((s) => s.id === id)!.name,
      stylist_role: '',
      stylist_photo: null,
      service_id: 2,
      price: 35,
      duration: 30,
      processing: 0,
    })),
  },
];

function appointment(o: Partial<DeskAppointment> = {}): DeskAppointment {
  return {
    id: 1099511627777,
    number: 12,
    outside_opening_hours: false,
    start: '2026-12-02T10:00:00Z',
    end: '2026-12-02T10:30:00Z',
    status: 'confirmed',
    origin: 'online',
    client: { name: 'Jamie Rivers', phone: '+447700900123' },
    services: [{ name: 'Gents Cut', stylist_id: 3, start: '2026-12-02T10:00:00Z', end: '2026-12-02T10:30:00Z' }],
    price: 3500,
    deposit: 1300,
    arrived: false,
    no_show: false,
    no_show_fee: null,
    notes: '',
    created_at: '2026-11-01T10:00:00Z',
    cancelled_at: null,
    history: [],
    no_shows: 0,
    payments: [{ what: 'Deposit', amount: 1300, status: 'captured' }],
    messages: [],
    no_show_protection: { fee: 2500, card: 'Visa •••• 4242' },
    ...o,
  };
}

const bookingForm = () => {
  salonFacts();
  apiStub.answer('GET /api/book-online/services/1/', { json: CATALOGUE });
  apiStub.answer('GET /api/book-online/services/stylists/1/2/', { json: GENTS_CUT });
  return renderConsole(
    <DeskBooking salonId={1} date="2026-12-02" timezone="Europe/London" stylists={STYLISTS} onClose={() => undefined} />,
  );
};

describe('the desk’s new booking', () => {
  it('finds a client by their phone as staff say it, and takes a new client’s mobile as typed', async () => {
    const { user } = bookingForm();
    // the finder reads '07700 900123' in the salon's country: the number's digits as the salon keeps them
    apiStub.answer('GET /api/console/salons/1/desk/clients?q=7700900123', {
      json: [{ id: '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123', name: 'Jamie Rivers', phone: '+447700900123' }],
    });
    // typed at once (each keystroke from the second asks the server: only the whole number is answered here)
    await user.click(screen.getByRole('combobox', { name: 'Find a client by name or phone' }));
    await user.paste('07700 900123');
    await screen.findByRole('option', { name: /Jamie Rivers/ });

    await user.type(screen.getByRole('textbox', { name: 'New client’s name' }), 'Robin Typed');
    await user.type(screen.getByRole('textbox', { name: /New client’s mobile/ }), '07700 900456');
    await screen.findByRole('option', { name: 'Gents Cut' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'Gents Cut');
    apiStub.answer('GET /api/book-online/new/availability/appointment/1/2026-12-02/2/1/null/', {
      json: { data: { '2026-12-02T10:00:00+00:00': { count: 1, has_more: false } }, message: null },
    });
    const stylist = screen.getByRole('combobox', { name: 'Stylist' });
    await within(stylist).findByRole('option', { name: 'Amelia Hart' });
    await user.selectOptions(stylist, 'Amelia Hart');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), await screen.findByRole('option', { name: '10:00' }));
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/appointments', ({ body }) => {
      sent = body;
      return { status: 201, body: appointment() };
    });
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(sent).toMatchObject({ client: { name: 'Robin Typed', phone: '+447700900456' } }));
    expect(screen.queryByText(/international form/)).toBeNull();
  });

  it('offers only the stylists who do the chosen service, and says what is missing in a person’s words', async () => {
    const { user } = bookingForm();
    const stylist = screen.getByRole('combobox', { name: 'Stylist' });
    // nobody before a service is chosen
    expect((stylist as HTMLSelectElement).disabled).toBe(true);
    screen.getByText('Choose a service to see who does it');
    await screen.findByRole('option', { name: 'Gents Cut' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'Gents Cut');
    await waitFor(() => expect((stylist as HTMLSelectElement).disabled).toBe(false));
    expect(
      within(stylist)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose who does it', 'Amelia Hart', 'Chloe Price']);

    await user.type(screen.getByRole('textbox', { name: 'New client’s name' }), 'Robin Typed');
    await user.type(screen.getByRole('textbox', { name: /New client’s mobile/ }), '07700 900456');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    // each message under its field, as its description
    await waitFor(() => expect(describedBy(stylist)).toContain('Choose who does it'));
    expect(describedBy(screen.getByRole('combobox', { name: 'Time' }))).toContain('Choose a time');
    expect(screen.queryByText(/2026-12-01T10:00:00Z/)).toBeNull();
    expect(apiStub.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('the appointment at the desk', () => {
  const open = (a: DeskAppointment) => {
    apiStub.answer(`GET /api/console/salons/1/appointments/${a.id}`, { json: a });
    return renderConsole(
      <AppointmentDialog salonId={1} id={a.id} timezone="Europe/London" currency="GBP" canRunDesk onClose={() => undefined} />,
    );
  };

  it('shows the salon’s short number, never the row id', async () => {
    open(appointment());
    await screen.findByText('Appointment No. 12');
    expect(screen.queryByText(/1099511627777/)).toBeNull();
  });

  it('asks before cancelling (the client will be texted), then says what happened to the deposit', async () => {
    const a = appointment();
    const { user } = open(a);
    await user.click(await screen.findByText('Move or cancel'));
    let cancels = 0;
    apiStub.answer(`POST /api/console/salons/1/appointments/${a.id}/cancel`, () => {
      cancels++;
      return { json: appointment({ status: 'cancelled', payments: [{ what: 'Deposit', amount: 1300, status: 'refunded' }] }) };
    });
    await user.click(screen.getByRole('button', { name: 'Cancel: the salon cancels (full refund)' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    within(ask).getByText('Jamie Rivers will be texted that the appointment is cancelled.');
    within(ask).getByText('Their £13.00 deposit will be given back in full.');
    expect(cancels).toBe(0);
    // going back does nothing
    await user.click(within(ask).getByRole('button', { name: 'Keep the appointment' }));
    expect(screen.queryByRole('dialog', { name: 'Cancel this appointment?' })).toBeNull();
    expect(cancels).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancel: the salon cancels (full refund)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this appointment?' })).getByRole('button', {
        name: 'Cancel the appointment',
      }),
    );
    await screen.findByText('Cancelled. A text telling Jamie Rivers is on its way. Deposit of £13.00 given back.');
    expect(cancels).toBe(1);
  });

  it('says the no-show fee would be charged, asks first, and after says the card declined and why', async () => {
    const a = appointment({ start: '2026-01-02T10:00:00Z', end: '2026-01-02T10:30:00Z' });
    const { user } = open(a);
    // nothing was charged yet, so nothing says it was
    await screen.findByText(/No-show fee £25.00 if they do not come: their Visa •••• 4242 is on file/);
    expect(screen.queryByText(/charged to/)).toBeNull();
    let presses = 0;
    apiStub.answer(`POST /api/console/salons/1/appointments/${a.id}/no-show`, () => {
      presses++;
      return {
        json: appointment({
          ...a,
          no_show: true,
          no_show_fee: {
            amount: 2500,
            status: 'failed',
            failure: 'Your card was declined. Please try again with a different card.',
            attempts: 1,
            can_retry: true,
          },
        }),
      };
    });
    await user.click(screen.getByRole('button', { name: 'No-show' }));
    const ask = await screen.findByRole('dialog', { name: 'Mark as a no-show?' });
    within(ask).getByText('The £25.00 no-show fee will be charged to their Visa •••• 4242.');
    expect(presses).toBe(0);
    await user.click(within(ask).getByRole('button', { name: 'Mark as a no-show' }));
    await screen.findByText(
      'Marked as a no-show. The £25.00 fee was not charged: Your card was declined. Please try again with a different card.',
    );
    expect(presses).toBe(1);
  });
});

describe('the client’s card', () => {
  const CARD: ClientCard = {
    client: {
      id: 'c-1',
      name: 'Jamie Rivers',
      phone: '+447700900123',
      has_account: true,
      appointments: 1,
      last_visit: '2026-11-01T10:00:00Z',
      opted_out_of_texts: true,
    },
    appointments: [
      {
        id: 1099511627777,
        number: 12,
        start: '2026-11-01T10:00:00Z',
        end: '2026-11-01T10:30:00Z',
        status: 'confirmed',
        services: 'Gents Cut',
        stylists: 'Chloe Price',
        price: 35,
        upcoming: false,
        open_request: false,
      },
    ],
    spend: 35,
    currency: 'GBP',
    no_shows: 0,
    notes: [],
    messages: [],
    can_rebook: true,
  };

  it('numbers appointments as the salon reads them, and asks before texting a rebooking link', async () => {
    salonFacts();
    apiStub.answer('GET /api/console/salons/1/clients/c-1', { json: CARD });
    const { user } = renderConsole(<ClientCardView salonId={1} clientKey="c-1" role="owner" backTo="?" />);
    await screen.findByText(/No\. 12/);
    expect(screen.queryByText(/1099511627777/)).toBeNull();
    screen.getByText(/opted out of texts \(reminders go by email\)/);

    let sent = 0;
    apiStub.answer('POST /api/console/salons/1/rebooking-links', () => {
      sent++;
      return { status: 201, body: { expires_at: '2026-12-31T00:00:00Z' } };
    });
    await user.click(screen.getByRole('button', { name: 'Text a rebooking link' }));
    const ask = await screen.findByRole('dialog', { name: 'Text a rebooking link?' });
    within(ask).getByText('Jamie Rivers will be texted a link to book again, at +447700900123.');
    expect(sent).toBe(0);
    await user.click(within(ask).getByRole('button', { name: 'Text the link' }));
    await screen.findByText('Rebooking link texted to +447700900123. It works until 31/12/2026.');
    expect(sent).toBe(1);
  });
});

describe('a voucher at the desk', () => {
  it('takes the appointment’s number as staff read it out, and lists it so', async () => {
    const voucher: DeskVoucherDetail = {
      code: 'ABCDEFGH23',
      amount: 50,
      balance: 50,
      currency: 'GBP',
      expiry_date: '2099-12-31',
      state: 'active',
      purchaser_email: 'buyer@example.test',
      issued_at: '2026-11-01T10:00:00Z',
      redemptions: [],
    };
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/vouchers/ABCDEFGH23/redemptions', ({ body }) => {
      sent = body;
      const redemption = {
        id: 1,
        amount: 10,
        balance: 40,
        appointment_number: 12,
        staff_name: 'Morgan Willow',
        created_at: '2026-12-01T10:00:00Z',
      };
      return { status: 201, body: { redemption, voucher: { ...voucher, balance: 40, redemptions: [redemption] } } satisfies RedeemAnswer };
    });
    const { user, rerender } = renderConsole(<VoucherDetail salonId={1} voucher={voucher} timezone="Europe/London" />);
    await user.type(screen.getByRole('textbox', { name: /Amount to take/ }), '10');
    await user.type(screen.getByRole('textbox', { name: /Appointment number/ }), 'No. 12');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(sent).toEqual({ amount: 10, appointment_number: 12 }));
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <VoucherDetail
            salonId={1}
            voucher={{
              ...voucher,
              redemptions: [
                { id: 1, amount: 10, balance: 40, appointment_number: 12, staff_name: 'M', created_at: '2026-12-01T10:00:00Z' },
              ],
            }}
            timezone="Europe/London"
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    screen.getByRole('cell', { name: 'Appointment No. 12' });
  });
});
