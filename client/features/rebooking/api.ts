import { queryOptions } from '@tanstack/react-query';
import { REBOOKING_TEXTS, type RebookBody } from '../../../shared/rebooking';
import { answer, api, ApiError, send, type CallOptions } from '../../lib/api';
import { currentToken, signedIn, tokenRefused } from './store';
import { BOOKABLE_TIMES } from '../../lib/query-client';

const rebooking = api.rebooking;

/**
 * A rebooking call (docs/booking/accounts-and-money.md §7): `Authorization: Rebooking {token}`. Without a
 * token, or when the Worker refuses it (401), the token is dropped and the screens show the
 * old-link notice. `call` makes the call with the options it is given.
 */
async function rebookingCall<T>(
  o: Omit<CallOptions, 'token' | 'scheme' | 'auth'>,
  call: (options: ReturnType<typeof send>) => Promise<T>,
): Promise<T> {
  const token = currentToken();
  if (!token) {
    tokenRefused();
    throw new ApiError(REBOOKING_TEXTS.linkExpired, 401);
  }
  try {
    return await call(send({ ...o, token, scheme: 'Rebooking' }));
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) tokenRefused();
    throw e;
  }
}

/** POST rebooking/token/{urlhash}/ (no auth): 410 when the link is old or replaced, 404 when unknown. */
export const fetchToken = (urlhash: string, signal: AbortSignal) =>
  answer(rebooking.token[':urlhash'].index.$post({ param: { urlhash } }, send({ signal })));

/** GET rebooking/salons/: the client's record at each salon with past appointments. */
export const fetchClients = (signal: AbortSignal) => rebookingCall({ signal }, (o) => answer(rebooking.salons.index.$get({}, o)));

/** GET rebooking/history/{clientId}/appointments/: past appointments, newest first. */
export const fetchHistory = (clientId: number, salonId: number, signal: AbortSignal) =>
  rebookingCall({ signal }, (o) =>
    answer(
      rebooking.history[':clientId'].appointments.index.$get(
        { param: { clientId: String(clientId) }, query: { salon_id: String(salonId) } },
        o,
      ),
    ),
  );

/** GET rebooking/availability/appointment/{id}/?from=&to=: the times of each day, keyed YYYYMMDD. */
export const fetchAvailability = (appointmentId: number, salonId: number, from: string, to: string, signal: AbortSignal) =>
  rebookingCall({ signal }, (o) =>
    answer(
      rebooking.availability.appointment[':appointmentId'].index.$get(
        { param: { appointmentId: String(appointmentId) }, query: { from, to, salon_id: String(salonId) } },
        o,
      ),
    ),
  );

/** POST rebooking/rebook/ with an Idempotency-Key: 201 the new (unconfirmed) appointment, 409 when the time was taken. */
export const rebook = (body: RebookBody, idempotencyKey: string) =>
  rebookingCall({ headers: { 'Idempotency-Key': idempotencyKey } }, (o) => answer(rebooking.rebook.index.$post({ json: body }, o)));

/**
 * A texted link's token: asked once when the link opens, and kept as the flow's session
 * (signedIn: the rebooking store, in sessionStorage), as a login keeps its tokens.
 */
export const tokenQuery = (urlhash: string) =>
  queryOptions({
    queryKey: ['rebooking', 'token', urlhash],
    queryFn: async ({ signal }) => {
      const t = await fetchToken(urlhash, signal);
      signedIn(t);
      return t;
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // Back online, a call that failed runs again; a token already given is never asked for twice.
    refetchOnReconnect: (query) => query.state.status === 'error',
  });

/** The client's records at its salons, for the token of the flow. */
export const clientsQuery = (token: string | null) =>
  queryOptions({ queryKey: ['rebooking', 'salons', token], queryFn: ({ signal }) => fetchClients(signal) });

export const historyQuery = (clientId: number, salonId: number) =>
  queryOptions({ queryKey: ['rebooking', 'history', salonId, clientId], queryFn: ({ signal }) => fetchHistory(clientId, salonId, signal) });

/** The times of a window of days (bookable times: asked again each time the screen opens). */
export const availabilityQuery = (appointmentId: number, salonId: number, from: string, to: string) =>
  queryOptions({
    queryKey: ['rebooking', 'availability', salonId, appointmentId, from, to],
    queryFn: ({ signal }) => fetchAvailability(appointmentId, salonId, from, to, signal),
    ...BOOKABLE_TIMES,
  });
