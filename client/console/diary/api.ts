import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DeskAppointment, DeskBooking, DeskMove } from '../../../shared/console/diary';
import { answer, ApiError, salon, salonCalls } from '../lib/api';

/** Every diary answer of a salon sits under this key: a realtime event invalidates them all. */
export const diaryKey = (salonId: number) => ['console', salonId, 'diary'] as const;

const appointments = salonCalls.appointments;
const appointment = (salonId: number, id: number) => ({ param: { ...salon(salonId), appointmentId: String(id) } });

export const dayQuery = (salonId: number, date: string) =>
  queryOptions({
    queryKey: [...diaryKey(salonId), 'day', date],
    queryFn: () => answer(salonCalls.diary[':date'].$get({ param: { ...salon(salonId), date } })),
    staleTime: 60_000,
  });

export const weekQuery = (salonId: number, from: string) =>
  queryOptions({
    queryKey: [...diaryKey(salonId), 'week', from],
    queryFn: () => answer(salonCalls.diary.week[':date'].$get({ param: { ...salon(salonId), date: from } })),
    staleTime: 60_000,
  });

export const appointmentQuery = (salonId: number, id: number) =>
  queryOptions({
    queryKey: [...diaryKey(salonId), 'appointment', id],
    queryFn: () => answer(appointments[':appointmentId'].$get(appointment(salonId, id))),
  });

export const clientSearchQuery = (salonId: number, q: string) =>
  queryOptions({
    queryKey: ['console', salonId, 'desk-clients', q],
    queryFn: () => answer(salonCalls.desk.clients.$get({ param: salon(salonId), query: { q } })),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

/** The desk's changes of an appointment: each answers the appointment as it is now. */
/** `series`: this appointment and the following ones of its repeat series (docs/console/desk.md "Several services, repeats and walk-ins"). */
export type DeskAction =
  'confirm' | 'arrived' | 'no-show' | { cancel: 'client' | 'salon'; series?: number } | { move: string; anyTime: boolean; series?: number };

export async function deskAction(salonId: number, id: number, action: DeskAction): Promise<DeskAppointment> {
  const one = appointments[':appointmentId'];
  const p = appointment(salonId, id);
  if (typeof action === 'string') return answer(one[action].$post(p));
  if ('cancel' in action) {
    if (!action.series) return answer(one.cancel.$post({ ...p, json: { by: action.cancel } }));
    await cancelSeries(salonId, action.series, { by: action.cancel, from: id });
    return answer(one.$get(p));
  }
  const scope = action.series ? ({ scope: 'following' } as const) : {};
  return answer(one.move.$post({ ...p, json: { start_time: action.move, any_time: action.anyTime, ...scope } }));
}

/** An appointment dragged in the diary: another time, stylist or length (docs/console/desk.md "Moving in the diary"). */
export const moveInDiary = (salonId: number, id: number, move: DeskMove) =>
  answer(appointments[':appointmentId'].move.$post({ ...appointment(salonId, id), json: move }));

/**
 * A desk booking: the appointment, or with `repeat` the series' appointments and the dates skipped.
 * (The call answers a dry run's preview instead, which this one never asks for.)
 */
export async function bookAtDesk(salonId: number, booking: DeskBooking) {
  const booked = await answer(appointments.$post({ param: salon(salonId), query: {}, json: booking }));
  if ('occurrences' in booked) throw new ApiError('The booking was only previewed', 500);
  return booked;
}

/** The dates a booking (a repeat series) would take and which of them clash: nothing is booked. */
export async function previewAtDesk(salonId: number, booking: DeskBooking) {
  const preview = await answer(appointments.$post({ param: salon(salonId), query: { dry_run: '1' }, json: booking }));
  if (!('occurrences' in preview)) throw new ApiError('The preview was booked', 500);
  return preview;
}

/** A repeat series cancelled from one of its appointments on (or all of it still to come). */
export const cancelSeries = (salonId: number, seriesId: number, body: { by: 'client' | 'salon'; from?: number }) =>
  answer(salonCalls.series[':seriesId'].cancel.$post({ param: { ...salon(salonId), seriesId: String(seriesId) }, json: body }));

/** After a change (ours or another till's): what the diary shows is asked again. */
export const diaryChanged = (queries: QueryClient, salonId: number) => queries.invalidateQueries({ queryKey: diaryKey(salonId) });
