import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { callApi } from './api-client';
import { routeOf, routeOfRequest, type MatchedRoute } from './route-policy';
import { versionOf } from './versions';

interface Entry {
  body: ArrayBuffer;
  status: number;
  contentType: string;
  etag: string;
}

/** Per-isolate layer in front of the Cache API: keys carry the version, so it is never stale. */
const memory = new Map<string, Entry>();
const MEMORY_LIMIT = 1000;
function remember(key: string, entry: Entry) {
  if (memory.size >= MEMORY_LIMIT) memory.delete(memory.keys().next().value as string);
  memory.set(key, entry);
}

/**
 * Remembered 404s, apart from the answers so that a flood of made-up domains or slugs can
 * neither grow memory nor push real answers out: at most MISS_LIMIT, oldest dropped first, and
 * never written to the Cache API. Keys carry the version, so a claimed name is seen at once.
 */
const misses = new Map<string, Entry>();
export const MISS_LIMIT = 256;
function rememberMiss(key: string, entry: Entry) {
  if (misses.size >= MISS_LIMIT) misses.delete(misses.keys().next().value as string);
  misses.set(key, entry);
}

/** A strong ETag for a text: the first 12 bytes of its SHA-1, in hex. */
export async function etagOf(key: string): Promise<string> {
  const d = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(key));
  return `"${[...new Uint8Array(d)]
    .slice(0, 12)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')}"`;
}

function respond(c: Context<AppEnv>, e: Entry, state: 'HIT' | 'MISS'): Response {
  const headers: Record<string, string> = {
    'Content-Type': e.contentType,
    // Browsers revalidate every time (a 304 is cheap), so a salon's change shows at once.
    'Cache-Control': 'no-cache',
    'X-Cache': state,
  };
  if (e.status !== 200) return new Response(withRequestId(c, e.body), { status: e.status, headers });
  headers.ETag = e.etag;
  if (c.req.header('If-None-Match') === e.etag) return new Response(null, { status: 304, headers });
  return new Response(e.body, { status: e.status, headers });
}

/** A remembered error body names this request, not the one that first got it. */
function withRequestId(c: Context<AppEnv>, body: ArrayBuffer): ArrayBuffer | string {
  try {
    const json = JSON.parse(new TextDecoder().decode(body)) as unknown;
    if (json && typeof json === 'object' && 'request_id' in json) {
      return JSON.stringify({ ...json, request_id: c.get('requestId') });
    }
  } catch {
    // not JSON: as it was
  }
  return body;
}

/** The current settings version of a scope ('salon:1'), read through the lease of versions.ts. */
export function scopeVersion(c: Context<AppEnv>, scope: string): Promise<string> {
  return versionOf(c.env.DB, scope, c.get('config').versionLeaseMs);
}

/** 'salon:1@4': a scope with its current version, for keys of things derived from it. */
export async function versionedScope(c: Context<AppEnv>, scope: string): Promise<string> {
  return `${scope}@${await scopeVersion(c, scope)}`;
}

/**
 * How a public GET is cached, as its route declares it (api/policy.ts): its versioned key, and
 * whether a 404 is remembered too (in a small per-isolate table only), so a page on an unknown
 * domain or short URL does not call the API on every load.
 */
async function ruleOf(c: Context<AppEnv>, path: string, route: MatchedRoute | null): Promise<{ key: string; misses: boolean } | null> {
  const cache = route?.policy.caller === 'public' ? route.policy.cache : undefined;
  if (!route || !cache) return null;
  const scope = cache.scope(route.params);
  const version = scope ? await scopeVersion(c, scope) : '0';
  return { key: `https://edge-cache.internal/${c.get('config').release}/${scope ?? 'global'}@${version}/${path}`, misses: cache.misses };
}

type Lookup = { entry: Entry; state: 'HIT' | 'MISS' } | { passThrough: Response };

/**
 * A public call through the edge cache: per-isolate memory, then the Cache API, then the API.
 * Only plain 200 answers are stored (never ones that set cookies or are private), and the 404s
 * of the calls that remember misses, in their own bounded per-isolate table.
 */
async function lookup(c: Context<AppEnv>, path: string, search: string, route: MatchedRoute | null): Promise<Lookup> {
  const rule = search ? null : await ruleOf(c, path, route);
  if (!rule) return { passThrough: await callApi(c, path, search, undefined, route) };
  const { key } = rule;

  const hot = memory.get(key) ?? (rule.misses ? misses.get(key) : undefined);
  if (hot) return { entry: hot, state: 'HIT' };

  const cache = (globalThis as unknown as { caches: { default: Cache } }).caches.default;
  const stored = await cache.match(key);
  if (stored) {
    const entry: Entry = {
      body: await stored.arrayBuffer(),
      status: stored.status,
      contentType: stored.headers.get('Content-Type') ?? 'application/json',
      etag: stored.headers.get('ETag') ?? (await etagOf(key)),
    };
    remember(key, entry);
    return { entry, state: 'HIT' };
  }

  const res = await callApi(c, path, search, undefined, route);
  const cc = res.headers.get('Cache-Control') ?? '';
  if (rule.misses && res.status === 404 && !res.headers.has('Set-Cookie') && !/private|no-store/.test(cc)) {
    const miss: Entry = {
      body: await res.arrayBuffer(),
      status: 404,
      contentType: res.headers.get('Content-Type') ?? 'application/json',
      etag: '',
    };
    rememberMiss(key, miss);
    return { entry: miss, state: 'MISS' };
  }
  if (res.status !== 200 || res.headers.has('Set-Cookie') || /private|no-store/.test(cc)) return { passThrough: res };
  const entry: Entry = {
    body: await res.arrayBuffer(),
    status: 200,
    contentType: res.headers.get('Content-Type') ?? 'application/json',
    etag: await etagOf(key),
  };
  remember(key, entry);
  c.executionCtx.waitUntil(
    cache.put(
      key,
      new Response(entry.body, {
        headers: { 'Content-Type': entry.contentType, ETag: entry.etag, 'Cache-Control': 'public, max-age=86400' },
      }),
    ),
  );
  return { entry, state: 'MISS' };
}

/** The request's own public GET (its route as matchRoute found it): cached when it can be, with an ETag for cheap revalidation. */
export async function cachedGet(c: Context<AppEnv>, path: string, search: string): Promise<Response> {
  const found = await lookup(c, path, search, routeOfRequest(c));
  return 'passThrough' in found ? found.passThrough : respond(c, found.entry, found.state);
}

/** Reads a public call as JSON for the HTML shell; null when the API says 404. */
export async function cachedJson<T>(c: Context<AppEnv>, path: string): Promise<T | null> {
  // the page's own call of the API, at a path of its own: its route looked up once, here
  const found = await lookup(c, path, '', routeOf('GET', `/${path}`));
  if ('passThrough' in found) {
    if (found.passThrough.status === 404) return null;
    throw new Error(`API ${path} answered ${found.passThrough.status}`);
  }
  if (found.entry.status === 404) return null;
  return JSON.parse(new TextDecoder().decode(found.entry.body)) as T;
}
