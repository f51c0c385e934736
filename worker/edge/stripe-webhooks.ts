import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AppEnv, Env } from '../env';
import { cancelPending, captureOnce, confirmPaid } from '../payments/deposit';
import { markDelivered, pendingWebhooks, stripeFor, webhookRequestInit, webhookSecretFor, type PaymentsEnv } from '../standins/payments';

/** The pending appointment a payment intent pays the deposit of, if it is still pending. */
async function pendingFor(db: D1Database, pi: Stripe.PaymentIntent): Promise<number | null> {
  const id = Number(pi.metadata?.appointment_id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const row = await db
    .prepare("SELECT id FROM appointments WHERE id = ? AND payment_intent_id = ? AND status = 'pending'")
    .bind(id, pi.id)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/**
 * Signed payment events (POST /webhooks/stripe), verified with the SDK. They settle deposits whose
 * browser never came back from 3-D Secure. Every change is guarded by the appointment still being
 * pending, so a replayed event changes nothing; a forged or tampered one is refused.
 */
export const stripeWebhooks = new Hono<AppEnv>().post('/webhooks/stripe', async (c) => {
  const env = c.env as PaymentsEnv;
  const stripe = stripeFor(env);
  const raw = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(raw, c.req.header('Stripe-Signature') ?? '', webhookSecretFor(env));
  } catch {
    return c.json({ detail: 'Webhook signature verification failed' }, 400);
  }
  if (event.type.startsWith('payment_intent.')) {
    const pi = event.data.object as Stripe.PaymentIntent;
    const appointment = await pendingFor(c.env.DB, pi);
    if (appointment !== null) {
      if (event.type === 'payment_intent.amount_capturable_updated' || event.type === 'payment_intent.succeeded') {
        await captureOnce(stripe, await stripe.paymentIntents.retrieve(pi.id));
        await confirmPaid(c.env.DB, appointment);
      } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
        await cancelPending(c.env.DB, appointment);
      }
    }
  }
  return c.json({ received: true });
});

/** Offline: hands the stand-in's recorded events to the webhook route, signed as Stripe signs them. */
export async function deliverStandInWebhooks(env: Env): Promise<void> {
  const secret = webhookSecretFor(env as PaymentsEnv);
  for (const w of await pendingWebhooks(env.DB)) {
    const res = await stripeWebhooks.request('/webhooks/stripe', await webhookRequestInit(w, secret), env);
    if (res.ok) await markDelivered(env.DB, w.id);
  }
}
