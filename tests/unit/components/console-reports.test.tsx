import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClientsReport, ReportQuery, TakingsReport, UtilisationReport } from '../../../shared/console/reports';
import { periodOf, todayIn } from '../../../client/console/reports/periods';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

const TOTALS = { total: 0, tips: 0, deposits: 0, no_show_fees: 0, vouchers_sold: 0, vouchers_redeemed: 0, refunds: 0 };

const takings = (q: ReportQuery, o: Partial<TakingsReport> = {}): TakingsReport => ({
  ...q,
  scope: 'salon',
  currency: 'GBP',
  ...TOTALS,
  total: 123456,
  tips: 2500,
  deposits: 3000,
  refunds: 1000,
  by_method: [
    { method: 'cash', amount: 40000 },
    { method: 'reader', amount: 78456 },
  ],
  by_day: [
    { date: q.from, amount: 100000 },
    { date: q.to, amount: 23456 },
  ],
  by_stylist: [{ id: 3, name: 'Chloe Price', amount: 90000 }],
  by_service: [{ id: null, name: '=Shampoo', count: 2, amount: 1700 }],
  tips_by_stylist: [{ id: 3, name: 'Chloe Price', amount: 2500 }],
  previous: { from: '2000-01-01', to: '2000-01-31', ...TOTALS, total: 100000 },
  ...o,
});

const utilisation = (q: ReportQuery): UtilisationReport => ({
  ...q,
  timezone: 'Europe/London',
  booked_minutes: 600,
  working_minutes: 1200,
  utilisation: 0.5,
  stylists: [{ id: 3, name: 'Chloe Price', booked_minutes: 600, working_minutes: 1200, utilisation: 0.5 }],
  by_day: [{ date: q.from, booked_minutes: 600, working_minutes: 1200, utilisation: 0.5 }],
  previous: { from: '2000-01-01', to: '2000-01-31', booked_minutes: 300, working_minutes: 1200, utilisation: 0.25 },
});

const CLIENT_TOTALS = {
  clients: 10,
  new_clients: 4,
  returning_clients: 6,
  visits: 12,
  rebooked_visits: 6,
  rebooking_rate: 0.5,
  booked: 14,
  no_shows: 1,
  no_show_rate: 0.0714,
  late_cancellations: 1,
  late_cancellation_rate: 0.0714,
};
const clients = (q: ReportQuery): ClientsReport => ({
  ...q,
  ...CLIENT_TOTALS,
  channels: [
    { channel: 'online', appointments: 9, share: 0.6429 },
    { channel: 'desk', appointments: 5, share: 0.3571 },
    { channel: 'deposit_request', appointments: 0, share: 0 },
    { channel: 'rebooking_link', appointments: 0, share: 0 },
    { channel: 'import', appointments: 0, share: 0 },
  ],
  previous: { from: '2000-01-01', to: '2000-01-31', ...CLIENT_TOTALS },
});

function answerReports(salon: number, q: ReportQuery, t: Partial<TakingsReport> = {}) {
  const query = `from=${q.from}&to=${q.to}`;
  apiStub.answer(`GET /api/console/salons/${salon}/reports/takings?${query}`, { json: takings(q, t) });
  apiStub.answer(`GET /api/console/salons/${salon}/reports/utilisation?${query}`, { json: utilisation(q) });
  apiStub.answer(`GET /api/console/salons/${salon}/reports/clients?${query}`, { json: clients(q) });
}
const facts = () =>
  apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });

describe('Reports', () => {
  it("shows this month's takings, utilisation and clients against the period before, each table with its CSV", async () => {
    facts();
    const month = periodOf('month', todayIn('Europe/London'));
    answerReports(1, month);
    const { user } = await renderConsole('/salons/1/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
    const takingsBox = within(await screen.findByRole('region', { name: 'Takings' }));
    const total = takingsBox.getByText('Total taken').parentElement!;
    expect(total.textContent).toBe('Total taken£1,234.56was £1,000.00 (+23%)');
    expect(
      within(takingsBox.getByRole('table', { name: 'By method' }))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MethodTaken', 'Cash£400.00', 'Card reader£784.56']);
    expect(takingsBox.getByRole('button', { name: 'Download CSV of by method' })).toBeTruthy();
    expect(takingsBox.getByText('Deposits')).toBeTruthy();

    const use = within(await screen.findByRole('region', { name: 'Utilisation' }));
    expect(use.getByText('Utilisation', { selector: 'dt' }).parentElement!.textContent).toBe('Utilisation50%was 25% (+100%)');
    expect(within(use.getByRole('table', { name: 'By stylist' })).getByRole('row', { name: /Chloe Price/ }).textContent).toBe(
      'Chloe Price10h 00m20h 00m50%',
    );

    const people = within(await screen.findByRole('region', { name: 'Clients' }));
    expect(people.getByText('Rebooked within 6 weeks').parentElement!.textContent).toBe('Rebooked within 6 weeks50%was 50%');
    expect(within(people.getByRole('table', { name: 'Where appointments were made' })).getAllByRole('row')[1]!.textContent).toBe(
      'Online964.3%',
    );

    // today: the calls of one day
    const today = periodOf('today', todayIn('Europe/London'));
    answerReports(1, today);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText(/compared with the period before/)).toBeTruthy();
    await screen.findAllByRole('table', { name: 'By method' });
    expect(apiStub.calls.some((c) => c.path === `/api/console/salons/1/reports/takings?from=${today.from}&to=${today.to}`)).toBe(true);
  });

  it('a custom period is checked as the call checks it, the message beside its field', async () => {
    facts();
    answerReports(1, periodOf('month', todayIn('Europe/London')));
    const { user } = await renderConsole('/salons/1/reports');
    await screen.findByRole('region', { name: 'Takings' });
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2025-03-10');
    await user.clear(to);
    await user.type(to, '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Must be on or after from')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');

    answerReports(1, { from: '2025-03-01', to: '2025-03-10' });
    await user.clear(from);
    await user.type(from, '2025-03-01');
    await user.clear(to);
    await user.type(to, '2025-03-10');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('1 Mar 2025 – 10 Mar 2025, compared with the period before')).toBeTruthy();
    expect(await screen.findByText('Total taken')).toBeTruthy();
  });

  it('a stylist sees their own takings: no methods, deposits or refunds', async () => {
    facts();
    answerReports(1, periodOf('month', todayIn('Europe/London')), { scope: 'stylist', by_method: [] });
    await renderConsole('/salons/1/reports', { role: 'stylist' });
    const takingsBox = within(await screen.findByRole('region', { name: 'Takings' }));
    expect(await takingsBox.findByText('Your takings')).toBeTruthy();
    expect(takingsBox.queryByText('Deposits')).toBeNull();
    expect(takingsBox.queryByRole('table', { name: 'By method' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Reports' })).toBeTruthy();
  });
});
