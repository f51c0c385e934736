import type { Context } from 'hono';
import { api } from '../api';
import type { AppEnv } from '../env';
import { AppError } from '../errors';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'cookie', 'content-length'];
/** Set only by the edge after verifying a token; never taken from the caller. */
const CLIENT_SUB_HEADER = 'X-Client-Sub';
/** Set only by the edge from the hold cookie (edge/hold-browser.ts); never taken from the caller. */
const HOLD_BROWSER_HEADER = 'X-Hold-Browser';

/** Refuses paths a proxy could be tricked with (encoded slashes or dots, empty segments). */
export function assertCanonical(path: string): void {
  if (/\/\/|%2f|%5c|%2e|\\/i.test(path) || path.split('/').some((seg) => seg === '.' || seg === '..')) {
    throw new AppError('BAD_REQUEST', 'Malformed API path');
  }
}

/**
 * Calls the booking API at `path` (relative to the API base, e.g. 'book-online/salon/1/'):
 * in-process when it is embedded, or over HTTP to UPSTREAM_API with the same path. The caller's
 * request is passed on, or (`own`) a bodiless call of the edge's own with the caller's identity.
 */
export async function callApi(c: Context<AppEnv>, path: string, search = '', own?: { method: string }): Promise<Response> {
  assertCanonical(path);
  const headers = new Headers(c.req.raw.headers);
  for (const h of HOP_BY_HOP) headers.delete(h);
  headers.delete(CLIENT_SUB_HEADER);
  const sub = c.get('clientSub');
  if (sub) headers.set(CLIENT_SUB_HEADER, sub);
  headers.delete(HOLD_BROWSER_HEADER);
  const browser = c.get('holdBrowser');
  if (browser) headers.set(HOLD_BROWSER_HEADER, browser);
  headers.set('X-Request-Id', c.get('requestId'));
  headers.set('X-Forwarded-Origin', new URL(c.req.url).origin);
  // `own`: a call the edge makes of its own (no body), not the caller's request passed on
  const method = own?.method ?? c.req.method;
  const body = own || method === 'GET' || method === 'HEAD' ? undefined : await c.req.raw.arrayBuffer();
  if (own) headers.delete('content-type');
  const upstream = c.get('config').upstreamApi;
  if (!upstream) {
    const req = new Request(`http://api.internal/${path}${search}`, { method, headers, body });
    return api.fetch(req, c.env, c.executionCtx);
  }
  try {
    const res = await fetch(`${upstream}${path}${search}`, { method, headers, body, redirect: 'manual' });
    const out = new Headers(res.headers);
    for (const h of ['set-cookie', 'connection', 'keep-alive', 'transfer-encoding']) out.delete(h);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: out });
  } catch (e) {
    console.error(`[${c.get('requestId')}] upstream unreachable:`, e instanceof Error ? e.message : e);
    throw new AppError('BAD_GATEWAY', 'The booking service is unreachable at the moment. Please try again shortly.');
  }
}
