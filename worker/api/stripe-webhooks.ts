import { Hono } from 'hono';
import { verifiedEvent, webhookBodyLimit } from './stripe-signature';
import type { AppEnv } from '../env';
import { settleEvent } from './settle-payments';
import { announceToDiary } from './diary-notices';
import { salonOfAppointment } from '../db/diary';
import { stripeFor } from '../payments/stripe';
import { issueVoucher } from '../payments/vouchers';
import { SESSION_ID } from '../../shared/vouchers';
import { receiptAfterAnswer } from './vouchers';
import { salonDatabase } from './salon-database';
import { SALON_KEY } from '../payments/flow';
import { rowIdOf } from '../../shared/ids';

/** A salon id the metadata names (none, or not an id: null, the first database: an intent made before intents named their salon). */
function idIn(metadata: Record<string, string> | null | undefined, key: string): number | null {
  return rowIdOf(metadata?.[key]);
}

/**
 * Signed payment events (POST /webhooks/stripe), verified with the SDK and the configured
 * secret. An event only says which intent to look at: the deposit is settled from the intent
 * retrieved from Stripe (api/settle-payments.ts, payments/flow.ts), and a voucher is issued from the Checkout Session
 * retrieved from Stripe (payments/vouchers.ts), so a forged or replayed event confirms nothing.
 */
export const stripeWebhooks = new Hono<AppEnv>().post('/webhooks/stripe', webhookBodyLimit, async (c) => {
  const config = c.get('config');
  const stripe = stripeFor(config);
  const event = await verifiedEvent(c, config.stripe.webhookSecret);
  if (event.type.startsWith('payment_intent.')) {
    const pi = event.data.object;
    // the intent's metadata names its salon (payments/flow.ts SALON_KEY): its database settles it
    const db = await salonDatabase(c, idIn(pi.metadata, SALON_KEY));
    const done = await settleEvent(db, stripe, pi, Date.now());
    if (done?.settled.outcome === 'paid') {
      const salonId = await salonOfAppointment(db, done.appointmentId);
      if (salonId !== null) announceToDiary(c, salonId, done.appointmentId, 'paid');
    }
  } else if (event.type === 'terminal.reader.action_succeeded' || event.type === 'terminal.reader.action_failed') {
    // a reader's payment (payments/checkout.ts): the event names the intent; the intent's own
    // metadata (retrieved from Stripe) names its salon and its sale payment
    const action = (event.data.object as { action?: { process_payment_intent?: { payment_intent?: unknown } | null } | null }).action;
    const piId = action?.process_payment_intent?.payment_intent;
    if (typeof piId === 'string' && /^pi_[A-Za-z0-9]+$/.test(piId)) {
      const pi = await stripe.paymentIntents.retrieve(piId);
      const db = await salonDatabase(c, idIn(pi.metadata, SALON_KEY));
      const done = await settleEvent(db, stripe, pi, Date.now());
      if (done?.settled.outcome === 'paid' && done.appointmentId) {
        const salonId = await salonOfAppointment(db, done.appointmentId);
        if (salonId !== null) announceToDiary(c, salonId, done.appointmentId, 'paid');
      }
    }
  } else if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    // The event only names the session: issueVoucher trusts the session retrieved from Stripe.
    if (session.metadata?.kind === 'voucher' && SESSION_ID.test(session.id)) {
      const db = await salonDatabase(c, idIn(session.metadata, SALON_KEY));
      const issued = await issueVoucher(db, stripe, session.id, Date.now());
      if (issued) receiptAfterAnswer(c, issued);
    }
  }
  return c.json({ received: true });
});
