import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';
import { AppError, FieldErrors, MSG_PAYMENTS_UNAVAILABLE, STATUS, type ErrorCode } from './errors';

/** The HTTP answer of an error: the JSON body every route answers with (worker/errors.ts holds the errors themselves). */

const codeOf = (status: number): ErrorCode =>
  (Object.entries(STATUS).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');

/** JSON error body the client's call wrapper reads ('detail' first, per docs/booking/journey.md §8). */
export function errorBody(c: Context<AppEnv>, code: string, detail: string, field?: string) {
  return { detail, code, ...(field ? { field } : {}), request_id: c.get('requestId') };
}

/** The stripe SDK's errors when Stripe cannot answer (unreachable, its own failure, rate limit): the caller may retry. */
const PAYMENTS_UNAVAILABLE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

/** Maps any thrown error to JSON; only 5xx are logged, and never with request bodies. */
export function onError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    if (err.status >= 500) console.error(`[${c.get('requestId')}]`, err.code, err.message);
    const provider = err.providerCode ? { code: err.providerCode, ...(err.declineCode ? { decline_code: err.declineCode } : {}) } : {};
    const fields = err instanceof FieldErrors ? { errors: err.errors } : {};
    return c.json({ ...errorBody(c, err.code, err.message, err.field), ...provider, ...fields }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status >= 500) console.error(`[${c.get('requestId')}]`, err.message);
    return c.json(errorBody(c, codeOf(status), err.message || 'Request failed'), status);
  }
  const type = (err as Error & { type?: unknown }).type;
  if (typeof type === 'string' && PAYMENTS_UNAVAILABLE.has(type)) {
    console.error(`[${c.get('requestId')}] payment service unavailable:`, type);
    return c.json(errorBody(c, 'BAD_GATEWAY', MSG_PAYMENTS_UNAVAILABLE), 502);
  }
  console.error(`[${c.get('requestId')}] unhandled`, err instanceof Error ? err.stack : err);
  return c.json(errorBody(c, 'INTERNAL', 'Something went wrong on our side. Please try again.'), 500);
}
