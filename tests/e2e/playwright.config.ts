import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, E2E_CHROMIUM, E2E_READY } from '../../scripts/lib.mjs';
import { CLOCK_OFFSET_MS, CUSTOM_DOMAIN, E2E_BASE_PORT, E2E_PORT, E2E_WORKERS, UNKNOWN_DOMAIN } from './env';

// Browser tests of the built app: `npm run build` first, then
// `npx playwright test --config tests/e2e/playwright.config.ts` from the repository root.
const root = fileURLToPath(new URL('../..', import.meta.url));
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Each worker has an app server of its own (scripts/serve-e2e.mjs; env.ts picks it by the
  // worker's parallel index), so a test that changes a salon or books a time meets no other
  // worker's test. A file's tests run in order in one worker.
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  globalTimeout: 30 * 60_000, // a passing run took 761-823 s on 2 cores (223 tests, 2026-11-26)
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // Recording a trace costs every test about a fifth more CPU (screencast and DOM snapshots),
    // so it is on only when asked for: E2E_TRACE=1 keeps one for each failing test.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The offline shell's service worker precaches every asset (65 requests) after each first
    // load, a fifteenth of a page load's CPU in every test; the tests of the shell itself
    // (offline.spec.ts, release-check.spec.ts) allow it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: E2E_CHROMIUM,
          args: [
            ...CHROMIUM_FLAGS,
            // A salon's own domain and an unknown one both reach the local server, so the
            // browser sends their Host header exactly as it would in production.
            `--host-resolver-rules=MAP ${CUSTOM_DOMAIN} 127.0.0.1, MAP ${UNKNOWN_DOMAIN} 127.0.0.1`,
          ],
        },
      },
    },
  ],
  // npm test starts the servers while the other stages run (scripts/test.mjs) and waits for them itself.
  webServer: process.env.E2E_SERVERS_STARTED
    ? undefined
    : {
        command: 'node scripts/serve-e2e.mjs',
        // the line it prints once every worker's server answers (no port of its own that could be taken)
        wait: { stdout: new RegExp(E2E_READY) },
        cwd: root,
        env: {
          E2E_PORT: String(E2E_BASE_PORT),
          E2E_SERVERS: String(E2E_WORKERS),
          // the Workers' clocks and the demo data's dates, the same day as the tests' (env.ts)
          E2E_CLOCK_OFFSET_MS: String(CLOCK_OFFSET_MS),
          // serve-e2e.mjs runs wrangler from node_modules/.bin and needs Node 22 from there too.
          PATH: `${root}node_modules/.bin${delimiter}${process.env.PATH ?? ''}`,
        },
        timeout: 300_000, // seeding once and starting a server per worker, on 2 busy cores
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
