/**
 * Stripe's REST API over fetch (docs/payments.md, "How the Worker speaks Stripe"): only the calls
 * the product makes, with the headers, body encoding, retries and errors the official stripe SDK
 * had (stripe-node 23.1.0, which the Worker no longer bundles: 33 KB gzip). The stand-ins
 * (standins/src/payments/) implement the same wire protocol, so development and the tests speak
 * it too. The types hold only the fields the code reads.
 */

/** The API version stripe-node 23.1.0 pinned (its ApiVersion): the shapes below are that version's. */
export const STRIPE_API_VERSION = '2026-10-28.endive';
/** As the SDK: a POST or GET is tried at most three times, 0.5 s then 0.5–1 s apart, each waiting at most 80 s. */
const MAX_RETRIES = 2;
const RETRY_DELAY_MS = 500;
const TIMEOUT_MS = 80_000;

export type Metadata = Record<string, string>;

export interface PaymentIntent {
  id: string;
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';
  amount: number;
  amount_received: number;
  currency: string;
  /** seconds since the epoch */
  created: number;
  client_secret: string | null;
  metadata: Metadata;
  transfer_data: { destination: string } | null;
  next_action: { redirect_to_url?: { url: string | null } | null } | null;
  last_payment_error: { code?: string; decline_code?: string; message?: string } | null;
}

export interface SetupIntent {
  id: string;
  status: string;
  client_secret: string | null;
  customer: string | null;
  payment_method: string | { id: string } | null;
}

export interface PaymentMethod {
  id: string;
  card?: { last4: string; brand: string; exp_month: number; exp_year: number } | null;
}

export interface Account {
  id: string;
  charges_enabled?: boolean;
  payouts_enabled?: boolean;
  details_submitted?: boolean;
  requirements?: {
    currently_due: string[] | null;
    past_due: string[] | null;
    pending_verification: string[] | null;
    disabled_reason: string | null;
  } | null;
}

export interface CheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number | null;
  currency: string | null;
  metadata: Metadata | null;
  /** an id, or the intent itself when retrieved with expand: ['payment_intent'] */
  payment_intent: string | PaymentIntent | null;
}

/** A signed webhook event (api/stripe-signature.ts): what it is about, and on which connected account. */
export interface StripeEvent {
  id: string;
  type: string;
  /** the connected account, for a Connect endpoint's event */
  account?: string;
  data: { object: { id: string; metadata?: Metadata | null } & Record<string, unknown> };
}

/** A form value: Stripe's bracket notation nests objects (`a[b]=`) and arrays (`a[0]=`); undefined is left out, null sent empty. */
export type FormValue = string | number | boolean | null | undefined | readonly FormValue[] | { readonly [key: string]: FormValue };
export type Params = { readonly [key: string]: FormValue };

/** A refund of a payment (payments/flow.ts refundOf): all of what is left, or `amount` of it. */
export type RefundParams = { payment_intent: string; amount?: number; reverse_transfer?: boolean; refund_application_fee?: boolean };

/** A Stripe Terminal reader (server-driven): its action is the payment it is taking. */
export interface TerminalReader {
  id: string;
  label: string;
  device_type: string;
  location: string | null;
  status: string | null;
  action: {
    type: string;
    status: 'in_progress' | 'succeeded' | 'failed';
    failure_code: string | null;
    failure_message: string | null;
    process_payment_intent?: { payment_intent: string } | null;
  } | null;
}

export interface RequestOptions {
  /** the same key makes a retry the same request (Stripe keeps a key's answer for 24 hours) */
  idempotencyKey?: string;
}

/** A value for a query string or a form body, as the SDK encoded it: brackets kept readable (Stripe accepts both). */
const encode = (s: string) => encodeURIComponent(s).replace(/%5B/g, '[').replace(/%5D/g, ']');

/**
 * Parameters in Stripe's form encoding (application/x-www-form-urlencoded with bracket notation,
 * as stripe-node's stringifyRequestData): `metadata[k]=v`, `line_items[0][quantity]=1`,
 * booleans as true/false; undefined values (and array items) are left out, null is sent empty.
 */
