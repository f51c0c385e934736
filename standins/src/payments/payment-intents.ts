import * as z from 'zod';
import type { Ctx, Route } from './context';
import { connectFields, connectParams } from './connect-charges';
import { loadCustomer } from './customers';
import { sameSecret, unixSeconds } from './ids';
import { checkMinimum, newPaymentIntent, type IntentInternal, type PaymentIntent } from './intent-objects';
import { answerOf, changeIntent, confirmIntent, loadIntent, saveIntent, type Attempt, type Change } from './intents';
import { applyMetadata } from './metadata';
import { currencyParam, formArray, formBool, formInt, idParam, listParams, metadataParam, offSessionParam, returnUrl } from './params';
import { assertUsableBy, resolvePaymentMethod } from './payment-methods';
import { badParam, noSuch, requireStatus, unexpectedState } from './stripe-error';
import { listObjects, retrying } from './store';
import { parseParams } from './validation';

/**
 * Payment intents as the product uses them (worker/payments/deposit.ts, worker/invites/pay.ts):
 * created and confirmed at once with the client's saved card and manual capture, retrieved,
 * captured in full, cancelled (the hold released); listed for the Worker tests.
 */
const createPi = z.strictObject({
  amount: formInt(1, 99_999_999),
  currency: currencyParam,
  customer: idParam.optional(),
  payment_method: idParam.optional(),
  capture_method: z.enum(['automatic', 'manual']).optional(),
  /**
   * card_present: paid on a Terminal reader (terminal.ts process_payment_intent). The API version
   * the product pins names it allowed_payment_method_types (the intent answers the types in
   * payment_method_types); older versions sent payment_method_types.
   */
  allowed_payment_method_types: formArray(z.enum(['card', 'card_present'])).optional(),
  payment_method_types: formArray(z.enum(['card', 'card_present'])).optional(),
  confirm: formBool.optional(),
  /** the cardholder is not present (a no-show fee on a saved card): true, 'one_off' or 'recurring' */
  off_session: offSessionParam.optional(),
  return_url: returnUrl.optional(),
  metadata: metadataParam,
  ...connectParams,
});
const confirmPi = z.strictObject({
  payment_method: idParam.optional(),
  return_url: returnUrl.optional(),
  off_session: offSessionParam.optional(),
  client_secret: z.string().max(200).optional(),
});
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const listPis = z.strictObject({ ...listParams, customer: idParam.optional() });
const noParams = z.strictObject({});

const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createPi, ctx.input);
  checkMinimum(p.amount, p.currency);
  if (!p.confirm && p.return_url !== undefined)
    throw badParam('You may only specify `return_url` when confirming a PaymentIntent (confirm=true).', 'return_url');
  const types = p.allowed_payment_method_types ?? p.payment_method_types;
  if (p.confirm && types?.includes('card_present'))
    throw badParam('A card_present PaymentIntent is confirmed on a Terminal reader (process_payment_intent).', 'confirm');
  if (!p.confirm && p.off_session !== undefined)
    throw badParam('You may only specify `off_session` when confirming a PaymentIntent (confirm=true).', 'off_session');
  const customer = p.customer ? (await loadCustomer(ctx, p.customer, 'customer')).object.id : null;
  const connect = await connectFields(ctx.db, p, p.amount, ctx.account);
  const change = await retrying(async () => {
    const intent = newPaymentIntent(ctx.now, {
      amount: p.amount,
      currency: p.currency,
      customer,
      metadata: applyMetadata({}, p.metadata),
      capture_method: p.capture_method ?? 'automatic',
      ...(types ? { payment_method_types: [...new Set(types)] } : {}),
      ...connect,
    });
    const internal: IntentInternal = {};
    let attempt: Attempt = { events: [] };
    if (p.confirm) {
      attempt = await confirmIntent(ctx, intent, internal, p.payment_method, p.return_url, !!p.off_session);
    } else if (p.payment_method) {
      const pm = await resolvePaymentMethod(ctx, p.payment_method, 'payment_method');
      assertUsableBy(pm, customer, 'PaymentIntent');
      intent.payment_method = pm.object.id;
      intent.status = 'requires_confirmation';
    }
    const c: Change<'payment_intent'> = { ...attempt, intent, internal };
    return (await saveIntent(ctx.db, ctx, c)) ? c : undefined;
  });
  return answerOf(change);
}

/**
 * POST /v1/payment_intents/:id/confirm: a payment confirmed again, e.g. an off-session payment the
 * bank declined for authentication, now with the client present (3-D Secure then asked as usual).
 * Stripe.js confirms with the publishable key and the intent's client secret.
 */
async function confirm(ctx: Ctx): Promise<object> {
  const p = parseParams(confirmPi, ctx.input);
  const change = await changeIntent(ctx.db, ctx, 'payment_intent', ctx.params.id ?? '', async ({ object: pi, internal }) => {
    if (ctx.keyKind === 'publishable' && (!p.client_secret || !sameSecret(p.client_secret, pi.client_secret))) {
      throw noSuch('payment_intent', pi.id, 'intent', 404);
    }
    requireStatus('payment_intent', pi, CONFIRMABLE, 'confirm', 'confirmed');
    return { ...(await confirmIntent(ctx, pi, internal, p.payment_method, p.return_url, !!p.off_session)), intent: pi, internal };
  });
  return answerOf(change);
}

/** Changes the path's payment intent (capture, cancel) and answers it. */
const changePi = async (ctx: Ctx, decide: (pi: PaymentIntent, internal: IntentInternal) => Change<'payment_intent'>) =>
  answerOf(await changeIntent(ctx.db, ctx, 'payment_intent', ctx.params.id ?? '', async (s) => decide(s.object, s.internal)));

export const paymentIntentRoutes: Route[] = [
  { method: 'POST', path: '/v1/payment_intents', handler: create },
  // the Worker tests read a customer's intents (tests/worker/invite-helpers.ts, payments-booking.test.ts)
  {
    method: 'GET',
    path: '/v1/payment_intents',
    handler: async (ctx) => {
      const p = parseParams(listPis, ctx.input);
      const filter = p.customer ? { on: 'customer' as const, value: p.customer } : null;
      return listObjects(ctx.db, 'stripe_payment_intents', '/v1/payment_intents', filter, p.limit);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    handler: async (ctx) => {
      parseParams(noParams, ctx.input);
      return (await loadIntent(ctx.db, ctx.now, 'payment_intent', ctx.params.id ?? '')).object;
    },
  },
  { method: 'POST', path: '/v1/payment_intents/:id/confirm', publishable: true, handler: confirm },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/capture',
    handler: (ctx) => {
      parseParams(noParams, ctx.input);
      return changePi(ctx, (pi, internal) => {
        if (pi.status !== 'requires_capture') {
          throw unexpectedState(
            'payment_intent',
            `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
            pi,
          );
        }
        pi.status = 'succeeded';
        pi.amount_received = pi.amount_capturable;
        pi.amount_capturable = 0;
        delete internal.captureBefore;
        return { intent: pi, internal, events: [{ type: 'payment_intent.succeeded', object: pi }] };
      });
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    handler: (ctx) => {
      parseParams(noParams, ctx.input);
      return changePi(ctx, (pi, internal) => {
        requireStatus('payment_intent', pi, CANCELABLE, 'cancel', 'canceled');
        pi.status = 'canceled';
        pi.canceled_at = unixSeconds(ctx.now);
        pi.amount_capturable = 0; // a hold is released
        pi.next_action = null;
        delete internal.captureBefore;
        return { intent: pi, internal, events: [{ type: 'payment_intent.canceled', object: pi }] };
      });
    },
  },
];
