import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  DeskAppointment,
  DeskBooking,
  DeskBookingPreview,
  DeskClient,
  DeskMove,
  DeskSeriesBooked,
  DiaryDay,
  DiaryWeek,
  SeriesCancelled,
} from '../../../shared/console/diary';
import { staffCall } from '../lib/api';

/** Every diary answer of a salon sits under this key: a realtime event invalidates them all. */
export const diaryKey = (salonId: number) => ['console', salonId, 'diary'] as const;

export const dayQuery = (salonId: number, date: string) =>
  queryOptions({
    queryKey: [...diaryKey(salonId), 'day', date],
    queryFn: () => staffCall<DiaryDay>(`salons/${salonId}/diary/${date}`),
    staleTime: 60_000,
  });

export const weekQuery = (salonId: number, from: string) =>
  queryOptions({
    queryKey: [...diaryKey(salonId), 'week', from],
    queryFn: () => staffCall<DiaryWeek>(`salons/${salonId}/diary/week/${from}`),
    staleTime: 60_000,
  });

export const appointmentQuery = (salonId: number, id: number) =>
  queryOptions({
    queryKey: [...diaryKey(salonId), 'appointment', id],
    queryFn: () => staffCall<DeskAppointment>(`salons/${salonId}/appointments/${id}`),
  });

export const clientSearchQuery = (salonId: number, q: string) =>
  queryOptions({
    queryKey: ['console', salonId, 'desk-clients', q],
    queryFn: () => staffCall<DeskClient[]>(`salons/${salonId}/desk/clients?q=${encodeURIComponent(q)}`),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

/** The desk's changes of an appointment: each answers the appointment as it is now. */
/** `series`: this appointment and the following ones of its repeat series (docs/console/desk.md "Several services, repeats and walk-ins"). */
export type DeskAction =
  'confirm' | 'arrived' | 'no-show' | { cancel: 'client' | 'salon'; series?: number } | { move: string; anyTime: boolean; series?: number };

export async function deskAction(salonId: number, id: number, action: DeskAction): Promise<DeskAppointment> {
  const path = `salons/${salonId}/appointments/${id}`;
  if (typeof action === 'string') return staffCall(`${path}/${action}`, { method: 'POST' });
  if ('cancel' in action) {
    if (!action.series) return staffCall(`${path}/cancel`, { method: 'POST', body: { by: action.cancel } });
    await cancelSeries(salonId, action.series, { by: action.cancel, from: id });
    return staffCall(path);
  }
  const scope = action.series ? { scope: 'following' } : {};
  return staffCall(`${path}/move`, { method: 'POST', body: { start_time: action.move, any_time: action.anyTime, ...scope } });
}

/** An appointment dragged in the diary: another time, stylist or length (docs/console/desk.md "Moving in the diary"). */
export const moveInDiary = (salonId: number, id: number, move: DeskMove) =>
  staffCall<DeskAppointment>(`salons/${salonId}/appointments/${id}/move`, { method: 'POST', body: move });

/** A desk booking: the appointment, or with `repeat` the series' appointments and the dates skipped. */
export const bookAtDesk = (salonId: number, booking: DeskBooking) =>
  staffCall<DeskAppointment | DeskSeriesBooked>(`salons/${salonId}/appointments`, { method: 'POST', body: booking });

/** The dates a booking (a repeat series) would take and which of them clash: nothing is booked. */
export const previewAtDesk = (salonId: number, booking: DeskBooking) =>
  staffCall<DeskBookingPreview>(`salons/${salonId}/appointments?dry_run=1`, { method: 'POST', body: booking });

/** A repeat series cancelled from one of its appointments on (or all of it still to come). */
export const cancelSeries = (salonId: number, seriesId: number, body: { by: 'client' | 'salon'; from?: number }) =>
  staffCall<SeriesCancelled>(`salons/${salonId}/series/${seriesId}/cancel`, { method: 'POST', body });

/** After a change (ours or another till's): what the diary shows is asked again. */
export const diaryChanged = (queries: QueryClient, salonId: number) => queries.invalidateQueries({ queryKey: diaryKey(salonId) });
