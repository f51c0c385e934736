// Types of lib.mjs for the TypeScript files that use it (test setup).
import type { ChildProcess } from 'node:child_process';

export function run(cmd: string, args: string[], opts?: Record<string, unknown>): void;
export function buildClient(): void;
export function prepareLocalDb(persistTo?: string): void;
export function prepareStandInsDb(persistTo?: string): void;
export function standInSettings(
  port: number,
): Record<
  | 'COGNITO_ENDPOINT'
  | 'COGNITO_JWKS_URL'
  | 'STAFF_COGNITO_ENDPOINT'
  | 'STAFF_COGNITO_JWKS_URL'
  | 'STRIPE_API_BASE'
  | 'TWILIO_API_BASE'
  | 'RESEND_API_BASE'
  | 'PUSHER_HOST',
  string
>;
export function startWorker(opts: {
  port: number;
  persistTo?: string;
  vars?: Record<string, string>;
  config?: string;
  quiet?: boolean;
}): Promise<ChildProcess>;
export function startStandIns(opts: { port: number; persistTo?: string; appPort?: number; quiet?: boolean }): Promise<ChildProcess>;
/** A repeatable pseudo-random sequence in [0, 1) from a seed (mulberry32). */
export function seededRandom(seed: number): () => number;
/** Debian's chromium and the flags it runs with here. */
export const CHROMIUM: string;
/** Debian's chromium-headless-shell, which the browser tests run. */
export const E2E_CHROMIUM: string;
export const CHROMIUM_FLAGS: readonly string[];
/** The browser tests' defaults: first server's port, workers (and servers), the instant they run at. */
/** The line scripts/serve-e2e.mjs prints once every server answers (Playwright and npm test wait for it). */
export const E2E_READY: string;
export const E2E_DEFAULTS: { readonly port: number; readonly workers: number; readonly clockStart: string };
/** The demo group owner's console access token from the app at `base`. */
export function ownerToken(base: string): Promise<string>;
