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

/**
 * Routes already found, by method and path: a salon's pages and cached calls ask for the same
 * few paths again and again. At most FOUND_LIMIT, the oldest forgotten first (made-up paths
 * cannot grow it); each answer is frozen, as every request that finds it shares it.
 */
const found = new Map<string, MatchedRoute | null>();
const FOUND_LIMIT = 2000;
/** a longer path is looked up each time: the table stays small whatever is asked */
const MEMO_PATH_LIMIT = 200;

/** The policy of the API route a method and path ('/book-online/salon/1/') reach, or null when none does. */
export function routeOf(method: string, path: string): MatchedRoute | null {
  const verb = method === 'HEAD' ? 'GET' : method;
  const key = `${verb} ${path}`;
  const known = found.get(key);
  if (known !== undefined) return known;
  router ??= build();
  const [matches] = router.match(verb, path) as [[Declared, Record<string, string>][]];
  const first = matches[0];
  const route = first ? Object.freeze({ policy: first[0].policy, path: first[0].path, params: Object.freeze({ ...first[1] }) }) : null;
  if (path.length > MEMO_PATH_LIMIT) return route;
  if (found.size >= FOUND_LIMIT) found.delete(found.keys().next().value as string);
  found.set(key, route);
  return route;
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
