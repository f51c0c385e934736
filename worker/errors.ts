import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BAD_GATEWAY: 502,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;
export type ErrorCode = keyof typeof STATUS;

/** The one error type of the Worker: a code that maps to a status and a message a caller can act on. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** a payment provider's error code and decline code, passed on to the client */
    readonly providerCode?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return STATUS[this.code];
  }
}

/** JSON error body the client's call wrapper reads ('detail' first, per booking-journey.md §8). */
export function errorBody(c: Context<AppEnv>, code: string, detail: string, field?: string) {
  return { detail, code, ...(field ? { field } : {}), request_id: c.get('requestId') };
}

/** Maps any thrown error to JSON; only 5xx are logged, and never with request bodies. */
export function onError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    const provider = err.providerCode ? { code: err.providerCode, ...(err.declineCode ? { decline_code: err.declineCode } : {}) } : {};
    return c.json({ ...errorBody(c, err.code, err.message, err.field), ...provider }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status >= 500) console.error(`[${c.get('requestId')}]`, err.message);
    return c.json(errorBody(c, 'HTTP_ERROR', err.message || 'Request failed'), status);
  }
  console.error(`[${c.get('requestId')}] unhandled`, err instanceof Error ? err.stack : err);
  return c.json(errorBody(c, 'INTERNAL', 'Something went wrong on our side. Please try again.'), 500);
}
