import type { Context, Hono } from 'hono';
import { typedClient } from '../../shared/typed-client';
import { api } from '../api';
import type { BookingApi } from '../api/types';
import { CALLER_HEADERS, inProcessCall } from '../api/caller';
import type { AppEnv, Caller } from '../env';
import { AppError } from '../errors';
import { BOOKMARK_HEADER } from './d1-session';
import { envForCall } from './salon-database';
import { routeOf, routeOfRequest, type MatchedRoute } from './route-policy';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'cookie', 'content-length'];

/** Refuses paths a proxy could be tricked with (encoded slashes or dots, empty segments). */
export function assertCanonical(path: string): void {
  if (/\/\/|%2f|%5c|%2e|\\/i.test(path) || path.split('/').some((seg) => seg === '.' || seg === '..')) {
    throw new AppError('BAD_REQUEST', 'Malformed API path');
  }
}

/** The caller's headers for a call of the edge's own, which has no body. */
function bodiless(from: Headers): Headers {
  const headers = new Headers(from);
  for (const h of ['content-type', 'content-length']) headers.delete(h);
  return headers;
}

/** Who makes the call, as this edge established it (the token it verified, the hold cookie it read). */
function callerOf(c: Context<AppEnv>): Caller {
  return {
    clientSub: c.get('clientSub') ?? null,
    staffSub: c.get('staffSub') ?? null,
    holdBrowser: c.get('holdBrowser') ?? null,
    origin: new URL(c.req.url).origin,
    requestId: c.get('requestId'),
  };
}

/**
 * Calls the booking API at `path` (relative to the API base, e.g. 'book-online/salon/1/'):
 * in-process when it is embedded, or over HTTP to UPSTREAM_API with the same path. The caller's
 * request is passed on, or (`own`) a bodiless call of the edge's own with the caller's identity.
 * `route`: the API route `path` reaches, when the caller has it; else the request's own (the
 * caller's request passed on) or, for a call of the edge's own, looked up here.
 */
export async function callApi(
  c: Context<AppEnv>,
  path: string,
  search = '',
  own?: { method: string },
  route?: MatchedRoute | null,
): Promise<Response> {
  assertCanonical(path);
  const upstream = c.get('config').upstreamApi;
  if (!upstream) {
    // The same request (its headers and body stream, never copied), its caller handed over as a value.
    const init = own ? { method: own.method, headers: bodiless(c.req.raw.headers) } : c.req.raw;
    // a salon's call reads its own database (the directory's choice); others the first one
    const env = await envForCall(c, route !== undefined ? route : own ? routeOf(own.method, `/${path}`) : routeOfRequest(c));
    return api.fetch(inProcessCall(`${path}${search}`, init, callerOf(c)), env, c.executionCtx);
  }
  return callUpstream(c, `${upstream}${path}${search}`, own);
}

/**
 * The edge's own calls of the API, through the typed client as the booking pages and the console
 * call it (docs/architecture.md "Calling the API"): `edgeApi(c)['waitlist-offers'][':token'].$get({ param: { token } })`,
 * or `edgeApi<ConsoleApi>(c).console.me.$get()`, is checked against the route and reads its typed
 * answer. Each is a bodiless callApi() of the edge's own with the caller's identity, at the path
 * the client built (params encoded, so assertCanonical and the route lookup see the API's path).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hc's own bound: any app
export const edgeApi = <App extends Hono<any, any, any> = BookingApi>(c: Context<AppEnv>): ReturnType<typeof typedClient<App>> =>
  typedClient<App>('', async (input, init) => {
    if (init?.body != null) throw new Error("The edge's own calls of the API carry no body");
    const url = String(input);
    const q = url.indexOf('?');
    return callApi(c, q < 0 ? url : url.slice(0, q), q < 0 ? '' : url.slice(q), { method: init?.method ?? 'GET' });
  });

/** The same call over HTTP to a remote API, the caller in the headers it trusts from this edge alone. */
async function callUpstream(c: Context<AppEnv>, url: string, own?: { method: string }): Promise<Response> {
  const headers = own ? bodiless(c.req.raw.headers) : new Headers(c.req.raw.headers);
  for (const h of HOP_BY_HOP) headers.delete(h);
  const caller = callerOf(c);
  for (const [key, name] of Object.entries(CALLER_HEADERS)) {
    const value = caller[key as keyof Caller];
    if (value) headers.set(name, value);
    else headers.delete(name);
  }
  // the remote API starts its session where this caller's last answer left off (edge/d1-session.ts)
  const bookmark = c.get('d1Bookmark');
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  const method = own?.method ?? c.req.method;
  const body = own || method === 'GET' || method === 'HEAD' ? undefined : await c.req.raw.arrayBuffer();
  try {
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    const out = new Headers(res.headers);
    for (const h of ['set-cookie', 'connection', 'keep-alive', 'transfer-encoding']) out.delete(h);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: out });
  } catch (e) {
    console.error(`[${c.get('requestId')}] upstream unreachable:`, e instanceof Error ? e.message : e);
    throw new AppError('BAD_GATEWAY', 'The booking service is unreachable at the moment. Please try again shortly.');
  }
}