export function formEncode(params: Params): string {
  const pairs: string[] = [];
  const add = (key: string, value: FormValue): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') {
      pairs.push(`${encode(key)}=${encode(value === null ? '' : String(value))}`);
    } else if (Array.isArray(value)) {
      (value as readonly FormValue[]).forEach((item, i) => add(`${key}[${i}]`, item));
    } else {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    }
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return pairs.join('&');
}

/** Stripe's error object ({error: {...}}), as the code reads it. */
interface RawError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  param?: string;
  payment_intent?: PaymentIntent;
}

/**
 * Stripe's refusal of a call, with the fields of its error object (the SDK's StripeError had the
 * same names): `type` is Stripe's (card_error, invalid_request_error, idempotency_error,
 * api_error...); `statusCode` the HTTP status, 0 when Stripe could not be reached.
 */
export class StripeError extends Error {
  readonly type: string;
  readonly code: string | undefined;
  readonly decline_code: string | undefined;
  readonly param: string | undefined;
  /** the intent a card_error refused, when it was made */
  readonly payment_intent: PaymentIntent | undefined;
  constructor(
    readonly statusCode: number,
    raw: RawError,
    readonly requestId: string | undefined = undefined,
  ) {
    super(raw.message ?? `Stripe answered ${statusCode}`);
    this.name = 'StripeError';
    this.type = raw.type ?? 'api_error';
    this.code = raw.code;
    this.decline_code = raw.decline_code;
    this.param = raw.param;
    this.payment_intent = raw.payment_intent;
  }
}

/** A card's refusal (402 card_error), e.g. card_declined, or authentication_required off-session. */
export const isCardError = (e: unknown): e is StripeError => e instanceof StripeError && e.type === 'card_error';
/** The same idempotency key sent while its first request still runs (409), or reused with other parameters (400). */
export const isIdempotencyError = (e: unknown): e is StripeError => e instanceof StripeError && e.type === 'idempotency_error';

