import { REQUEST_TIMEOUT_MS } from '../../../shared/constants';
import { errorMessageFrom, OFFLINE_MESSAGE } from '../../../shared/call-errors';
import { CallError } from '../../lib/api';

/**
 * A refused or failed console call: the status, the answer's words, and its body for the screens
 * that read more (412, 400). A CallError, the error TanStack Query is told to expect in this build.
 */
export class ConsoleCallError extends CallError {
  constructor(
    message: string,
    status: number,
    readonly body: unknown,
  ) {
    super(message, status);
  }
  /** The per-field messages of a refused form (400 `errors`, or its one `field`). */
  get fieldErrors(): Record<string, string> {
    const b = (this.body ?? {}) as { errors?: Record<string, string>; field?: string; detail?: string };
    if (b.errors && typeof b.errors === 'object') return b.errors;
    return b.field ? { [b.field]: b.detail ?? this.message } : {};
  }
}

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

export interface ConsoleCallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** sent as JSON; a File or Blob is sent as its own bytes with its own type (an image) */
  body?: unknown;
  headers?: Record<string, string>;
}

async function send(url: string, o: ConsoleCallOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
  // raw bytes (a photo, with its own type), a form (the realtime channel's signature, as pusher-js
  // sends it) or JSON
  const raw = o.body instanceof Blob;
  const form = o.body instanceof URLSearchParams;
  if (o.body !== undefined)
    headers['Content-Type'] = raw ? (o.body as Blob).type : form ? 'application/x-www-form-urlencoded' : 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method: o.method ?? 'GET',
      headers,
      body: o.body === undefined ? undefined : raw || form ? (o.body as Blob | URLSearchParams) : JSON.stringify(o.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsoleCallError(OFFLINE_MESSAGE, 0, null);
  }
}

async function answerOf<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const b = body as { message?: unknown } | null;
    const message = typeof b?.message === 'string' && b.message ? b.message : errorMessageFrom(res.status, res.statusText, body);
    throw new ConsoleCallError(message, res.status, body);
  }
  return body as T;
}

/**
 * A call of the booking pages' public API (/api/book-online/…): no token, the same errors as a
 * staff call. The console reads the salon's services, stylists and times as a client would.
 */
export async function publicCall<T>(path: string): Promise<T> {
  return answerOf<T>(await send(`/api/book-online/${path}`, {}, null));
}

/** A call of the console's session (/console/session/…): no token; the refresh token travels as an httpOnly cookie. */
export async function sessionCall<T>(action: string, body: unknown = {}): Promise<T> {
  return answerOf<T>(await send(`/console/session/${action}`, { method: 'POST', body }, null));
}

/**
 * A staff call (/api/console/…) with the access token. A token that has lapsed (401) is renewed
 * once from the refresh cookie and the call sent again; a session that has ended signs the console out.
 */
export async function staffCall<T>(path: string, o: ConsoleCallOptions = {}): Promise<T> {
  const url = `/api/console/${path}`;
  let res = await send(url, o, auth.token());
  if (res.status === 401 && (await auth.renew())) res = await send(url, o, auth.token());
  if (res.status === 401) auth.ended();
  return answerOf<T>(res);
}
