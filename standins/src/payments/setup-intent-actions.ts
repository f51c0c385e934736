import { sameSecret } from './ids';
import { z } from 'zod';
import type { Ctx, Route } from './context';
import { commitWithEvents, type EventDraft } from './events';
import { assertUsableBy, resolvePaymentMethod } from './payment-methods';
import { idParam, paymentMethodOptions, returnUrl } from './params';
import { attemptSetup, type SetupIntent, type SiInternal, type StoredSi } from './setup-intent-object';
import { badParam, noSuch, requireStatus } from './stripe-error';
import { load, retrying, type Write } from './store';
import { parseParams } from './validation';

/** A setup intent by id (404 for a path id, 400 for a parameter). */
export async function loadSetupIntent(ctx: Pick<Ctx, 'db'>, id: string, param = 'intent', status: 400 | 404 = 404): Promise<StoredSi> {
  const found = /^seti_[A-Za-z0-9]+$/.test(id) ? await load<SetupIntent, SiInternal>(ctx.db, 'stripe_setup_intents', id) : null;
  if (!found) throw noSuch('setup_intent', id, param, status);
  return found;
}

const confirmSi = z.strictObject({
  payment_method: idParam.optional(),
  return_url: returnUrl.optional(),
  payment_method_options: paymentMethodOptions,
  client_secret: z.string().max(200).optional(),
});

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

interface Change {
  si: SetupIntent;
  internal: SiInternal;
  events: EventDraft[];
  also?: Write[];
  error?: Error;
}

async function act(ctx: Ctx, decide: (stored: StoredSi) => Promise<Change>): Promise<object> {
  const change = await retrying(async () => {
    const stored = await loadSetupIntent(ctx, ctx.params.id ?? '');
    const c = await decide(stored);
    const writes: Write[] = [
      { table: 'stripe_setup_intents', object: c.si, internal: c.internal, expected: stored.revision },
      ...(c.also ?? []),
    ];
    return (await commitWithEvents(ctx.db, writes, c.events, ctx)) ? c : undefined;
  });
  if (change.error) throw change.error;
  return change.si;
}

async function confirm(ctx: Ctx): Promise<object> {
  const p = parseParams(confirmSi, ctx.input);
  return act(ctx, async ({ object, internal }) => {
    const si = structuredClone(object);
    // Stripe.js confirms with the publishable key, proving itself with the intent's client secret.
    if (ctx.keyKind === 'publishable' && (!p.client_secret || !sameSecret(p.client_secret, si.client_secret))) {
      throw noSuch('setup_intent', si.id, 'intent', 404);
    }
    requireStatus('setup_intent', si, CONFIRMABLE, 'confirm', 'confirmed');
    const ref = p.payment_method ?? si.payment_method;
    if (!ref)
      throw badParam(
        "You cannot confirm this SetupIntent because it's missing a payment method.",
        'payment_method',
        'setup_intent_unexpected_state',
      );
    const pm = await resolvePaymentMethod(ctx, ref, 'payment_method');
    assertUsableBy(pm, si.customer, 'SetupIntent');
    const next: SiInternal = { ...internal, ...(p.return_url !== undefined ? { returnUrl: p.return_url } : {}) };
    const request3ds = p.payment_method_options?.card?.request_three_d_secure;
    if (request3ds) si.payment_method_options.card.request_three_d_secure = request3ds;
    const attempt = attemptSetup(ctx, si, next, pm, false);
    return { si, internal: next, events: attempt.events, also: attempt.pmWrite ? [attempt.pmWrite] : [], error: attempt.error };
  });
}

export const setupIntentActions: Route[] = [{ method: 'POST', path: '/v1/setup_intents/:id/confirm', publishable: true, handler: confirm }];
