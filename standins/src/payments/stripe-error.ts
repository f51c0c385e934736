/** Errors answered as Stripe does: {error: {type, code, decline_code, message, param, ...}} with its HTTP status. */
type ErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface ErrorFields {
  type: ErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  charge?: string;
  payment_intent?: object;
  setup_intent?: object;
  payment_method?: object;
}

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 429 | 500;

export class StripeApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly fields: ErrorFields,
    /** false for errors before the endpoint ran (validation): Stripe saves no idempotent result for them. */
    readonly replayable = true,
  ) {
    super(fields.message);
    this.name = 'StripeApiError';
  }

  body(): { error: Record<string, unknown> } {
    const { code } = this.fields;
    return { error: { ...this.fields, ...(code ? { doc_url: docUrl(code) } : {}) } };
  }
}

export const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

/** A 400 invalid_request_error. */
export const invalidRequest = (message: string, extra: Omit<ErrorFields, 'type' | 'message'> = {}, replayable = true) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra }, replayable);

/** A request that failed validation (never saved for Idempotency-Key replay). */
export const badParam = (message: string, param?: string, code?: string) =>
  invalidRequest(message, { ...(code ? { code } : {}), ...(param ? { param } : {}) }, false);

const NAMES = {
  customer: 'customer',
  payment_method: 'PaymentMethod',
  payment_intent: 'payment_intent',
  setup_intent: 'setupintent',
  checkout_session: 'checkout.session',
  account: 'account',
  terminal_reader: 'terminal.reader',
  terminal_location: 'terminal.location',
} as const;
export type Resource = keyof typeof NAMES;

/** "No such customer: 'cus_x'" (404 for a path id, 400 for a reference in the body). */
export function noSuch(resource: Resource, id: string, param: string, status: 400 | 404 = 404) {
  const shown = id.length > 100 ? `${id.slice(0, 100)}…` : id;
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${NAMES[resource]}: '${shown}'`,
    param,
  });
}

const KEY_HELP = 'You can find your API key in the Stripe Dashboard at https://dashboard.stripe.com/apikeys.';

export const missingKey = () =>
  new StripeApiError(
    401,
    {
      type: 'invalid_request_error',
      message: `You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). ${KEY_HELP}`,
    },
    false,
  );

/** Stripe masks the key it refuses: 'sk_test_****************1234'. */
export function invalidKey(key: string) {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  const masked = key.length > 12 ? `${prefix}${'*'.repeat(Math.min(24, key.length - prefix.length - 4))}${key.slice(-4)}` : '***';
  return new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` }, false);
}

export const publishableKeyRefused = () =>
  new StripeApiError(
    403,
    {
      type: 'invalid_request_error',
      message: `This API call cannot be made with a publishable API key. Please use a secret API key. ${KEY_HELP}`,
    },
    false,
  );

/** 'payment_intent_unexpected_state' / 'setup_intent_unexpected_state'. */
export const unexpectedState = (object: 'payment_intent' | 'setup_intent', message: string, intent: object) =>
  invalidRequest(message, { code: `${object}_unexpected_state`, [object]: intent });

const INTENT_NAMES = { payment_intent: 'PaymentIntent', setup_intent: 'SetupIntent' } as const;

/** Throws Stripe's error for an action ('confirm', 'cancel'; 'confirmed', 'canceled') on an intent in the wrong status. */
export function requireStatus(
  object: 'payment_intent' | 'setup_intent',
  intent: { status: string },
  allowed: readonly string[],
  verb: string,
  participle: string,
): void {
  if (allowed.includes(intent.status)) return;
  const name = INTENT_NAMES[object];
  throw unexpectedState(
    object,
    `You cannot ${verb} this ${name} because it has a status of ${intent.status}. Only a ${name} with one of the following statuses may be ${participle}: ${allowed.join(', ')}.`,
    intent,
  );
}

export const internalError = () =>
  new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred in the payments stand-in.' }, false);
