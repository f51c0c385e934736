import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { SALON_PREFIX, salonOfToken, sha256Hex } from '../crypto';
import { feeOfLink } from '../db/no-show-fees';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { settle } from '../payments/flow';
import { confirmFeeWithClient, noShowPayment } from '../payments/no-show';
import { stripeFor } from '../payments/stripe';
import { idParam, validate } from '../validate';
import { announceToDiary } from './diary-notices';
import { publicRoute } from './policy';
import { salonDatabase } from './salon-database';
import { originOf } from './request-headers';

const linkParam = z.object({
  appointmentId: idParam('Appointment id'),
  // `{salonId}.{32 characters}` (crypto.ts salonToken), or the 32 alone as minted before
  secret: z.string().regex(new RegExp(`^${SALON_PREFIX}[A-Za-z0-9_-]{32}$`), 'This link is not valid'),
});

const gone = () => new AppError('NOT_FOUND', 'This link is not valid any more.');

async function feeOf(c: Context<AppEnv>) {
  const p = c.req.valid('param' as never) as z.output<typeof linkParam>;
  // the secret names the salon, whose database holds the fee
  const db = await salonDatabase(c, salonOfToken(p.secret));
  const fee = await feeOfLink(db, p.appointmentId, await sha256Hex(p.secret));
  if (!fee) throw gone();
  return { p, fee, db };
}

/** Where the client lands when it is done: its bookings at the salon, which show the fee. */
const bookingsOf = (c: Context<AppEnv>, salonId: number) => `${originOf(c)}/salon/${salonId}/salon-booking/${salonId}`;

/**
 * The link texted when the bank wants the client to approve a no-show fee (Stripe's
 * authentication_required): it confirms the same payment intent with the client present, which
 * sends the browser through 3-D Secure, and the return settles it through the one payment flow.
 * The link's secret is its capability (only its hash is kept); a paid fee answers its bookings.
 */
export const noShowLinks = new Hono<AppEnv>()
  .get('/no-show/:appointmentId/:secret', publicRoute, validate('param', linkParam), async (c) => {
    const { p, fee, db } = await feeOf(c);
    c.header('Cache-Control', 'no-store');
    if (fee.status === 'paid') return c.redirect(bookingsOf(c, fee.salon_id), 303);
    if (fee.status !== 'requires_action') throw gone();
    const returnUrl = `${originOf(c)}/api/no-show/${p.appointmentId}/${p.secret}/done`;
    const { redirect, settled } = await confirmFeeWithClient(stripeFor(c.get('config')), db, fee, returnUrl);
    if (redirect) return c.redirect(redirect, 303);
    if (settled?.outcome === 'paid') announceToDiary(c, fee.salon_id, fee.appointment_id, 'paid');
    return c.redirect(bookingsOf(c, fee.salon_id), 303);
  })
  .get('/no-show/:appointmentId/:secret/done', publicRoute, validate('param', linkParam), async (c) => {
    const { fee, db } = await feeOf(c);
    c.header('Cache-Control', 'no-store');
    if (fee.payment_intent_id && fee.status === 'requires_action') {
      const stripe = stripeFor(c.get('config'));
      const settled = await settle(stripe, noShowPayment(db, fee), await stripe.paymentIntents.retrieve(fee.payment_intent_id));
      if (settled.outcome === 'paid') announceToDiary(c, fee.salon_id, fee.appointment_id, 'paid');
    }
    return c.redirect(bookingsOf(c, fee.salon_id), 303);
  });
