import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { SendRefused } from '../messaging/refusal';

/**
 * Runs after the answer: a slow or failing provider never delays or fails the call; logged
 * without personal data (a provider's refusal by its status and code, never its words).
 */
export function afterAnswer(c: Context<AppEnv>, work: Promise<unknown>, what: string) {
  c.executionCtx.waitUntil(
    work.catch((e: unknown) => {
      const reason = e instanceof SendRefused ? `${e.status} ${e.code}` : e instanceof Error ? e.message : 'unknown error';
      console.error(`[${c.get('requestId')}] ${what}:`, reason);
    }),
  );
}

/** Where the API puts a message: the MESSAGES queue (or, failing that, a direct send). */
export const outboxOf = (c: Context<AppEnv>) => ({ queue: c.env.MESSAGES, db: c.env.DB, config: c.get('config') });
