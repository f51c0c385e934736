import { screen } from '@testing-library/react';
import type { DiaryAppointment, DiaryDay } from '../../../shared/console/diary';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

// The diary's day as the console opens it in the component tests (console-diary-book,
// console-blocks): salon 1 on Wednesday 2 December, Amelia and Ben at work, Jamie's cut at 14:00.

export const DATE = '2026-12-02';
/** A time of the day (or of `date`) as the API sends it: London is on UTC in December. */
export const at = (hhmm: string, date = DATE) => `${date}T${hhmm}:00.000Z`;

/** Jamie Rivers' Gents Cut with Amelia, 14:00–14:30. */
export const jamie: DiaryAppointment = {
  id: 1099511627777,
  number: 12,
  start: at('14:00'),
  end: at('14:30'),
  status: 'confirmed',
  origin: 'online',
  client: { name: 'Jamie Rivers', phone: '+447700900123' },
  services: [{ name: 'Gents Cut', category: { id: 1, name: 'Cutting & Styling' }, stylist_id: 1, start: at('14:00'), end: at('14:30') }],
  price: 3500,
  deposit: 0,
  arrived: false,
  no_show: false,
  no_show_fee: null,
  stranded: false,
};

/** The diary's answer for DATE, with `o` over it. */
export function diaryDay(o: Partial<DiaryDay> = {}): DiaryDay {
  return {
    date: DATE,
    timezone: 'Europe/London',
    currency: 'GBP',
    opens: at('09:00'),
    closes: at('18:00'),
    stylists: [
      { id: 1, name: 'Amelia Hart', role: 'Senior Stylist', hours: [{ start: at('10:00'), end: at('18:00') }] },
      { id: 2, name: 'Ben Okafor', role: 'Stylist', hours: [{ start: at('09:00'), end: at('17:00') }] },
    ],
    appointments: [jamie],
    blocks: [],
    time_off: [],
    ...o,
  };
}

/** The console's diary at DATE (`query` added to its address), showing `d`, once its columns are on screen. */
export async function openDiary(d: DiaryDay = diaryDay(), query = '') {
  apiStub.answer(`GET /api/console/salons/1/diary/${DATE}`, { json: d });
  const view = await renderConsole(`/salons/1/diary?date=${DATE}${query}`);
  await screen.findByRole('region', { name: /Appointments by stylist/ });
  return view;
}
