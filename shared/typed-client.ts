import type { Hono } from 'hono';
import type { hc } from 'hono/client';

/** A call's arguments, as Hono's typed client takes them (hc's `$get({param, query, json}, options)`). */
interface CallArgs {
  param?: Record<string, string>;
  query?: Record<string, string | undefined>;
  json?: unknown;
  form?: Record<string, string>;
}
interface CallInit {
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
  init?: RequestInit;
}

/**
 * Hono's typed client of `App` at `base` (its type is `hc<App>`'s, from hono/client: each route's
 * params, query, body and answer read from the route itself), with a runtime of our own of the
 * same calls: `client.path[':param'].index.$get({param, query, json}, {fetch, headers, init})`.
 * hc's own runtime is 2 KB gzip (cookies, forms, WebSockets, $url), more than the booking page's
 * first load and the Worker's bundle have room for (docs/architecture.md "Calling the API"). A
 * path param is sent URL-encoded, and a route that ends in '/' (hc's `.index`) keeps its slash:
 * the API matches paths strictly. A call goes through `fetch` unless it names its own. The booking
 * pages and the console (client/lib/api.ts) and the edge's own calls (worker/edge/api-client.ts
 * `edgeApi`) all call the API through it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hc's own bound: any app
export function typedClient<App extends Hono<any, any, any>>(base: string, fetch: typeof globalThis.fetch) {
  const node = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_, key) => (typeof key !== 'string' || key === 'then' ? undefined : node([...path, key])),
      apply: (_, __, [args = {}, o = {}]: [CallArgs?, CallInit?]) => {
        const segments = path
          .slice(0, -1)
          .map((s) =>
            s === 'index'
              ? ''
              : s.startsWith(':')
                ? encodeURIComponent(args.param?.[s.slice(1).replace(/\{.*/, '')] ?? '').replace(/%2C/g, ',')
                : s,
          );
        const query = String(
          new URLSearchParams(Object.entries(args.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined)),
        );
        const headers: Record<string, string> = { ...o.headers };
        if (args.json !== undefined) headers['Content-Type'] = 'application/json';
        // a form goes URL-encoded (hc's is multipart; the route's form validator reads either)
        const body = args.form ? new URLSearchParams(args.form) : args.json === undefined ? undefined : JSON.stringify(args.json);
        return (o.fetch ?? fetch)(`${base}${segments.join('/')}${query && `?${query}`}`, {
          method: path.at(-1)!.slice(1).toUpperCase(),
          headers,
          body,
          ...o.init,
        });
      },
    });
  return node([]) as ReturnType<typeof hc<App>>;
}
