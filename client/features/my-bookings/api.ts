import { queryOptions, skipToken } from '@tanstack/react-query';
import { answer, api, send } from '../../lib/api';
import { PERSONAL } from '../../lib/query-client';
import type { Tab } from './types';

const ncob = api.ncob.client;

/** ncob/client/salons/{username}/: the salons the logged-in client has bookings with. */
export const fetchClientSalons = (username: string, signal: AbortSignal) =>
  answer(ncob.salons[':username'].index.$get({ param: { username } }, send({ auth: true, signal })));

/** ncob/client/appointments/{salonId}/{future|past}/{username}/?page=n: 30 bookings a page. */
export const fetchBookings = (salonId: number, tab: Tab, username: string, page: number, signal: AbortSignal) =>
  answer(
    ncob.appointments[':salonId'][':tab{(?:future|past)}'][':username'].index.$get(
      { param: { salonId: String(salonId), tab, username }, query: { page: String(page) } },
      send({ auth: true, signal }),
    ),
  );

/** salon/{salonId}/appointment/{id}/: one of the client's appointments. */
export const fetchAppointment = (salonId: number, id: number, signal: AbortSignal) =>
  answer(
    api.salon[':salonId'].appointment[':appointmentId'].index.$get(
      { param: { salonId: String(salonId), appointmentId: String(id) } },
      send({ auth: true, signal }),
    ),
  );

/** PUT ncob/client/cancel/appointment/{salonId}/{id}/{username}/: cancels (a second time changes nothing). */
export const cancelAppointment = (salonId: number, id: number, username: string) =>
  answer(
    ncob.cancel.appointment[':salonId'][':appointmentId'][':username'].index.$put(
      { param: { salonId: String(salonId), appointmentId: String(id), username } },
      send({ auth: true }),
    ),
  );

/** PUT ncob/client/appointment/{salonId}/{id}/{username}/move/: the same services and staff at a new time (beyond the spec). */
export const moveAppointment = (salonId: number, id: number, username: string, startTime: string) =>
  answer(
    ncob.appointment[':salonId'][':appointmentId'][':username'].move.index.$put(
      { param: { salonId: String(salonId), appointmentId: String(id), username }, json: { start_time: startTime } },
      send({ auth: true }),
    ),
  );

/** appointment-links/{token}: the appointment a reminder's link opens. */
export const fetchLinkedAppointment = (token: string, signal: AbortSignal) =>
  answer(api['appointment-links'][':token'].$get({ param: { token } }, send({ signal })));

/** POST appointment-links/{token}/cancel: cancels it within the salon's rules. */
export const cancelLinkedAppointment = (token: string) => answer(api['appointment-links'][':token'].cancel.$post({ param: { token } }));

export const linkedAppointmentQuery = (token: string) =>
  queryOptions({
    queryKey: ['appointment-link', token],
    queryFn: ({ signal }) => fetchLinkedAppointment(token, signal),
    staleTime: 0,
    retry: false,
    ...PERSONAL,
  });

/**
 * The client's bookings as this page knows them: what a cancel or a move makes out of date. They
 * change elsewhere too (a booking just made, a deposit paid, the salon's diary), so each screen
 * asks again when it opens (staleTime 0), showing the last answer of the same list meanwhile.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  appointment: (salonId: number, id: number) => [...bookingKeys.all, 'appointment', salonId, id] as const,
};
const ASKED_ON_OPEN = { staleTime: 0, ...PERSONAL } as const;

export const clientSalonsQuery = (username: string | undefined) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'salons', username ?? null],
    queryFn: username ? ({ signal }) => fetchClientSalons(username, signal) : skipToken,
    ...ASKED_ON_OPEN,
  });

/** One page of one tab: another page is another list, never shown in this one's place. */
export const bookingsPageQuery = (salonId: number | null, tab: Tab, username: string | undefined, page: number) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'list', salonId, tab, username ?? null, page],
    queryFn: salonId !== null && username ? ({ signal }) => fetchBookings(salonId, tab, username, page, signal) : skipToken,
    ...ASKED_ON_OPEN,
  });

export const appointmentQuery = (salonId: number | null, id: number | null) =>
  queryOptions({
    queryKey: bookingKeys.appointment(salonId ?? 0, id ?? 0),
    queryFn: salonId !== null && id !== null ? ({ signal }) => fetchAppointment(salonId, id, signal) : skipToken,
    ...ASKED_ON_OPEN,
  });
