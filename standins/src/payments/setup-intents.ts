import * as z from 'zod';
import type { Ctx, Route } from './context';
import { loadCustomer } from './customers';
import { sameSecret } from './ids';
import { newSetupIntent } from './intent-objects';
import { answerOf, changeIntent, confirmIntent, loadIntent } from './intents';
import { applyMetadata } from './metadata';
import { idParam, metadataParam, returnUrl } from './params';
import { noSuch, requireStatus } from './stripe-error';
import { commit } from './store';
import { parseParams } from './validation';

/**
 * Setup intents as the product saves a card (worker/payments/cards.ts): created for the client's
 * customer, confirmed by the browser with the publishable key and the intent's client secret
 * (client/features/payments/offline/stand-in.ts), then retrieved.
 */
const createSi = z.strictObject({
  customer: idParam.optional(),
  usage: z.enum(['on_session', 'off_session']).optional(),
  metadata: metadataParam,
});
const confirmSi = z.strictObject({
  payment_method: idParam.optional(),
  return_url: returnUrl.optional(),
  client_secret: z.string().max(200).optional(),
});

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createSi, ctx.input);
  const customer = p.customer ? (await loadCustomer(ctx, p.customer, 'customer')).object.id : null;
  const si = newSetupIntent(ctx.now, { customer, metadata: applyMetadata({}, p.metadata), usage: p.usage ?? 'off_session' });
  await commit(ctx.db, [{ table: 'stripe_setup_intents', object: si }]);
  return si;
}

async function confirm(ctx: Ctx): Promise<object> {
  const p = parseParams(confirmSi, ctx.input);
  const change = await changeIntent(ctx.db, ctx, 'setup_intent', ctx.params.id ?? '', async ({ object: si, internal }) => {
    // Stripe.js confirms with the publishable key, proving itself with the intent's client secret.
    if (ctx.keyKind === 'publishable' && (!p.client_secret || !sameSecret(p.client_secret, si.client_secret))) {
      throw noSuch('setup_intent', si.id, 'intent', 404);
    }
    requireStatus('setup_intent', si, CONFIRMABLE, 'confirm', 'confirmed');
    return { ...(await confirmIntent(ctx, si, internal, p.payment_method, p.return_url)), intent: si, internal };
  });
  return answerOf(change);
}

export const setupIntentRoutes: Route[] = [
  { method: 'POST', path: '/v1/setup_intents', handler: create },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    handler: async (ctx) => {
      parseParams(z.strictObject({}), ctx.input);
      return (await loadIntent(ctx.db, ctx.now, 'setup_intent', ctx.params.id ?? '')).object;
    },
  },
  { method: 'POST', path: '/v1/setup_intents/:id/confirm', publishable: true, handler: confirm },
];
