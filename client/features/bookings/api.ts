import { call } from '../../lib/api';
import type { Appointment, BookingsPage, ClientSalon, Tab } from './types';

const user = (username: string) => encodeURIComponent(username);

/** ncob/client/salons/{username}/: the salons the logged-in client has bookings with. */
export const fetchClientSalons = async (username: string, signal: AbortSignal) =>
  (await call<ClientSalon[]>(`ncob/client/salons/${user(username)}/`, { auth: true, signal })) ?? [];

/** ncob/client/appointments/{salonId}/{future|past}/{username}/?page=n: 30 bookings a page. */
export const fetchBookings = async (salonId: number, tab: Tab, username: string, page: number, signal: AbortSignal) =>
  (await call<BookingsPage>(`ncob/client/appointments/${salonId}/${tab}/${user(username)}/?page=${page}`, { auth: true, signal }))!;

/** salon/{salonId}/appointment/{id}/: one of the client's appointments. */
export const fetchAppointment = async (salonId: number, id: number, signal: AbortSignal) =>
  (await call<Appointment>(`salon/${salonId}/appointment/${id}/`, { auth: true, signal }))!;

/** PUT ncob/client/cancel/appointment/{salonId}/{id}/{username}/: cancels (a second time changes nothing). */
export const cancelAppointment = async (salonId: number, id: number, username: string) =>
  (await call<Appointment>(`ncob/client/cancel/appointment/${salonId}/${id}/${user(username)}/`, { method: 'PUT', auth: true }))!;

/** PUT ncob/client/appointment/{salonId}/{id}/{username}/move/: the same services and staff at a new time (beyond the spec). */
export const moveAppointment = async (salonId: number, id: number, username: string, startTime: string) =>
  (await call<Appointment>(`ncob/client/appointment/${salonId}/${id}/${user(username)}/move/`, {
    method: 'PUT',
    auth: true,
    body: { start_time: startTime },
  }))!;
