import {
  REBOOKING_TEXTS,
  type RebookAnswer,
  type RebookBody,
  type RebookingAppointment,
  type RebookingAvailability,
  type RebookingClient,
  type RebookingToken,
} from '../../../shared/rebooking';
import { call, CallError, type CallOptions } from '../../lib/api';
import { currentToken, tokenRefused } from './store';

/**
 * A rebooking call (docs/accounts-and-money.md §7): `Authorization: Rebooking {token}`. Without a
 * token, or when the Worker refuses it (401), the token is dropped and the screens show the
 * old-link notice.
 */
async function rebookingCall<T>(path: string, o: Omit<CallOptions, 'token' | 'scheme' | 'auth'> = {}): Promise<T> {
  const token = currentToken();
  if (!token) {
    tokenRefused();
    throw new CallError(REBOOKING_TEXTS.linkExpired, 401);
  }
  try {
    return (await call<T>(path, { ...o, token, scheme: 'Rebooking' }))!;
  } catch (e) {
    if (e instanceof CallError && e.status === 401) tokenRefused();
    throw e;
  }
}

/** POST rebooking/token/{urlhash}/ (no auth): 410 when the link is old or replaced, 404 when unknown. */
export const fetchToken = async (urlhash: string, signal: AbortSignal) =>
  (await call<RebookingToken>(`rebooking/token/${urlhash}/`, { method: 'POST', signal }))!;

/** GET rebooking/salons/: the client's record at each salon with past appointments. */
export const fetchClients = (signal: AbortSignal) => rebookingCall<RebookingClient[]>('rebooking/salons/', { signal });

/** GET rebooking/history/{clientId}/appointments/: past appointments, newest first. */
export const fetchHistory = (clientId: number, signal: AbortSignal) =>
  rebookingCall<RebookingAppointment[]>(`rebooking/history/${clientId}/appointments/`, { signal });

/** GET rebooking/availability/appointment/{id}/?from=&to=: the times of each day, keyed YYYYMMDD. */
export const fetchAvailability = (appointmentId: number, from: string, to: string, signal: AbortSignal) =>
  rebookingCall<RebookingAvailability>(`rebooking/availability/appointment/${appointmentId}/?from=${from}&to=${to}`, { signal });

/** POST rebooking/rebook/ with an Idempotency-Key: 201 the new (unconfirmed) appointment, 409 when the time was taken. */
export const rebook = (body: RebookBody, idempotencyKey: string) =>
  rebookingCall<RebookAnswer>('rebooking/rebook/', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
