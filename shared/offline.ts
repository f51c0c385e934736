/** The service worker's cache of pages (vite.config.ts); the client puts its first page there too. */
export const PAGES_CACHE = 'pages';

/**
 * The first path segments the edge answers with something other than a page (worker/index.ts
 * mounts them): the API, the admin API, the session, payment webhooks, realtime authorisation,
 * salon media, the stand-ins' and development paths; and the salon console (staff pages,
 * never kept for offline). The service worker never keeps them.
 */
export const NOT_PAGES = ['api', 'admin', 'session', 'webhooks', 'realtime', 'pusher', 'media', 'console', '__'] as const;

/**
 * Screens whose address carries a one-time code or a token (deposit-request links, card details,
 * booking verification, rebooking links): never kept for offline, not even the first page.
 */
export const CODE_SCREENS = ['invite', 'invite-login', 'card-details', 'verify', 'auth'] as const;

export const NOT_PAGE_PATH = new RegExp(`^/(?:${NOT_PAGES.join('|')})`);
export const CODE_SCREEN_PATH = new RegExp(`/(?:${CODE_SCREENS.join('|')})/`);

/** Whether a page at `pathname` may be kept for a client who reopens it offline. */
export const keptForOffline = (pathname: string) => !NOT_PAGE_PATH.test(pathname) && !CODE_SCREEN_PATH.test(pathname);
