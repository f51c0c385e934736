import { E2E_DEFAULTS } from '../../scripts/lib.mjs';

/**
 * The first app server's port (scripts/serve-e2e.mjs honours the same E2E_PORT). Each Playwright
 * worker has a server of its own, ten ports apart: this process's is the one of its parallel index.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT || E2E_DEFAULTS.port);
export const E2E_PORT = E2E_BASE_PORT + 10 * Number(process.env.TEST_PARALLEL_INDEX || 0);
/** How many workers, and so servers. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS || E2E_DEFAULTS.workers);

/** Salon 1's own domain in the demo data, and a host no salon owns. */
export const CUSTOM_DOMAIN = 'book.demo-salon.test';
export const UNKNOWN_DOMAIN = 'unknown-salon.test';

/** The offline stand-ins beside the app (scripts/serve-e2e.mjs): Stripe's 3-D Secure page, the dev outbox. */
export const STANDINS_URL = `http://127.0.0.1:${E2E_PORT + 1}`;

/**
 * The instant the browser tests run at, whatever day they run on: Tuesday 29 December 2026,
 * 10:00 in London, so the days on show span a month's end and a year's end (the longest month
 * label) and no run passes or fails by the calendar. E2E_CLOCK_START (an ISO instant) chooses
 * another. The product Worker, the stand-ins, the browser and the tests' own process all run
 * their clocks by the same offset (shared/clock.ts), computed once by the main process; the
 * test workers inherit it.
 */
export const CLOCK_START = process.env.E2E_CLOCK_START || E2E_DEFAULTS.clockStart;
process.env.E2E_CLOCK_OFFSET_MS ||= String(Date.parse(CLOCK_START) - Date.now());
export const CLOCK_OFFSET_MS = Number(process.env.E2E_CLOCK_OFFSET_MS);