/** As the SDK: retried on a network failure, when Stripe says so (Stripe-Should-Retry), on 409 (a lock) and on 5xx. */
function shouldRetry(res: Response | null): boolean {
  if (!res) return true;
  const told = res.headers.get('Stripe-Should-Retry');
  if (told === 'false') return false;
  if (told === 'true') return true;
  return res.status === 409 || res.status >= 500;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The client for one secret key and API base (payments/stripe.ts stripeFor). */
export class StripeClient {
  constructor(
    private readonly secretKey: string,
    /** https://api.stripe.com, or the stand-ins' origin (STRIPE_API_BASE) */
    private readonly apiBase: string,
  ) {}

  /**
   * One call: GET parameters in the query string, POST ones in a form body with an Idempotency-Key
   * (the caller's, or one made for this call so that its retries cannot double it, as the SDK did).
   */
  async request<T>(method: 'GET' | 'POST', path: string, params: Params = {}, opts: RequestOptions = {}): Promise<T> {
    const form = formEncode(params);
    const hasBody = method === 'POST';
    const url = `${this.apiBase}/v1/${path}${!hasBody && form ? `?${form}` : ''}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.secretKey}`,
      'Stripe-Version': STRIPE_API_VERSION,
      Accept: 'application/json',
    };
    if (hasBody) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      headers['Idempotency-Key'] = opts.idempotencyKey ?? `retry-${crypto.randomUUID()}`;
    }
    for (let attempt = 0; ; attempt++) {
      let res: Response | null = null;
      let failure: unknown;
      try {
        res = await fetch(url, { method, headers, body: hasBody ? form : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (e) {
        failure = e;
      }
      if (attempt < MAX_RETRIES && (!res || !res.ok) && shouldRetry(res)) {
        await res?.body?.cancel();
        await sleep(Math.max(RETRY_DELAY_MS, RETRY_DELAY_MS * 2 ** attempt * (0.5 + Math.random() / 2)));
        continue;
      }
      if (!res) {
        const reason = failure instanceof Error ? failure.message : 'unknown';
        throw new StripeError(0, { type: 'api_connection_error', message: `An error occurred with our connection to Stripe (${reason}).` });
      }
      const requestId = res.headers.get('Request-Id') ?? undefined;
      const body = (await res.json().catch(() => null)) as { error?: RawError } | null;
      if (!body) throw new StripeError(res.status, { type: 'api_error', message: 'Invalid JSON received from the Stripe API' }, requestId);
      if (body.error || !res.ok) throw new StripeError(res.status, body.error ?? {}, requestId);
      return body as T;
    }
  }

  private post<T>(path: string, params: Params = {}, opts?: RequestOptions) {
    return this.request<T>('POST', path, params, opts);
  }
  private get<T>(path: string, params?: Params) {
    return this.request<T>('GET', path, params);
  }

  readonly paymentIntents = {
    create: (params: Params, opts?: RequestOptions) => this.post<PaymentIntent>('payment_intents', params, opts),
    retrieve: (id: string) => this.get<PaymentIntent>(`payment_intents/${encodeURIComponent(id)}`),
    confirm: (id: string, params: Params, opts?: RequestOptions) =>
      this.post<PaymentIntent>(`payment_intents/${encodeURIComponent(id)}/confirm`, params, opts),
    capture: (id: string, params: Params = {}, opts?: RequestOptions) =>
      this.post<PaymentIntent>(`payment_intents/${encodeURIComponent(id)}/capture`, params, opts),
    cancel: (id: string, params: Params = {}, opts?: RequestOptions) =>
      this.post<PaymentIntent>(`payment_intents/${encodeURIComponent(id)}/cancel`, params, opts),
  };

  readonly refunds = {
    create: (params: RefundParams, opts?: RequestOptions) => this.post<{ id: string; status: string | null }>('refunds', params, opts),
  };

  readonly customers = {
    create: (params: Params, opts?: RequestOptions) => this.post<{ id: string }>('customers', params, opts),
  };

  readonly setupIntents = {
    create: (params: Params, opts?: RequestOptions) => this.post<SetupIntent>('setup_intents', params, opts),
    retrieve: (id: string) => this.get<SetupIntent>(`setup_intents/${encodeURIComponent(id)}`),
  };

  readonly paymentMethods = {
    retrieve: (id: string) => this.get<PaymentMethod>(`payment_methods/${encodeURIComponent(id)}`),
    detach: (id: string, opts?: RequestOptions) => this.post<PaymentMethod>(`payment_methods/${encodeURIComponent(id)}/detach`, {}, opts),
  };

  readonly accounts = {
    create: (params: Params, opts?: RequestOptions) => this.post<Account>('accounts', params, opts),
    retrieve: (id: string) => this.get<Account>(`accounts/${encodeURIComponent(id)}`),
  };

  readonly accountLinks = {
    create: (params: Params, opts?: RequestOptions) => this.post<{ url: string }>('account_links', params, opts),
  };

  readonly terminal = {
    locations: {
      create: (params: Params, opts?: RequestOptions) => this.post<{ id: string }>('terminal/locations', params, opts),
    },
    readers: {
      create: (params: Params, opts?: RequestOptions) => this.post<TerminalReader>('terminal/readers', params, opts),
      processPaymentIntent: (id: string, params: { payment_intent: string }, opts?: RequestOptions) =>
        this.post<TerminalReader>(`terminal/readers/${encodeURIComponent(id)}/process_payment_intent`, params, opts),
      retrieve: (id: string) => this.get<TerminalReader>(`terminal/readers/${encodeURIComponent(id)}`),
      cancelAction: (id: string) => this.post<TerminalReader>(`terminal/readers/${encodeURIComponent(id)}/cancel_action`, {}),
    },
  };

  readonly checkout = {
    sessions: {
      create: (params: Params, opts?: RequestOptions) => this.post<CheckoutSession>('checkout/sessions', params, opts),
      retrieve: (id: string, params?: { expand?: string[] }) =>
        this.get<CheckoutSession>(`checkout/sessions/${encodeURIComponent(id)}`, params),
    },
  };
}
