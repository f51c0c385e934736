import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Caller } from '../env';

/**
 * The calls the edge makes of the embedded API in the same isolate, with their callers: typed
 * values handed over with the request object, no identity copied into headers and read back.
 */
const inProcess = new WeakMap<Request, Caller>();

/** The host of the edge's in-process calls: a request to it is answered only for the caller handed over. */
export const IN_PROCESS_HOST = 'api.internal';

/** A call of the embedded API at `pathAndQuery`, made from `init` (the browser's request, or the edge's own), answered for `caller`. */
export function inProcessCall(pathAndQuery: string, init: Request | RequestInit, caller: Caller): Request {
  const req = new Request(`http://${IN_PROCESS_HOST}/${pathAndQuery}`, init);
  inProcess.set(req, caller);
  return req;
}

/**
 * The headers a remote API (UPSTREAM_API) reads its caller from: the edge in front of it sets
 * them after its own checks and removes any the browser sent.
 */
export const CALLER_HEADERS = {
  clientSub: 'X-Client-Sub',
  staffSub: 'X-Staff-Sub',
  holdBrowser: 'X-Hold-Browser',
  origin: 'X-Forwarded-Origin',
  requestId: 'X-Request-Id',
} as const;

function fromHeaders(req: Request): Caller {
  const h = (name: string) => req.headers.get(name);
  return {
    clientSub: h(CALLER_HEADERS.clientSub),
    staffSub: h(CALLER_HEADERS.staffSub),
    holdBrowser: h(CALLER_HEADERS.holdBrowser),
    origin: new URL(h(CALLER_HEADERS.origin) ?? req.url).origin,
    requestId: /^[\w-]{1,100}$/.test(h(CALLER_HEADERS.requestId) ?? '') ? h(CALLER_HEADERS.requestId)! : crypto.randomUUID(),
  };
}

/**
 * The API's first middleware: the caller the edge handed over in-process, or, when this API runs
 * on its own behind a remote edge, the one that edge put in the headers.
 */
export const withCaller: MiddlewareHandler<AppEnv> = async (c, next) => {
  const handedOver = inProcess.get(c.req.raw);
  // The browser's own headers travel with an in-process call: never read a caller from them.
  if (!handedOver && new URL(c.req.url).hostname === IN_PROCESS_HOST) throw new Error('An in-process API call came without its caller');
  const caller = handedOver ?? fromHeaders(c.req.raw);
  c.set('caller', caller);
  c.set('requestId', caller.requestId);
  await next();
};
