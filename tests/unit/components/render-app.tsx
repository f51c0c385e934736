import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { Bootstrap, RealtimeSettings } from '../../../shared/types';
import { App } from '../../../client/app/App';
import { enterSalon } from '../../../client/features/journey/store';
import { refreshSession, type ClientUser } from '../../../client/features/auth/store';
import { queryClient } from '../../../client/lib/query-client';
import salon1 from './fixtures/bootstrap-salon-1.json';
import salon2 from './fixtures/bootstrap-salon-2.json';
import salon3 from './fixtures/bootstrap-salon-3.json';

/**
 * Component tests of the real app (React Testing Library on happy-dom): `renderSalon(1, '/summary')`
 * renders the booking area of a demo salon at that path, from the same bootstrap the edge injects
 * into /salon/{id} (fixtures/bootstrap-salon-{id}.json, saved from `curl /salon/{id}` of a server
 * with the demo data), with the browser's router, and answers the calls the screens make with
 * the answers a test gives (`apiStub.answer`), shaped as the real API answers them.
 */
export const BOOTSTRAPS = { 1: salon1, 2: salon2, 3: salon3 } as unknown as Record<1 | 2 | 3, Extract<Bootstrap, { page: 'salon' }>>;

/**
 * The demo client (Jamie Rivers: standins/seed/demo_identity.sql, worker/db/seed/demo.sql), as the
 * session API answers `user` (worker/edge/session.ts userOf).
 */
export const DEMO_USER: ClientUser = {
  username: '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123',
  name: 'Jamie Rivers',
  email: 'jamie@example.test',
  phone_number: '+447700900123',
  phone_number_verified: true,
};

/**
 * A token shaped as the identity endpoint issues them (a JWT: header, claims, signature, each
 * base64url). The client never reads it (it only sends it as `Authorization: Bearer …`), so the
 * signature is not a real one; the stubbed API can check that a protected call carries it.
 */
export function tokenOf(user: ClientUser, use: 'access' | 'id'): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: user.username, token_use: use, iss: 'http://127.0.0.1/local_clients', iat: now, exp: now + 3600 };
  return `${part({ alg: 'RS256', kid: 'component-tests' })}.${part(use === 'id' ? { ...claims, name: user.name } : claims)}.not-signed`;
}

/** `POST /session/refresh` of a browser with the session cookie: the tokens and who is signed in (worker/edge/pool-session.ts start). */
export const sessionOf = (user: ClientUser) => ({
  access_token: tokenOf(user, 'access'),
  id_token: tokenOf(user, 'id'),
  expires_in: 3600,
  user,
});

/** An answer: a JSON body with status 200, or a status and body, or nothing (204). */
export type Answer = { status: number; body?: unknown } | { json: unknown };
/** Answers a call, at once or later (a promise: the answer arrives when it resolves). */
type Handler = (request: { method: string; path: string; body: unknown }) => Answer | Promise<Answer>;

/** Calls every screen of the booking area makes (the release check; a session refresh: logged out). */
const DEFAULTS: Record<string, Handler> = {
  'GET /api/latest/release/ui.booking/development/': () => ({ json: { latest_release: BOOTSTRAPS[1].release } }),
  'POST /session/refresh': () => ({ status: 204 }),
};

/** Calls every console screen makes, of any salon, answered unless a test answers them itself. */
const DEFAULT_PATTERNS: [RegExp, Handler][] = [
  // the console's navigation shows the Inbox's unread count (docs/console/inbox.md): none by default
  [/^GET \/api\/console\/salons\/\d+\/inbox$/, () => ({ json: { threads: [], unread: 0 } })],
];

