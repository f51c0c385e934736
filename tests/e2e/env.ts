/** Where the browser tests reach the app (scripts/serve-e2e.mjs honours the same E2E_PORT). */
export const E2E_PORT = Number(process.env.E2E_PORT || 8790);

/** Salon 1's own domain in the demo data, and a host no salon owns. */
export const CUSTOM_DOMAIN = 'book.demo-salon.test';
export const UNKNOWN_DOMAIN = 'unknown-salon.test';
