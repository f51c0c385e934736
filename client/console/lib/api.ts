import type { BookingApi, ConsoleApi } from '../../../worker/api/types';
import { REQUEST_TIMEOUT_MS } from '../../../shared/constants';
import { answer, ApiError, apiErrorOf, noAnswer } from '../../lib/api';
import { typedClient } from '../../../shared/typed-client';

export { answer, ApiError };

/** Where calls get the signed-in staff member's access token, and how a lapsed one is renewed (lib/session.ts). */
interface Auth {
  token: () => string | null;
  /** Renews the access token from the refresh cookie; false when the session has ended. */
  renew: () => Promise<boolean>;
  ended: () => void;
}
let auth: Auth = { token: () => null, renew: async () => false, ended: () => undefined };
export function setConsoleAuth(a: Auth) {
  auth = a;
}

async function send(url: string, init: RequestInit, token: string | null): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(url, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), credentials: 'same-origin' });
  } catch {
    throw noAnswer('offline');
  }
}

/** The console's fetch: an answer that is not ok is thrown as an ApiError (the one parser, lib/api.ts). */
async function okOrThrow(res: Response): Promise<Response> {
  if (res.ok) return res;
  throw await apiErrorOf(res);
}

/**
 * A staff call's fetch, with the access token. A token that has lapsed (401) is renewed once from
 * the refresh cookie and the call sent again; a session that has ended signs the console out.
 */
const staffFetch: typeof fetch = async (input, init = {}) => {
  const url = String(input);
  let res = await send(url, init, auth.token());
  if (res.status === 401 && (await auth.renew())) res = await send(url, init, auth.token());
  if (res.status === 401) auth.ended();
  return okOrThrow(res);
};

/** The console's staff calls (/api/console/…), typed by the API's routes (worker/api/types.ts). */
export const staffApi = typedClient<ConsoleApi>('/api/', staffFetch);

/**
 * The booking pages' public calls (/api/book-online/…) as the console makes them: no token, the
 * same errors as a staff call. The console reads the salon's services, stylists and times as a client would.
 */
export const publicApi = typedClient<BookingApi>('/api/', async (input, init = {}) => okOrThrow(await send(String(input), init, null)));

/** A call of the console's session (/console/session/…): no token; the refresh token travels as an httpOnly cookie. */
export async function sessionCall<T>(action: string, body: unknown = {}): Promise<T> {
  const res = await send(
    `/console/session/${action}`,
    { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } },
    null,
  );
  await okOrThrow(res);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** The staff calls of one salon (/api/console/salons/{salonId}/…). */
export const salonCalls = staffApi.console.salons[':salonId'];
/** A salon's path param: `{param: salon(1)}`, `{param: {...salon(1), staffId: '4'}}`. */
export const salon = (salonId: number) => ({ salonId: String(salonId) });

/**
 * A staff call by its path (/api/console/…), for a call written before staffApi and not yet moved
 * to it (another branch's); the same fetch, renewal and ApiError. New calls use staffApi.
 */
export async function staffCall<T>(
  path: string,
  o: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const json = o.body !== undefined;
  const res = await staffFetch(`/api/console/${path}`, {
    method: o.method ?? 'GET',
    headers: { ...o.headers, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(o.body) : undefined,
  });
  return (res.status === 204 ? undefined : await res.json()) as T;
}
