import type { api, bookingApi, consoleApi } from './index';

/**
 * The API's routes as types, for Hono's typed client (`hc` from hono/client): each route's
 * params, query and body from its validate() calls, its answer from its c.json() (docs/architecture.md
 * "Calling the API"). The client reads these through the Worker project's declarations
 * (tsconfig.client.json's reference), never the Worker's code.
 */
export type Api = typeof api;
/** The booking pages' calls, a part of Api (api/index.ts routes it at /). */
export type BookingApi = typeof bookingApi;
/** The console's staff calls, a part of Api. */
export type ConsoleApi = typeof consoleApi;