/** The page's `fetch`: answers the calls the test named, by `METHOD /path?query`, and records the rest. */
export const apiStub = {
  handlers: { ...DEFAULTS } as Record<string, Handler>,
  /** every call the page made, with its Authorization header (a protected call's bearer token) and its If-Match */
  calls: [] as { method: string; path: string; body: unknown; authorization: string | null; ifMatch: string | null }[],
  unanswered: [] as string[],
  /** calls sent whose answer has not arrived yet */
  pending: 0,
  /** Answers `METHOD /path` (with its query, if any) from now on. */
  answer(key: string, answer: Answer | Handler) {
    this.handlers[key] = typeof answer === 'function' ? answer : () => answer;
  },
  reset() {
    this.handlers = { ...DEFAULTS };
    this.calls = [];
  },
  /**
   * Resolves once the page has gone quiet: no answer on its way and no new call for a few turns
   * of the event loop (or after `maxMs`, for an answer a test holds back for good). After a
   * screen is unmounted, what it still had under way (a query's call once its token came, the
   * call an answer leads to) is made now, while its own test's answers stand, rather than in the
   * next test's.
   */
  async settled(maxMs = 250) {
    const until = Date.now() + maxMs;
    for (let quiet = 0; quiet < 3 && Date.now() < until;) {
      const made = this.calls.length;
      await new Promise((r) => setTimeout(r, 0));
      quiet = this.pending === 0 && this.calls.length === made ? quiet + 1 : 0;
    }
  },
};

globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
  const method = (init?.method ?? 'GET').toUpperCase();
  const path = url.pathname + url.search;
  const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  const authorization = new Headers(init?.headers).get('Authorization');
  const ifMatch = new Headers(init?.headers).get('If-Match');
  apiStub.calls.push({ method, path, body, authorization, ifMatch });
  const key = `${method} ${path}`;
  const handler = apiStub.handlers[key] ?? DEFAULT_PATTERNS.find(([pattern]) => pattern.test(key))?.[1];
  if (!handler) {
    apiStub.unanswered.push(`${method} ${path}`);
    return new Response(JSON.stringify({ detail: 'not answered by the test', code: 'test' }), { status: 599 });
  }
  apiStub.pending++;
  const a = await Promise.resolve(handler({ method, path, body })).finally(() => apiStub.pending--);
  if ('json' in a) return Response.json(a.json);
  if (a.status === 204) return new Response(null, { status: 204 });
  return Response.json(a.body ?? null, { status: a.status });
}) as typeof fetch;

/**
 * Renders salon `id`'s booking area at `path` (below its base path, e.g. '/summary?x=1'), logged
 * out (or, with `as`, with that client's session cookie: the refresh answers a session), with a
 * fresh selection and no cached answers. Resolves once the session check is done.
 *
 * The realtime channel (pusher-js, after the first paint of a logged-in page) is left out: it is
 * the browser tests' (deposits.spec.ts › a salon's new request appears live …).
 */
export async function renderSalon(id: 1 | 2 | 3, path = '/', o: { selection?: () => void; as?: ClientUser } = {}) {
  // (the page's type says a salon page always has `realtime`; SalonArea connects only when it is set)
  const boot = { ...BOOTSTRAPS[id], realtime: undefined as unknown as RealtimeSettings };
  const session = o.as ? sessionOf(o.as) : null;
  if (session) apiStub.answer('POST /session/refresh', { json: session });
  window.history.replaceState(null, '', boot.basePath + (path === '/' ? '' : path));
  queryClient.clear();
  enterSalon(0);
  enterSalon(id);
  o.selection?.();
  await refreshSession();
  const user = userEvent.setup({ delay: null });
  const view = render(
    <StrictMode>
      <App boot={boot} />
    </StrictMode>,
  );
  return { user, session, ...view };
}

/**
 * Renders the page the edge serves where no salon is named (bootstrap `landing`): the older
 * rebooking flow at /auth/…, /salon, /history/…, or the verification links (with the salon the edge
 * found for a link that names one). No session check: the rebooking flow has a token of its own.
 */
export function renderLanding(path: string, salon?: { id: number; name: string }) {
  window.history.replaceState(null, '', path);
  queryClient.clear();
  const user = userEvent.setup({ delay: null });
  const view = render(
    <StrictMode>
      <App boot={{ page: 'landing', release: BOOTSTRAPS[1].release, ...(salon ? { salon } : {}) }} />
    </StrictMode>,
  );
  return { user, ...view };
}

/** The address bar's path, as the browser shows it. */
export const currentPath = () => window.location.pathname + window.location.search;

export { screen };
