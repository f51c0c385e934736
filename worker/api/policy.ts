import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import type { StaffRole } from '../../shared/console/roles';
import { AppError } from '../errors';
import { admitAdminKey, admitOperatorKey } from './admin-key';
import { admitStaff } from './staff-access';

/**
 * Each API route declares its policy where it is defined, as its first middleware: who may call
 * it and how its answer may be cached. The edge reads these declarations (edge/route-policy.ts
 * builds its table from the API's own routes) to verify tokens, cache public answers and refresh
 * the caches a change touched: there is no other table of paths. A route without a declaration
 * fails a test (tests/worker/route-policy.test.ts).
 *
 * Who may call:
 * - `public`: anyone;
 * - `client`: a client signed in with Cognito (the edge verifies the access token and passes the
 *   verified username; a call that names another client's resource answers 404);
 * - `client-if-sent`: anyone, tied to the client when it sends its token (holds);
 * - `rebooking`: the older rebooking flow's `Authorization: Rebooking {token}`, checked by the API;
 * - `admin`: a salon's admin key (or an API key of the salon's) for the path's `:salonId`, checked
 *   by the policy (api/admin-key.ts); a change names the cache scopes it touched with
 *   `changedScopes`, and the edge refreshes them;
 * - `operator`: the platform's operator (`OPERATOR_KEY`), checked by the policy (api/admin-key.ts):
 *   moving a salon between databases;
 * - `staff`: a salon's staff member signed in to the console (the edge verifies the access token
 *   against the STAFF pool and passes the verified username); the declaration names the `roles`
 *   allowed, checked against the member's role at the path's salon (`:salonId`; another salon is 404).
 *   A change names its cache scopes as an admin change does. `newcomers` (staffUserRoute) also
 *   admits someone the pool verified who is on no salon's team yet (a new owner, issue 49).
 *
 * Which copy of the database it reads (D1 read replication, edge/d1-session.ts):
 * - `replica: 'any'` (browseRoute): a browse-only public read (availability, booking options, the
 *   group's picker) may read any replica, however far behind: a time a stale replica shows free
 *   is refused by the booking's own INSERT (409);
 * - a cached public GET starts at the primary (its first query, the settings version its key
 *   carries, when the lease has none) and reads replicas at least as new, so nothing older than
 *   the version is ever cached under it;
 * - every other call (a hold, a booking, a payment, a cancellation, a client's or staff's own
 *   reads) starts at the bookmark the caller's previous answer carried, or at the primary, and
 *   its answer carries the new bookmark: a caller always reads its own writes.
 */
export type Caller = 'public' | 'client' | 'client-if-sent' | 'rebooking' | 'admin' | 'operator' | 'staff';

/** A public GET the edge may cache: under the settings scope its answer depends on ('salon:1'), or none. */
export interface PublicCache {
  scope: (params: Record<string, string>) => string | null;
  /** a 404 is remembered too (unknown domains and short URLs), in a small bounded table */
  misses: boolean;
}

export interface RoutePolicy {
  caller: Caller;
  /** absent: never cached at the edge (answers of personal calls say private, no-store themselves) */
  cache?: PublicCache;
  /** the call takes a hold: a browser without a hold cookie gets one (edge/hold-browser.ts) */
  takesHold?: boolean;
  /** a staff call: the roles (at the path's salon) that may make it */
  roles?: readonly StaffRole[];
  /** a staff call (naming no salon) that anyone the staff pool verified may make, on no salon's team yet: a new owner */
  newcomers?: true;
  /** 'any': a browse-only read that may read any replica (absent: the caller's own writes, or the primary) */
  replica?: 'any';
}

/** The cache scopes of a salon's settings, a group's picker, and the domain and short-URL lookups. */
export const SCOPES = {
  salon: (id: number | string) => `salon:${id}`,
  group: (id: number | string) => `group:${id}`,
  tenancy: 'tenancy',
} as const;

const POLICY = Symbol('route policy');
type Declared = MiddlewareHandler<AppEnv> & { [POLICY]?: RoutePolicy };

/**
 * The declaration as middleware, first on its route: in the API it admits the caller it declares
 * before anything else reads the call (its params, its body) and refuses anyone else. A client
 * call must carry the edge's verified client, a staff call the edge's verified member with a role
 * that may make it, an admin call its salon's key, an operator call the operator's key. The
 * public callers, the holds' and the rebooking token's (checked by its calls) pass through.
 */
export function policy(p: RoutePolicy): MiddlewareHandler<AppEnv> {
  const mw: Declared = async (c, next) => {
    switch (p.caller) {
      case 'client':
        if (!c.get('caller').clientSub) throw new AppError('UNAUTHORIZED', 'No token saved! Please log in to continue.');
        break;
      case 'staff':
        await admitStaff(c, p.roles ?? [], p.newcomers === true);
        break;
      case 'admin':
        await admitAdminKey(c);
        break;
      case 'operator':
        await admitOperatorKey(c);
        break;
    }
    await next();
  };
  mw[POLICY] = p;
  return mw;
}

/** The policy a handler declares, if it is a declaration. */
export const policyOf = (handler: unknown): RoutePolicy | undefined => (handler as Declared | null)?.[POLICY];

export const publicRoute = policy({ caller: 'public' });
/** A public, browse-only, uncached read: any replica will do (availability, booking options, a group's picker). */
export const browseRoute = policy({ caller: 'public', replica: 'any' });
export const clientRoute = policy({ caller: 'client' });
export const holdRoute = policy({ caller: 'client-if-sent' });
export const holdTakingRoute = policy({ caller: 'client-if-sent', takesHold: true });
export const rebookingRoute = policy({ caller: 'rebooking' });
export const adminRoute = policy({ caller: 'admin' });
export const operatorRoute = policy({ caller: 'operator' });
/** A console call for staff with one of `roles` at the path's salon (any signed-in member where the path names none). */
export const staffRoute = (roles: readonly StaffRole[]) => policy({ caller: 'staff', roles });
/**
 * A console call naming no salon that anyone signed in to the staff pool may make, whether or not
 * they are on a salon's team yet (who am I, creating a salon): a new owner has no staff row until
 * their first salon.
 */
export const staffUserRoute = policy({ caller: 'staff', roles: [], newcomers: true });
/** A public GET cached under `scope` of its path's params. */
export const cachedRoute = (scope: PublicCache['scope'], { misses = false } = {}) => policy({ caller: 'public', cache: { scope, misses } });

/** What an admin change touched: the edge refreshes these cache scopes before the answer goes out. */
export const CHANGED_SCOPES_HEADER = 'X-Changed-Scopes';
export function changedScopes(c: { header: (name: string, value: string) => void }, scopes: string[]): void {
  if (scopes.length) c.header(CHANGED_SCOPES_HEADER, scopes.join(','));
}
