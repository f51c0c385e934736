import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { callApi } from './api-client';
import { versionOf } from './versions';

/** Public GETs the edge caches, and the settings scope each one depends on. */
const CACHEABLE: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string | null]> = [
  [/^latest\/release\/ui\.booking\/[a-z0-9-]+\/$/, () => null],
  [/^book-online\/group\/(\d+)\/$/, (m) => `group:${m[1]}`],
  [/^book-online\/salon\/(\d+)\/$/, (m) => `salon:${m[1]}`],
  [/^book-online\/services\/(\d+)\/$/, (m) => `salon:${m[1]}`],
  // which salon a custom domain or short URL is: renewed whenever a salon changes either
  [/^book-online\/salon\/by-(?:domain|slug)\/[^/]+\/$/, () => 'tenancy'],
];

/**
 * Not-found answers the edge remembers, so an unknown host or slug does not reach the API on
 * every request. Their keys carry the version like any other; kept apart and small, so a flood
 * of made-up hosts can only churn this map, never push real answers out.
 */
const misses = new Map<string, Response>();
const MISS_LIMIT = 256;
const rememberMiss = (key: string, res: Response) => {
  if (misses.size >= MISS_LIMIT) misses.delete(misses.keys().next().value as string);
  misses.set(key, res);
};

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

async function etagOf(key: string): Promise<string> {
  const d = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(key));
  return `"${[...new Uint8Array(d)]
    .slice(0, 12)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')}"`;
}

function respond(c: Context<AppEnv>, e: Entry, state: 'HIT' | 'MISS'): Response {
  const headers = {
    'Content-Type': e.contentType,
    // Browsers revalidate every time (a 304 is cheap), so a salon's change shows at once.
    'Cache-Control': 'no-cache',
    ETag: e.etag,
    'X-Cache': state,
  };
  if (c.req.header('If-None-Match') === e.etag) return new Response(null, { status: 304, headers });
  return new Response(e.body, { status: e.status, headers });
}

function requestVersion(c: Context<AppEnv>, scope: string): Promise<string> {
  return versionOf(c.env.DB, scope);
}

/** 'salon:1@4': a scope with its current version, for keys of things derived from it. */
export async function versionedScope(c: Context<AppEnv>, scope: string): Promise<string> {
  return `${scope}@${await requestVersion(c, scope)}`;
}

/** The cache key of a public GET, or null when the call is not cached. */
export async function cacheKeyOf(c: Context<AppEnv>, path: string): Promise<string | null> {
  for (const [re, scopeOf] of CACHEABLE) {
    const m = re.exec(path);
    if (!m) continue;
    const scope = scopeOf(m);
    const version = scope ? await requestVersion(c, scope) : '0';
    return `https://edge-cache.internal/${c.get('config').release}/${scope ?? 'global'}@${version}/${path}`;
  }
  return null;
}

type Lookup = { entry: Entry; state: 'HIT' | 'MISS' } | { passThrough: Response };

/**
 * A public call through the edge cache: per-isolate memory, then the Cache API, then the API.
 * Only plain 200 answers are stored (never ones that set cookies or are private).
 */
async function lookup(c: Context<AppEnv>, path: string, search: string): Promise<Lookup> {
  const key = search ? null : await cacheKeyOf(c, path);
  if (!key) return { passThrough: await callApi(c, path, search) };

  const hot = memory.get(key);
  if (hot) return { entry: hot, state: 'HIT' };
  const miss = misses.get(key);
  if (miss) return { passThrough: miss.clone() };

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

  const res = await callApi(c, path, search);
  if (res.status === 404 && key.includes('/tenancy@')) {
    const body = await res.arrayBuffer();
    const miss = new Response(body, { status: 404, headers: { 'Content-Type': res.headers.get('Content-Type') ?? 'application/json' } });
    rememberMiss(key, miss);
    return { passThrough: miss.clone() };
  }
  const cc = res.headers.get('Cache-Control') ?? '';
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

/** A public GET for the browser: cached when it can be, with an ETag for cheap revalidation. */
export async function cachedGet(c: Context<AppEnv>, path: string, search: string): Promise<Response> {
  const found = await lookup(c, path, search);
  return 'passThrough' in found ? found.passThrough : respond(c, found.entry, found.state);
}

/** Reads a public call as JSON for the HTML shell; null when the API says 404. */
export async function cachedJson<T>(c: Context<AppEnv>, path: string): Promise<T | null> {
  const found = await lookup(c, path, '');
  if ('passThrough' in found) {
    if (found.passThrough.status === 404) return null;
    throw new Error(`API ${path} answered ${found.passThrough.status}`);
  }
  return JSON.parse(new TextDecoder().decode(found.entry.body)) as T;
}
