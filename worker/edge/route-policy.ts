import type { Context, MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { api } from '../api';
import { policyOf, type RoutePolicy } from '../api/policy';
import type { AppEnv } from '../env';

/**
 * The edge's view of the API's routes: each route's declared policy (api/policy.ts), taken from
 * the API's own route list, so a route and its policy are written once, where the route is.
 * The same table serves the embedded API and UPSTREAM_API, which answers the same paths.
 */
export interface MatchedRoute {
  policy: RoutePolicy;
  params: Record<string, string>;
  /** the route as the API declares it ('/book-online/salon/:salonId/') */
  path: string;
}

interface Declared {
  policy: RoutePolicy;
  path: string;
}

let router: TrieRouter<Declared> | null = null;

function build(): TrieRouter<Declared> {
  const r = new TrieRouter<Declared>();
  for (const route of api.routes) {
    const declared = policyOf(route.handler);
    if (declared) r.add(route.method, route.path, { policy: declared, path: route.path });
  }
  return r;
}

/** The policy of the API route a method and path ('/book-online/salon/1/') reach, or null when none does. */
export function routeOf(method: string, path: string): MatchedRoute | null {
  router ??= build();
  const [matches] = router.match(method === 'HEAD' ? 'GET' : method, path) as [[Declared, Record<string, string>][]];
  const first = matches[0];
  return first ? { policy: first[0].policy, path: first[0].path, params: first[1] } : null;
}

/** The API path a request of the edge reaches, if any: /api/… is the API's, /admin/… the admin API's own paths. */
export function apiPathOf(path: string): string | null {
  if (path.startsWith('/api/')) return path.slice('/api'.length);
  if (path.startsWith('/admin/')) return path;
  return null;
}

/**
 * Looks the request's API route up once, first thing, and keeps it on the context (`route`):
 * the D1 session's start, the abuse limit, the caller's verification, the cache and the salon's
 * database all read it from there (null: a path that reaches no API route, or none at all).
 */
export const matchRoute: MiddlewareHandler<AppEnv> = async (c, next) => {
  const apiPath = apiPathOf(c.req.path);
  c.set('route', apiPath === null ? null : routeOf(c.req.method, apiPath));
  await next();
};

/** The request's own API route, as matchRoute found it. */
export const routeOfRequest = (c: Context<AppEnv>): MatchedRoute | null => c.get('route') ?? null;
