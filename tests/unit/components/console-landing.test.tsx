import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub, currentPath } from './render-app';
import { renderConsole } from './render-console';

/** No live channel in component tests: the screens load and refresh without it (lib/live.ts). */
const noChannel = (salon: number) => apiStub.answer(`GET /api/console/salons/${salon}/realtime`, { status: 503, body: {} });

describe('the owner’s landing and the salon switcher (issue 56)', () => {
  it('an owner lands on Today, not the Booking page', async () => {
    const today = { date: '2027-01-04', timezone: 'Europe/London', currency: 'GBP', appointments: [], arrived: 0, to_come: 0 };
    apiStub.answer('GET /api/console/salons/1/today', { json: { ...today, requests_waiting: [], failed_messages: [] } });
    noChannel(1);
    await renderConsole('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeTruthy();
    expect(currentPath()).toBe('/console/salons/1/today');
  });

  it('switching salons keeps the diary’s day and view', async () => {
    for (const salon of [1, 2]) {
      for (const what of ['diary/week/2027-01-04', 'diary/2027-01-04'])
        apiStub.answer(`GET /api/console/salons/${salon}/${what}`, { status: 503, body: { detail: 'Try again' } });
      noChannel(salon);
    }
    const { user } = await renderConsole('/salons/1/diary?date=2027-01-04&view=week');
    await screen.findByRole('heading', { level: 1, name: 'Diary' });
    await user.selectOptions(screen.getByLabelText('Salon', { exact: true }), '2');
    await waitFor(() => expect(currentPath()).toBe('/console/salons/2/diary?date=2027-01-04&view=week'));
  });
});
