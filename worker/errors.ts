import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYMENT_REQUIRED: 402,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  INTERNAL: 500,
  /** the salon is being moved to another database (a minute at most): try again */
  MOVING: 503,
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

export const MSG_PAYMENTS_UNAVAILABLE = 'The payment service is unreachable at the moment. Please try again shortly.';
