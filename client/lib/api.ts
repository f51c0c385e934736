import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { BookingApi } from '../../worker/api/types';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { typedClient } from '../../shared/typed-client';
import { errorMessageFrom, NO_TOKEN_MESSAGE, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from '../../shared/call-errors';
import { serverReached, serverUnreachable } from './connection';

/** The API base; every call path of the spec is relative to it. */
export const API_BASE = '/api/';

/**
 * A refused or failed call, the one error of every call of the booking pages and the console:
 * the Worker's error answer `{detail, code, field?, request_id}` (worker/error-answer.ts) read by
 * apiErrorOf(), or a call that never got an answer (status 0: `offline`, `timeout`, `aborted`).
 */
export class ApiError extends Error {
  constructor(
    /** the answer's `detail`: the words to show */
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
    /** the whole answer, for the screens that read more (412 `current`, 409 `conflicts`) */
    readonly body: unknown = null,
    /** the answer's request_id, for a support ticket */
    readonly requestId?: string,
  ) {
    super(message);
  }
  get detail(): string {
    return this.message;
  }
  /** The per-field messages of a refused form (400 `errors`, or its one `field`). */
  get fieldErrors(): Record<string, string> {
    return this.errors ?? (this.field ? { [this.field]: this.message } : {});
  }
}

/** An answer's `errors` object ({field: message}), its values as strings. */
function fieldMessages(errors: unknown): Record<string, string> | undefined {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v.map(String).join(' ') : String(v)]));
}

/**
 * The one parser of an error answer: its words in the spec's order (docs/booking/journey.md §8:
 * `detail`, then a console answer's `message`, then the status), its code, field and field errors.
 */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof b[name] === 'string' && b[name] ? (b[name] as string) : undefined);
  const message = (!text('detail') && text('message')) || errorMessageFrom(res.status, res.statusText, body);
  const code = text('code') ?? text('error');
  return new ApiError(message, res.status, code, text('decline_code'), text('field'), fieldMessages(b.errors), body, text('request_id'));
}

/** What a call sends besides its route's own params, query and body. */
export interface CallOptions {
  /** A protected call: the session's bearer token (the auth feature's, setTokenProvider). */
  auth?: boolean;
  /** A token of the caller's own, sent as `scheme` (default Bearer; the rebooking calls send Rebooking). */
  token?: string | null;
  scheme?: 'Bearer' | 'Rebooking';
  signal?: AbortSignal;
  headers?: Record<string, string>;
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

/** Failures other than 404 go to error reporting (the console, until a reporting service is set). */
function report(url: string, err: ApiError) {
  if (err.status !== 404) console.error(`API ${url} failed (${err.status}): ${err.message}`);
}

const NO_ANSWER = { aborted: 'The call was cancelled', timeout: TIMEOUT_MESSAGE, offline: OFFLINE_MESSAGE };
/**
 * A call that got no answer: cancelled by the caller (a newer request replaced it, the screen
 * closed: not a failure, nothing to report or show), out of time, or the server unreachable.
 */
export const noAnswer = (code: keyof typeof NO_ANSWER) => new ApiError(NO_ANSWER[code], 0, code);

/**
 * The booking pages' fetch (docs/booking/journey.md §7-8): 30 s time-out, the bearer token on
 * protected calls, and every refusal thrown as an ApiError; it resolves only with an answer that
 * is ok, which answer() reads.
 */
export function bookingFetch(o: CallOptions = {}): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    const token = o.token ?? (o.auth ? await tokenProvider() : null);
    if (o.auth && !token) throw new ApiError(NO_TOKEN_MESSAGE, 500);
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const headers = new Headers(init?.headers);
    headers.set('Accept', 'application/json');
    for (const [k, v] of Object.entries(o.headers ?? {})) headers.set(k, v);
    if (token) headers.set('Authorization', `${o.scheme ?? 'Bearer'} ${token}`);
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers, signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout });
    } catch {
      // fetch rejects only when the server could not be reached (or our 30 s ran out).
      const err = noAnswer(o.signal?.aborted ? 'aborted' : timeout.aborted ? 'timeout' : 'offline');
      if (err.code === 'offline') serverUnreachable();
      if (err.code !== 'aborted') report(url, err);
      throw err;
    }
    serverReached();
    if (res.ok) return res;
    const err = await apiErrorOf(res);
    report(url, err);
    if (res.status === 401 && o.auth) sessionRefused();
    throw err;
  };
}

/**
 * The JSON of a call's successful answers, or undefined for its 204; an answer in another format
 * (a report's CSV) is not what answer() reads.
 */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? [S & SuccessStatusCode] extends [never]
      ? never
      : F extends 'json'
        ? T
        : [S & 204] extends [never]
          ? never
          : undefined
    : never;

/**
 * A call's answer: its JSON as the route answers it (the type inferred from the route's c.json()),
 * or undefined for 204. The client's fetch has thrown an ApiError for anything else.
 */
export async function answer<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<Answer<R>> {
  const res = await call;
  if (res.status === 204) return undefined as Answer<R>;
  try {
    return (await res.json()) as Answer<R>;
  } catch (e) {
    // cancelled or out of time while the answer came in
    const name = (e as Error).name;
    throw name === 'AbortError'
      ? noAnswer('aborted')
      : name === 'TimeoutError'
        ? noAnswer('timeout')
        : new ApiError(errorMessageFrom(res.status, res.statusText, null), res.status);
  }
}

/** A call's own options for the typed client: its fetch with these CallOptions. */
export const send = (o: CallOptions) => ({ fetch: bookingFetch(o) });

/** The booking pages' calls of the API, typed by its routes (worker/api/types.ts). */
export const api = typedClient<BookingApi>(API_BASE, bookingFetch());

/**
 * A call of a path that is not an API route (the edge's session calls, /session/…): the same
 * fetch and answers as the typed calls.
 */
export async function call<T = void>(
  path: string,
  o: CallOptions & { base?: string; method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown } = {},
): Promise<T> {
  const res = await bookingFetch(o)((o.base ?? API_BASE) + path, {
    method: o.method ?? 'GET',
    headers: o.body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return answer(Promise.resolve(res as ClientResponse<T, 200, 'json'>)) as Promise<T>;
}
