import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceStylists } from '../../../shared/availability';
import type { DiaryWeek } from '../../../shared/console/diary';
import { DayView } from '../../../client/console/diary/DayView';
import { at, DATE, diaryDay, jamie, openDiary } from './diary-screen';
import { apiStub, BOOTSTRAPS } from './render-app';
import { renderConsole } from './render-console';

// The diary as an appointment book (docs/console/desk.md "The diary's screen"): an empty time
// offers a booking there or a block, an appointment moved from the keyboard (each step said aloud,
// a refused move back where it was with its reason), the line for now, colours by category in
// words too, and the week as seven columns.

/** What the diary's live region last said to a screen reader. */
const liveText = () => screen.getByTestId('diary-said').textContent;

describe('an empty time in the diary', () => {
  it('offers a booking there with that stylist or a block, and the booking starts with them and that time', async () => {
    const { user } = await openDiary();
    const times = screen.getByRole('listbox', { name: 'Times in Amelia Hart’s column, to book or block' });
    act(() => times.focus());
    await user.keyboard('{ArrowDown}{Enter}');
    const offer = screen.getByRole('dialog', { name: 'At 10:15 with Amelia Hart' });
    const book = within(offer).getByRole('button', { name: 'New booking at 10:15 with Amelia Hart' });
    expect(document.activeElement).toBe(book);
    expect(within(offer).getByRole('button', { name: 'Block time 10:15–10:30' })).toBeTruthy();

    apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });
    apiStub.answer('GET /api/book-online/services/1/', { json: BOOTSTRAPS[1].services });
    apiStub.answer('GET /api/book-online/services/stylists/1/2/', { json: GENTS_CUT });
    apiStub.answer(`GET /api/book-online/new/availability/appointment/1/${DATE}/2/1/null/`, {
      json: { data: { '2026-12-02T10:00:00+00:00': { count: 1 }, '2026-12-02T10:15:00+00:00': { count: 1 } }, message: null },
    });
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('dialog', { name: 'New booking' });
    await within(form).findByRole('option', { name: 'Gents Cut' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Service' }), 'Gents Cut');
    const stylist = within(form).getByRole('combobox', { name: 'Stylist' }) as HTMLSelectElement;
    await waitFor(() => expect(stylist.selectedOptions[0]?.textContent).toBe('Amelia Hart'));
    // the time clicked, booked as any time the stylist is free (desk-form.ts deskDefaults)
    const time = within(form).getByLabelText('Time') as HTMLInputElement;
    await waitFor(() => expect(time.value).toBe('10:15'));
  });

  it('a click offers both too; Escape closes the offer and gives the focus back to the times', async () => {
    const { user } = await openDiary();
    const times = screen.getByRole('listbox', { name: 'Times in Ben Okafor’s column, to book or block' });
    await user.pointer({ keys: '[MouseLeft]', target: times });
    // happy-dom lays nothing out: the click lands on the column's first time
    const offer = screen.getByRole('dialog', { name: 'At 09:00 with Ben Okafor' });
    expect(within(offer).getByRole('button', { name: 'Block time 09:00–10:00' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: /^At / })).toBeNull();
    expect(document.activeElement).toBe(times);
  });

  it('a stylist, who takes no bookings, blocks at once as before', async () => {
    apiStub.answer(`GET /api/console/salons/1/diary/${DATE}`, { json: diaryDay({ stylists: diaryDay().stylists.slice(0, 1) }) });
    const { user } = await renderConsole(`/salons/1/diary?date=${DATE}`, { role: 'stylist' });
    const times = await screen.findByRole('listbox', { name: 'Times in Amelia Hart’s column, to block' });
    act(() => times.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Block time: Amelia Hart' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New booking at/ })).toBeNull();
  });
});

describe('moving an appointment from the keyboard', () => {
  const moves = () => apiStub.calls.filter((c) => c.path.endsWith('/move'));

  it('M picks it up, the arrows move it in time and between columns, each step said, Enter saves', async () => {
    const { user } = await openDiary();
    let sent: unknown = null;
    apiStub.answer(`POST /api/console/salons/1/appointments/${jamie.id}/move`, ({ body }) => {
      sent = body;
      // the diary asked again shows it where it went
      const moved = { ...jamie, start: at('14:15'), end: at('15:00') };
      moved.services = [{ ...jamie.services[0]!, stylist_id: 2, start: at('14:15'), end: at('15:00') }];
      apiStub.answer(`GET /api/console/salons/1/diary/${DATE}`, { json: diaryDay({ appointments: [moved] }) });
      return { json: {} };
    });
    const block = screen.getByRole('button', { name: /^Jamie Rivers, 14:00–14:30/ });
    act(() => block.focus());
    await user.keyboard('m');
    expect(liveText()).toMatch(/^Moving Jamie Rivers, 14:00–14:30 with Amelia Hart\. Up and down arrows change the time/);
    await user.keyboard('{ArrowDown}');
    expect(liveText()).toBe('14:15–14:45 with Amelia Hart');
    await user.keyboard('{ArrowRight}');
    expect(liveText()).toBe('14:15–14:45 with Ben Okafor');
    expect(screen.getByTestId('move-ghost').textContent).toBe('14:15–14:45');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(liveText()).toBe('14:15–15:00 with Ben Okafor');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(liveText()).toBe('Moved Jamie Rivers to 14:15–15:00 with Ben Okafor'));
    expect(sent).toEqual({ start_time: at('14:15'), stylist_id: 2, end_time: at('15:00'), from_stylist_id: 1 });
    // Enter saved it: the appointment did not open, and it keeps the focus in its new column
    expect(screen.queryByRole('dialog')).toBeNull();
    const ben = screen.getByRole('region', { name: 'Ben Okafor' });
    await waitFor(() => expect(document.activeElement).toBe(within(ben).getByRole('button', { name: /^Jamie Rivers, 14:15–15:00/ })));
  });

  it('a clash snaps it back where it was, saying why', async () => {
    const { user } = await openDiary();
    apiStub.answer(`POST /api/console/salons/1/appointments/${jamie.id}/move`, {
      status: 409,
      body: { detail: 'That time is no longer available. Please choose another time.', code: 'SLOT_TAKEN', field: 'start_time' },
    });
    const block = screen.getByRole('button', { name: /^Jamie Rivers, 14:00–14:30/ });
    act(() => block.focus());
    await user.keyboard('m{ArrowUp}{ArrowUp}{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not moved: That time is no longer available. Please choose another time.');
    expect(liveText()).toBe('Not moved, it is back at 14:00–14:30: That time is no longer available. Please choose another time.');
    expect(screen.queryByTestId('move-ghost')).toBeNull();
    const amelia = screen.getByRole('region', { name: 'Amelia Hart' });
    expect(within(amelia).getByRole('button', { name: /^Jamie Rivers, 14:00–14:30/ })).toBeTruthy();
    expect(moves()).toHaveLength(1);
  });

  it('Escape leaves it where it was, and sends nothing', async () => {
    const { user } = await openDiary();
    const block = screen.getByRole('button', { name: /^Jamie Rivers, 14:00–14:30/ });
    act(() => block.focus());
    await user.keyboard('m{ArrowDown}{Escape}');
    expect(liveText()).toBe('Left where it was, 14:00–14:30');
    expect(screen.queryByTestId('move-ghost')).toBeNull();
    expect(moves()).toHaveLength(0);
  });
});

