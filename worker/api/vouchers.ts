import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { formatMoney, toMinor } from '../../shared/money';
import { MSG_VOUCHER_NOT_FOUND, SESSION_ID, VOUCHER_SENDS_MAX, voucherCheckoutSchema, voucherSendSchema } from '../../shared/vouchers';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { salonById, toSalonDetails, voucherOfferOf, voucherSettingsOf, type SalonRow } from '../db/salons';
import { releaseVoucherSend, takeVoucherSend, voucherSendsUsed } from '../db/vouchers';
import { enqueueMessage } from '../messaging/outbox';
import { sendVoucherGift, voucherReceiptMessage } from '../messaging/voucher-emails';
import { afterAnswer, outboxOf } from './after-answer';
import { stripeFor } from '../payments/stripe';
import { createVoucherCheckout, isOnOffer, issueVoucher, voucherFromSession, type IssuedVoucher } from '../payments/vouchers';
import { idParam, validate, validateForm } from '../validate';
import { idempotencyKeyOf, originOf } from './request-headers';
import { publicRoute } from './policy';
import { salonDatabase } from './salon-database';

const MSG_NO_VOUCHERS = 'This salon does not sell gift vouchers online.';
const MSG_SEND_REFUSED = 'Please check the fields above: some are missing or not valid.';

/** A session id as Stripe makes them; anything else is a voucher we cannot find (404). */
const sessionParam = z.string().refine((s) => SESSION_ID.test(s), MSG_VOUCHER_NOT_FOUND);
/** ?salon_id=: the salon the session bought from (without it, a page of before: the first database). */
const sessionQuery = z.object({ salon_id: idParam('salon_id').optional() });
const notFound = () => new AppError('NOT_FOUND', MSG_VOUCHER_NOT_FOUND);

/** '£25.00, £50.00 or £100.00, or from £10.00 to £500.00' */
function onOfferText(salon: SalonRow): string {
  const v = voucherSettingsOf(salon);
  const money = (minor: number) => formatMoney(minor, salon.currency, salon.country_code);
  const fixed = v.amounts.map(money);
  const list = fixed.length > 1 ? `${fixed.slice(0, -1).join(', ')} or ${fixed.at(-1)}` : (fixed[0] ?? '');
  const custom = v.custom ? `from ${money(v.custom.min)} to ${money(v.custom.max)}` : '';
  return [list, custom].filter(Boolean).join(', or ');
}

/** Why an email failed, without the provider's message (it may quote the address): 'Email refused (422, Resend validation_error)'. */
const reasonOf = (e: unknown) => (e instanceof Error ? (e.message.split(':')[0] ?? 'error') : 'unknown error');

/**
 * The receipt is queued after the answer (a slow or failing email never delays or fails the
 * purchase, and a failed send is retried by the queue); a failure is logged without the address.
 */
export function receiptAfterAnswer(c: Context<AppEnv>, v: IssuedVoucher): void {
  if (!v.issued) return;
  const queued = enqueueMessage(outboxOf(c), voucherReceiptMessage(toSalonDetails(v.salon), v.voucher));
  afterAnswer(c, queued, `voucher ${v.voucher.id} receipt not sent`);
}

/** Gift vouchers (docs/booking/accounts-and-money.md §2 Vouchers, §7): buying one, its confirmation, and sending it. No login. */
export const vouchers = new Hono<AppEnv>()
  .post(
    '/payments/voucher/:salonId/checkout/',
    publicRoute,
    validate('param', z.object({ salonId: idParam('Salon id') })),
    validate('json', voucherCheckoutSchema),
    async (c) => {
      const salon = await salonById(c.env.DB, c.req.valid('param').salonId);
      if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
      if (!voucherOfferOf(salon)) throw new AppError('NOT_FOUND', MSG_NO_VOUCHERS);
      const idempotencyKey = idempotencyKeyOf(c, 'voucher purchase');
      const { amount, purchaser_email } = c.req.valid('json');
      const amountMinor = toMinor(amount);
      if (!isOnOffer(salon, amountMinor)) {
        throw new AppError('BAD_REQUEST', `amount must be one of the vouchers on offer: ${onOfferText(salon)}`, 'amount');
      }
      const checkout = await createVoucherCheckout(c.env.DB, stripeFor(c.get('config')), {
        salon,
        amountMinor,
        purchaserEmail: purchaser_email,
        idempotencyKey,
        origin: originOf(c),
        feePercent: c.get('config').stripe.platformFeePercent,
        now: Date.now(),
      });
      return c.json(checkout, 201);
    },
  )
  .get('/payments/stripe/get/voucher/:sessionId/', publicRoute, validate('query', sessionQuery), async (c) => {
    c.header('Cache-Control', 'no-store');
    const sessionId = c.req.param('sessionId');
    if (!sessionParam.safeParse(sessionId).success) throw notFound();
    // the salon the voucher was bought from (its confirmation page's) names the database to look in
    const salonId = c.req.valid('query').salon_id ?? null;
    const db = await salonDatabase(c, salonId);
    const v = await issueVoucher(db, stripeFor(c.get('config')), sessionId, Date.now());
    if (!v || (salonId !== null && v.voucher.salon_id !== salonId)) throw notFound();
    receiptAfterAnswer(c, v);
    return c.json(voucherFromSession(v.voucher));
  })
  .post(
    '/payments/voucher/:salonId/send/:sessionId/',
    publicRoute,
    async (c, next) => {
      c.header('Cache-Control', 'no-store');
      await next();
    },
    validate('param', z.object({ salonId: idParam('Salon id'), sessionId: z.string() })),
    validateForm(voucherSendSchema, MSG_SEND_REFUSED),
    async (c) => {
      const { salonId, sessionId } = c.req.valid('param');
      if (!sessionParam.safeParse(sessionId).success) throw notFound();
      const db = c.env.DB;
      const v = await issueVoucher(db, stripeFor(c.get('config')), sessionId, Date.now());
      if (!v || v.voucher.salon_id !== salonId) throw notFound();
      receiptAfterAnswer(c, v);
      const n = await takeVoucherSend(db, v.voucher.id, VOUCHER_SENDS_MAX, Date.now());
      if (n === null) {
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `This voucher has already been sent ${VOUCHER_SENDS_MAX} times, the most we allow. Please contact the salon if you need help.`,
        );
      }
      try {
        await sendVoucherGift(c.get('config'), toSalonDetails(v.salon), v.voucher, c.req.valid('json'), n);
      } catch (e) {
        await releaseVoucherSend(db, v.voucher.id, n);
        console.error(`[${c.get('requestId')}] voucher ${v.voucher.id} gift not sent:`, reasonOf(e));
        throw new AppError('BAD_GATEWAY', 'We could not send the voucher just now. Please try again shortly.');
      }
      return c.json({ sent: true, sends_left: VOUCHER_SENDS_MAX - (await voucherSendsUsed(db, v.voucher.id)) });
    },
  );
