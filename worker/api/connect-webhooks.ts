import { Hono } from 'hono';
import type { Account } from '../payments/stripe-api';
import { rowIdOf } from '../../shared/ids';
import { salonOfAccount } from '../db/salon-accounts';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { recordAccount } from '../payments/connect';
import { stripeFor } from '../payments/stripe';
import { salonDatabase } from './salon-database';
import { verifiedEvent, webhookBodyLimit } from './stripe-signature';

/**
 * The Connect webhook endpoint (POST /webhooks/stripe-connect, docs/payments.md): events of the
 * salons' connected accounts, signed with the Connect endpoint's own secret. account.updated only
 * says which account to look at: its state is read from Stripe, and recorded on the one salon
 * that holds that account id (the account's metadata names the salon only to find its database),
 * so a forged event changes nothing and one account's event never changes another salon's row.
 */
export const connectWebhooks = new Hono<AppEnv>().post('/webhooks/stripe-connect', webhookBodyLimit, async (c) => {
  const config = c.get('config');
  const stripe = stripeFor(config);
  const event = await verifiedEvent(c, config.stripe.connectWebhookSecret);
  if (event.type === 'account.updated') {
    const object = event.data.object;
    const accountId = event.account ?? object.id;
    if (accountId !== object.id) throw new AppError('BAD_REQUEST', 'The event is about another account than its own');
    const db = await salonDatabase(c, rowIdOf(object.metadata?.salon_id));
    const salonId = await salonOfAccount(db, accountId);
    if (salonId !== null) {
      const account: Account = await stripe.accounts.retrieve(accountId);
      await recordAccount(db, salonId, account);
    }
  }
  return c.json({ received: true });
});
