import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** The console's own cache of server answers (never the booking pages'). */
export const consoleQueries = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // a refusal gets the same answer again; only a server error is tried once more
      retry: (failures, e) => e instanceof ApiError && e.status >= 500 && failures < 1,
    },
    mutations: { retry: false },
  },
});
