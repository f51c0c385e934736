import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { SALON_PREFIX, salonOfToken, sha256Hex } from '../crypto';
import { saleClientOf, salePaymentOfLink } from '../db/sales';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { savedCard } from '../payments/cards';
import { afterSalePayment, salePayment, settleSalePayment } from '../payments/checkout';
import { confirmWithClient } from '../payments/flow';
import { stripeFor } from '../payments/stripe';
import { idParam, validate } from '../validate';
import { announceToDiary } from './diary-notices';
import { publicRoute } from './policy';
import { salonDatabase } from './salon-database';
import { originOf } from './request-headers';

const linkParam = z.object({
  paymentId: idParam('Payment id'),
  // `{salonId}.{32 characters}` (crypto.ts salonToken)
  secret: z.string().regex(new RegExp(`^${SALON_PREFIX}[A-Za-z0-9_-]{32}$`), 'This link is not valid'),
});

const gone = () => new AppError('NOT_FOUND', 'This link is not valid any more.');

async function paymentOf(c: Context<AppEnv>) {
  const p = c.req.valid('param' as never) as z.output<typeof linkParam>;
  const db = await salonDatabase(c, salonOfToken(p.secret));
  const payment = await salePaymentOfLink(db, p.paymentId, await sha256Hex(p.secret));
  if (!payment) throw gone();
  return { p, payment, db };
}

/** Where the client lands when it is done: the salon's page. */
const salonPage = (c: Context<AppEnv>, salonId: number) => `${originOf(c)}/salon/${salonId}`;

/**
 * The link texted when the bank wants the client to approve a checkout's payment on their saved
 * card (docs/console/checkout.md "3-D Secure"), as a no-show fee's link does (api/no-show-links.ts):
 * the same intent confirmed with the client present, through 3-D Secure, and settled on return.
 */
export const salePaymentLinks = new Hono<AppEnv>()
  .get('/sale-payment/:paymentId/:secret', publicRoute, validate('param', linkParam), async (c) => {
    const { p, payment, db } = await paymentOf(c);
    c.header('Cache-Control', 'no-store');
    if (payment.status === 'succeeded') return c.redirect(salonPage(c, payment.salon_id), 303);
    if (payment.status !== 'requires_action' || !payment.payment_intent_id) throw gone();
    const clientId = await saleClientOf(db, payment.sale_id);
    const card = clientId ? await savedCard(db, clientId) : null;
    if (!card) throw gone();
    const stripe = stripeFor(c.get('config'));
    const { redirect, settled } = await confirmWithClient(stripe, salePayment(db, payment), {
      paymentIntentId: payment.payment_intent_id,
      paymentMethod: card.id,
      returnUrl: `${originOf(c)}/api/sale-payment/${p.paymentId}/${p.secret}/done`,
    });
    if (redirect) return c.redirect(redirect, 303);
    if (settled && (await afterSalePayment(db, stripe, payment.sale_id)) === 'paid' && payment.appointment_id)
      announceToDiary(c, payment.salon_id, payment.appointment_id, 'paid');
    return c.redirect(salonPage(c, payment.salon_id), 303);
  })
  .get('/sale-payment/:paymentId/:secret/done', publicRoute, validate('param', linkParam), async (c) => {
    const { payment, db } = await paymentOf(c);
    c.header('Cache-Control', 'no-store');
    if (payment.payment_intent_id && payment.status === 'requires_action') {
      const { status } = await settleSalePayment(db, stripeFor(c.get('config')), payment, payment.payment_intent_id);
      if (status === 'paid' && payment.appointment_id) announceToDiary(c, payment.salon_id, payment.appointment_id, 'paid');
    }
    return c.redirect(salonPage(c, payment.salon_id), 303);
  });
