import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { errorMessageFrom, NO_TOKEN_MESSAGE, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from '../../shared/call-errors';
import { serverReached, serverUnreachable } from './connection';

/** The API base; every call path of the spec is relative to it. */
export const API_BASE = '/api/';

export class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** the answer's machine-readable code, e.g. NotAuthorizedException */
    readonly code?: string,
    /** a payment provider's decline code, e.g. insufficient_funds */
    readonly declineCode?: string,
    /** the field a refused body names (400 `field`) */
    readonly field?: string,
    /** per-field messages of a refused form (400 `errors`) */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Where protected calls get the session's access token (the auth feature registers it). */
let tokenProvider: () => Promise<string | null> = async () => null;
export function setTokenProvider(provider: () => Promise<string | null>) {
  tokenProvider = provider;
}

/**
 * What a refused session does (the auth feature registers it): a protected call answered 401 means
 * the session ended elsewhere (logged out in another tab or on another device), so the page finds
 * out at once and asks the client to log in again, instead of failing call after call.
 */
let sessionRefused: () => void = () => undefined;
export function setSessionRefusedHandler(handler: () => void) {
  sessionRefused = handler;
}

export interface CallOptions {
  /** the base the path is relative to (default: the API base) */
  base?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A protected call: needs the session's bearer token. */
  token?: string | null;
  /** The Authorization scheme of `token` (default Bearer; the rebooking calls send Rebooking). */
  scheme?: 'Bearer' | 'Rebooking';
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** An answer's `errors` object ({field: message}), its values as strings. */
function fieldMessages(errors: unknown): Record<string, string> | undefined {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v.map(String).join(' ') : String(v)]));
}

/** Failures other than 404 go to error reporting (the console, until a reporting service is set). */
function report(path: string, err: CallError) {
  if (err.status !== 404) console.error(`API ${path} failed (${err.status}): ${err.message}`);
}

/**
 * The one way the client calls the API (docs/booking/journey.md §7-8): 30 s time-out, bearer token
 * on protected calls, and the error message chosen in the spec's order. Resolves with the answer's
 * body as `T`, or throws a CallError. An answer with no content (204) resolves with nothing: the
 * calls that get one say so in their type (`void`, or `T | undefined` where 204 means "none").
 */
export async function call<T = void>(path: string, o: CallOptions = {}): Promise<T> {
  const token = o.token ?? (o.auth ? await tokenProvider() : null);
  if (o.auth && !token) throw new CallError(NO_TOKEN_MESSAGE, 500);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `${o.scheme ?? 'Bearer'} ${token}`;
  let res: Response;
  try {
    res = await fetch((o.base ?? API_BASE) + path, {
      method: o.method ?? 'GET',
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal,
    });
  } catch {
    // Cancelled by the caller (a newer request replaced it, the screen closed): not a failure,
    // nothing to report or show.
    if (o.signal?.aborted) throw new CallError('The call was cancelled', 0, 'aborted');
    // fetch rejects only when the server could not be reached (or our 30 s ran out).
    const err = timeout.aborted ? new CallError(TIMEOUT_MESSAGE, 0, 'timeout') : new CallError(OFFLINE_MESSAGE, 0, 'offline');
    if (err.code === 'offline') serverUnreachable();
    report(path, err);
    throw err;
  }
  serverReached();
  if (res.status === 204) return undefined as T;
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const field = (name: string) =>
      body && typeof body === 'object' && name in body ? String((body as Record<string, unknown>)[name]) : undefined;
    const errors = body && typeof body === 'object' && 'errors' in body ? fieldMessages((body as { errors: unknown }).errors) : undefined;
    const err = new CallError(
      errorMessageFrom(res.status, res.statusText, body),
      res.status,
      field('code'),
      field('decline_code'),
      field('field'),
      errors,
    );
    report(path, err);
    if (res.status === 401 && o.auth) sessionRefused();
    throw err;
  }
  try {
    return (await res.json()) as T;
  } catch {
    // Cancelled while the answer came in: no failure either.
    if (o.signal?.aborted) throw new CallError('The call was cancelled', 0, 'aborted');
    const err = timeout.aborted
      ? new CallError(TIMEOUT_MESSAGE, 0, 'timeout')
      : new CallError(errorMessageFrom(res.status, res.statusText, null), res.status);
    report(path, err);
    throw err;
  }
}
