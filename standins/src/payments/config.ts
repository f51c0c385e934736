import type { StandInsEnv } from '../env';

/**
 * The sandbox's own keys (test-mode shaped). They open only this sandbox; the product is given
 * them through its development settings, never in production (its config schema refuses them).
 */
export const LOCAL_STRIPE = {
  secretKey: 'sk_test_local_standin',
  publishableKey: 'pk_test_local_standin',
  webhookSecret: 'whsec_local_standin',
  /** the Connect endpoint's own signing secret (account.updated and other connected-account events) */
  connectWebhookSecret: 'whsec_local_standin_connect',
} as const;

export type PaymentsEnv = StandInsEnv;

/** The origin of an absolute http(s) URL, or null. */
export function httpOrigin(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The configured public origin of the stand-in's pages, if it is a valid http(s) origin. */
export const configuredOrigin = (env: PaymentsEnv): string | undefined => httpOrigin(env.PUBLIC_ORIGIN?.trim()) ?? undefined;
