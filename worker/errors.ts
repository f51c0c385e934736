import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYMENT_REQUIRED: 402,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;
export type ErrorCode = keyof typeof STATUS;

/**
 * The one error type of the Worker: a code that maps to a status and a message a caller can act
 * on. It is Hono's HTTPException, so middleware and handlers throw it alike and the one onError
 * answers it.
 */
export class AppError extends HTTPException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** an upstream service's own error code (Stripe's, Cognito's type), passed on as `code` */
    readonly providerCode?: string,
    readonly declineCode?: string,
  ) {
    super(STATUS[code], { message });
  }
}

/**
 * A refused form (400): one message per field at fault, answered as `errors` beside the usual
 * `detail` and `code`, so a screen shows each under its field. `field` names the first.
 */
export class FieldErrors extends AppError {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super('BAD_REQUEST', message, Object.keys(errors)[0]);
  }
}

/** The ErrorCode of an HTTP status that was thrown without one (e.g. by Hono's own middleware). */
const codeOf = (status: number): ErrorCode =>
  (Object.entries(STATUS).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');

/** JSON error body the client's call wrapper reads ('detail' first, per docs/booking-journey.md §8). */
export function errorBody(c: Context<AppEnv>, code: string, detail: string, field?: string) {
  return { detail, code, ...(field ? { field } : {}), request_id: c.get('requestId') };
}

/** The stripe SDK's errors when Stripe cannot answer (unreachable, its own failure, rate limit): the caller may retry. */
const PAYMENTS_UNAVAILABLE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);
export const MSG_PAYMENTS_UNAVAILABLE = 'The payment service is unreachable at the moment. Please try again shortly.';

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