describe('the line for now', () => {
  afterEach(() => vi.useRealTimers());

  it('stands at the time now in the salon’s timezone and moves each minute; another day has none', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-12-02T11:30:20Z'));
    const { unmount } = render(<DayView day={diaryDay()} onOpen={() => undefined} />);
    const label = screen.getByTestId('now-label');
    expect(label.textContent).toBe('11:30');
    // 9:00 is the top: 2 h 30 min 20 s at 80 px an hour
    const top = (150 + 1 / 3) * (80 / 60);
    expect(Number.parseFloat(screen.getAllByTestId('now-line')[0]!.style.top)).toBeCloseTo(top, 1);
    expect(screen.getAllByTestId('now-line')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('now-label').textContent).toBe('11:31');
    expect(Number.parseFloat(screen.getAllByTestId('now-line')[0]!.style.top)).toBeGreaterThan(top);
    unmount();
    render(
      <DayView
        day={diaryDay({ date: '2026-12-03', opens: at('09:00', '2026-12-03'), closes: at('18:00', '2026-12-03') })}
        onOpen={() => undefined}
      />,
    );
    expect(screen.queryByTestId('now-line')).toBeNull();
  });
});

describe('on a phone', () => {
  it('shows one stylist’s column, and steps to the next stylist, then past the last to the next day', async () => {
    const onColumn = vi.fn();
    const onDay = vi.fn();
    const view = (column: number) => (
      <DayView day={diaryDay()} onOpen={() => undefined} narrow column={column} onColumn={onColumn} onDay={onDay} />
    );
    const { rerender } = render(view(1));
    const region = screen.getByRole('region', { name: 'Appointments by stylist, 1 column of 2' });
    expect(
      within(region)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Amelia Hart']);
    const columns = screen.getByRole('group', { name: 'Columns' });
    act(() => within(columns).getByRole('button', { name: 'Ben Okafor ›' }).click());
    expect(onColumn).toHaveBeenCalledWith(2);
    rerender(view(2));
    expect(
      within(region)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Ben Okafor']);
    act(() => within(columns).getByRole('button', { name: 'Next day ›' }).click());
    expect(onDay).toHaveBeenCalledWith(1, 'first');
    act(() => within(columns).getByRole('button', { name: '‹ Amelia Hart' }).click());
    expect(onColumn).toHaveBeenLastCalledWith(1);
  });
});

describe('colours and the week', () => {
  it('colours by service category when chosen, saying the category in words, and keeps the choice', async () => {
    const { user } = await openDiary();
    const block = screen.getByRole('button', { name: /^Jamie Rivers/ });
    expect(block.textContent).not.toContain('Cutting & Styling');
    await user.click(screen.getByRole('button', { name: 'Service category' }));
    expect(screen.getByRole('button', { name: 'Service category' }).getAttribute('aria-pressed')).toBe('true');
    const now = screen.getByRole('button', { name: /^Jamie Rivers/ });
    expect(now.textContent).toContain('Cutting & Styling');
    expect(now.textContent).toContain('Confirmed');
    expect(within(screen.getByRole('list', { name: 'Colours of the service categories' })).getByText('Cutting & Styling')).toBeTruthy();
    expect(window.location.search).toContain('colour=category');
    expect(localStorage.getItem('console.diary.colour-by')).toBe('category');
  });

  it('shows the week as seven day columns for one stylist at a time, or all stacked', async () => {
    const week: DiaryWeek = {
      from: DATE,
      timezone: 'Europe/London',
      currency: 'GBP',
      stylists: [
        { id: 1, name: 'Amelia Hart' },
        { id: 2, name: 'Ben Okafor' },
      ],
      days: Array.from({ length: 7 }, (_, i) => {
        const date = `2026-12-0${2 + i}`;
        return {
          date,
          appointments:
            i === 2
              ? [
                  {
                    ...jamie,
                    id: 7,
                    start: at('11:00', date),
                    end: at('11:30', date),
                    services: [{ ...jamie.services[0]!, start: at('11:00', date), end: at('11:30', date) }],
                  },
                ]
              : [],
        };
      }),
    };
    apiStub.answer(`GET /api/console/salons/1/diary/${DATE}`, { json: diaryDay() });
    apiStub.answer(`GET /api/console/salons/1/diary/week/${DATE}`, { json: week });
    const { user } = await renderConsole(`/salons/1/diary?date=${DATE}&view=week`);
    const amelia = await screen.findByRole('region', { name: 'Amelia Hart’s week, seven days' });
    const days = within(amelia)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(days).toEqual(['Wed 2 Dec', 'Thu 3 Dec', 'Fri 4 Dec', 'Sat 5 Dec', 'Sun 6 Dec', 'Mon 7 Dec', 'Tue 8 Dec']);
    const friday = within(amelia).getByRole('region', { name: 'Fri 4 Dec' });
    expect(within(friday).getByRole('button', { name: 'Jamie Rivers, 11:00–11:30, Gents Cut, Confirmed' })).toBeTruthy();
    // every stylist, one under another, until one is chosen
    expect(screen.getByRole('region', { name: 'Ben Okafor’s week, seven days' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stylist' }), 'Ben Okafor');
    expect(screen.queryByRole('region', { name: 'Amelia Hart’s week, seven days' })).toBeNull();
    const ben = screen.getByRole('region', { name: 'Ben Okafor’s week, seven days' });
    expect(within(ben).getAllByText('No appointments')).toHaveLength(7);
  });
});

/** Gents Cut (service 2) is done by Amelia and Chloe, not Ben (worker/db/seed/demo.sql). */
const GENTS_CUT: ServiceStylists[] = [
  {
    service_id: 2,
    service_name: 'Gents Cut',
    stylists: [
      [1, 'Amelia Hart'],
      [3, 'Chloe Price'],
    ].map(([id, name]) => ({
      stylist_id: id as number,
      stylist_name: name as string,
      stylist_role: '',
      stylist_photo: null,
      service_id: 2,
      price: 35,
      duration: 30,
      processing: 0,
    })),
  },
];
