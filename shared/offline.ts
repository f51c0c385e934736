/** The service worker's cache of pages (vite.config.ts); the client puts its first page there too. */
export const PAGES_CACHE = 'pages';
