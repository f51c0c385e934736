import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api';
import { watchConnection } from './connection';

declare module '@tanstack/react-query' {
  interface Register {
    // Every query and mutation goes through lib/api.ts (the typed client, or call() for the session), which fails only with an ApiError.
    defaultError: ApiError;
    queryMeta: { personal?: boolean };
  }
}

/** A server error (5xx) may pass: one more try, a second later. */
const SERVER_ERROR_RETRIES = 1;

/**
 * Whether a failed query is tried again by itself: only after a server error (5xx). Never after a
 * refusal (4xx: the same call gets the same answer), a time-out (the client has already waited
 * 30 s) or no connection (the call runs again once the connection is back, see below).
 */
export const retryQuery = (failures: number, e: unknown) => e instanceof ApiError && e.status >= 500 && failures < SERVER_ERROR_RETRIES;

// TanStack Query's idea of being online is connection.ts's: the browser's, corrected by calls that
// could not reach the server and a probe that finds out when it is back.
onlineManager.setEventListener(watchConnection);

/**
 * The page's one cache of server answers (TanStack Query). The first screen is drawn from the
 * data the edge injects and asks the server nothing, so this module (and TanStack Query) loads
 * with the first screen that does (client/app/server-data.tsx); the server render never has one.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // An answer is reused for half a minute; after that a screen shows it and asks again.
      // Bookable times and the client's bookings ask again each time a screen opens (staleTime 0).
      staleTime: 30_000,
      retry: retryQuery,
      retryDelay: 1000,
      // Offline, a call still runs and fails at once with the offline message (client/lib/api.ts),
      // rather than waiting unseen: a screen never seen says so, and one already seen keeps its
      // last answer (the offline notice says it may be out of date).
      networkMode: 'always',
      // Back online, what is on screen is asked again, however fresh it was.
      refetchOnReconnect: 'always',
    },
    mutations: { networkMode: 'always', retry: false },
  },
});

/** The screens below reach the page's query client. */
export function ServerData({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Logged out: whatever the page was told about the client (its bookings, invites, card) is forgotten. */
export function forgetPersonalAnswers() {
  queryClient.removeQueries({ predicate: (q) => q.meta?.personal === true });
}

/** Marks a query whose answer is the logged-in client's own (forgotten at logout). */
export const PERSONAL = { meta: { personal: true } } as const;

/**
 * Bookable times (a week, a day, the staff free at a time, a rebooking window): asked again each
 * time a screen opens, and shown with askedThisVisit below.
 */
export const BOOKABLE_TIMES = { staleTime: 0 } as const;

/**
 * A query's answer only once it was asked on this visit of the screen (or the call failed, as
 * offline, when the last answer is all there is): bookable times must be current, never what an
 * earlier visit was told. Until then the screen shows that it is loading.
 */
export function askedThisVisit<T>(q: { data: T | undefined; isFetchedAfterMount: boolean }): T | undefined {
  return q.isFetchedAfterMount ? q.data : undefined;
}
