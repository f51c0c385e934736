import type { Context, MiddlewareHandler } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import type { RoutePolicy } from '../api/policy';
import { meteredDb, meterHeader, newMeter } from '../db/d1-meter';
import { databaseNames, DIRECTORY_BINDING } from '../db/placement';
import { openSession, type Session, type SessionStart } from '../db/session';
import { withBindings } from '../config';
import type { AppEnv } from '../env';
import { changeAnswerHeaders } from './answer-headers';
import { formatBookmarks, parseBookmarks, type Bookmarks } from './bookmarks';
import { routeOfRequest } from './route-policy';

/**
 * Every request reaches D1 through one session (read replication's Sessions API), opened here
 * before any handler runs: the request's `c.env.DB` is that session, so the edge, the embedded
 * API and every query module below them use it without knowing. Where it starts is the route's
 * declaration (api/policy.ts):
 *
 * - a browse-only read (`replica: 'any'`): 'first-unconstrained', any replica;
 * - a cached public GET and a page load: 'first-primary' (their first query is the settings
 *   version their cache key carries), then replicas at least as new;
 * - everything else (holds, bookings, payments, cancellations, a client's or staff's own reads,
 *   sign-in): the bookmark the caller's previous answer carried, or 'first-primary'. Its answer
 *   carries the session's newest bookmark, in the `X-D1-Bookmark` header and an httpOnly cookie
 *   the browser returns by itself; a caller that is not a browser may send the header instead.
 *   So a client's next read (their bookings, the confirmation) sees what its write wrote.
 *
 * Past one database (docs/scale.md), every D1 binding (DB, DB_2…) gets its own session, started
 * at the caller's bookmark for that database; the API takes the salon's database from the
 * directory (api/salon-database.ts). The answer carries the bookmark of each database it used.
 *
 * Scheduled runs and the queue consumer use the database itself, which D1 runs on the primary.
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';
/** with D1_METER=1: what the request asked of D1 (db/d1-meter.ts) */
export const METER_HEADER = 'X-D1-Meter';
const COOKIE = 'd1_bookmark';
/** A bookmark is only needed while replicas may lag (seconds); an expired one falls back to the primary. */
const OPTIONS = { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: 3600 } as const;

/** How the route a request reaches reads: 'any' replica, 'after-version' (cached GETs and pages), or its caller's 'own' writes. */
export type Reads = 'any' | 'after-version' | 'own';

export function readsOf(policy: RoutePolicy | undefined, method: string): Reads {
  if (!policy) return 'own';
  if (policy.replica === 'any') return 'any';
  return policy.cache && (method === 'GET' || method === 'HEAD') ? 'after-version' : 'own';
}

/** The route's way of reading, for any path the edge serves (its API route as matchRoute found it). */
function readsOfRequest(c: Context<AppEnv>): Reads {
  const { method, path } = c.req;
  if (path.startsWith('/api/')) return readsOf(routeOfRequest(c)?.policy, method);
  if (path.startsWith('/admin/')) return 'own';
  // pages, assets and icons are public reads cached under settings versions; the rest (sign-in, webhooks) write
  return method === 'GET' || method === 'HEAD' ? 'after-version' : 'own';
}

/** The bookmarks the caller returned (its header first, then its cookie), when they are bookmarks (edge/bookmarks.ts). */
export function bookmarksOf(c: Context<AppEnv>): Bookmarks | null {
  return parseBookmarks(c.req.header(BOOKMARK_HEADER) ?? getCookie(c, COOKIE, 'host'));
}

export function startOf(reads: Reads, bookmark: string | null | undefined): SessionStart {
  if (reads === 'any') return 'first-unconstrained';
  if (reads === 'own' && bookmark) return bookmark;
  return 'first-primary';
}

export const d1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const reads = readsOfRequest(c);
  const given = reads === 'own' ? bookmarksOf(c) : null;
  const givenValue = given ? formatBookmarks(given) : null;
  if (givenValue) c.set('d1Bookmark', givenValue);
  const meter = c.get('config').d1Meter ? newMeter() : null;
  // this request's own copy of the bindings: the shared env object is never changed
  const sessions = new Map<string, Session>();
  const bindings: Record<string, D1Database> = {};
  for (const name of databaseNames(c.env)) {
    const session = openSession((c.env as unknown as Record<string, D1Database>)[name] as D1Database, startOf(reads, given?.get(name)));
    sessions.set(name, session);
    bindings[name] = meter ? meteredDb(session.db, meter) : session.db;
  }
  c.env = withBindings(c.env, bindings);
  await next();
  if (meter) changeAnswerHeaders(c, (h) => h.set(METER_HEADER, meterHeader(meter)));
  if (reads !== 'own') return;
  // an upstream API's answer names its own sessions' bookmarks; the embedded API's are these sessions'
  const upstream = c.res.headers.get(BOOKMARK_HEADER);
  const latest = upstream !== null ? parseBookmarks(upstream) : newest(given, sessions);
  if (!latest || latest.size === 0) return;
  const value = formatBookmarks(latest);
  changeAnswerHeaders(c, (h) => {
    h.set(BOOKMARK_HEADER, value);
    if (value !== givenValue) h.append('Set-Cookie', generateCookie(COOKIE, value, OPTIONS));
  });
};

/** The caller's bookmarks, each database this request read or wrote moved on to its session's newest. */
function newest(given: Bookmarks | null, sessions: Map<string, Session>): Bookmarks {
  const out: Bookmarks = new Map(given ?? []);
  for (const [name, session] of sessions) {
    const bookmark = session.bookmark();
    if (bookmark) out.set(name as typeof DIRECTORY_BINDING, bookmark);
  }
  return out;
}
