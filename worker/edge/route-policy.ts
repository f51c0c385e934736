import { TrieRouter } from 'hono/router/trie-router';
import { api } from '../api';
import { policyOf, type RoutePolicy } from '../api/policy';

/**
 * The edge's view of the API's routes: each route's declared policy (api/policy.ts), taken from
 * the API's own route list, so a route and its policy are written once, where the route is.
 * The same table serves the embedded API and UPSTREAM_API, which answers the same paths.
 */
export interface MatchedRoute {
  policy: RoutePolicy;
  params: Record<string, string>;
  /** the route as the API declares it ('/book-online/salon/:id/') */
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
