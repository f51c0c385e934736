/** Where the browser tests reach the app (scripts/serve-e2e.mjs honours the same E2E_PORT). */
export const E2E_PORT = Number(process.env.E2E_PORT || 8790);

/** Salon 1's own domain in the demo data, and a host no salon owns. */
export const CUSTOM_DOMAIN = 'book.demo-salon.test';
export const UNKNOWN_DOMAIN = 'unknown-salon.test';

/** The offline stand-ins beside the app (scripts/serve-e2e.mjs): Stripe's 3-D Secure page, the dev outbox. */
export const STANDINS_URL = `http://127.0.0.1:${E2E_PORT + 1}`;
