import type { DayAvailability, DaySlots, PatchSlots, ServiceStylists, StylistsAtTime } from '../../../shared/availability';
import type { BookingRequest, BookingResponse } from '../../../shared/booking-request';
import type { Service } from '../../../shared/types';
import { call } from '../../lib/api';
import { booking } from './store';

/** The client's own hold: its held times stay bookable for it. */
const holdHeader = () => (booking.holdId ? { 'X-Hold-Id': booking.holdId } : undefined);

/** The availability and booking-option calls of docs/booking/journey.md §7. */

const ids = (list: readonly number[]) => list.join(',');
const choices = (list: readonly (number | null)[]) => list.map((c) => c ?? 0).join(',');
const patch = (time: string | null) => (time ? encodeURIComponent(time) : 'null');

export interface SearchKey {
  salonId: number;
  services: readonly number[];
  stylists: readonly (number | null)[];
  patchTime: string | null;
  waitlist: boolean;
}

export function fetchWeekly(k: SearchKey, weekStart: string, signal?: AbortSignal) {
  const path = k.waitlist
    ? `book-online/waitlist/availability/weekly/${k.salonId}/${ids(k.services)}/${weekStart}/?stylists=${choices(k.stylists)}`
    : `book-online/availability/weekly/${k.salonId}/${ids(k.services)}/${choices(k.stylists)}/${weekStart}/${patch(k.patchTime)}/`;
  return call<DayAvailability>(path, { signal, headers: holdHeader() });
}

export function fetchDaySlots(k: SearchKey, date: string, signal?: AbortSignal) {
  // The waitlist's path names no stylist (the spec's): the choices go as a query.
  const path = k.waitlist
    ? `book-online/new/waitlist/availability/appointment/${k.salonId}/${date}/${ids(k.services)}/${patch(k.patchTime)}/?stylists=${choices(k.stylists)}&`
    : `book-online/new/availability/appointment/${k.salonId}/${date}/${ids(k.services)}/${choices(k.stylists)}/${patch(k.patchTime)}/?`;
  return call<DaySlots>(`${path}isWaitList=${k.waitlist}`, { signal, headers: holdHeader() });
}

export function fetchPatchWeekly(salonId: number, services: readonly number[], from: string, signal?: AbortSignal) {
  return call<DayAvailability>(`book-online/availability/weekly/patch/${salonId}/${from}/${ids(services)}/`, {
    signal,
  });
}

export function fetchPatchSlots(salonId: number, date: string, signal?: AbortSignal) {
  return call<PatchSlots>(`book-online/availability/patch/${salonId}/${date}/?isWaitList=false`, { signal });
}

export function fetchStylists(salonId: number, services: readonly number[], signal?: AbortSignal) {
  return call<ServiceStylists[]>(`book-online/services/stylists/${salonId}/${ids(services)}/`, { signal });
}

export function fetchRecommended(salonId: number, services: readonly number[], signal?: AbortSignal) {
  return call<Service[]>(`book-online/services/recommended/${salonId}/${ids(services)}/`, { signal });
}

export function fetchShowWaitlist(salonId: number, services: readonly number[], signal?: AbortSignal) {
  return call<{ show_waitlist: boolean }>(`book-online/show/waitlist/option/${salonId}/${ids(services)}/`, { signal });
}

/** Who can take each service at a chosen time, and whom 'I don't mind' would get. */
export function fetchStylistsAt(k: SearchKey, startTime: string, signal?: AbortSignal) {
  const q = new URLSearchParams({ start_time: startTime, isWaitList: String(k.waitlist) });
  if (k.patchTime) q.set('patch_time', k.patchTime);
  return call<StylistsAtTime>(`book-online/services/stylists-at/${k.salonId}/${ids(k.services)}/${choices(k.stylists)}/?${q}`, {
    signal,
    headers: holdHeader(),
  });
}

/**
 * POST book-online/hold/{salon}/: holds the chosen times for 10 minutes (or renews the hold); a
 * logged-in client's hold is tied to it. A null hold: the salon holds no more times for clients who
 * have not logged in, and the journey goes on without one.
 */
export const holdTimes = (
  salonId: number,
  body: { start_time: string | null; procedures: unknown[]; hold_id: string | null },
  loggedIn: boolean,
) =>
  call<{ hold_id: string | null; expires_at: string | null }>(`book-online/hold/${salonId}/`, {
    method: 'POST',
    body,
    auth: loggedIn,
  });

/** DELETE book-online/hold/{salon}/{hold}/: lets the held times go. */
export const releaseHold = (salonId: number, holdId: string) =>
  call(`book-online/hold/${salonId}/${encodeURIComponent(holdId)}/`, { method: 'DELETE' });

/** POST book-online/(waitlist/)appointment/create/{salon}/ with the booking's Idempotency-Key. */
export const createBooking = (
  salonId: number,
  waitlist: boolean,
  body: BookingRequest,
  idempotencyKey: string,
  headers: Record<string, string> = {},
) =>
  call<BookingResponse>(`book-online/${waitlist ? 'waitlist/' : ''}appointment/create/${salonId}/`, {
    method: 'POST',
    auth: true,
    body,
    headers: { ...headers, 'Idempotency-Key': idempotencyKey },
  });
