import {
  billOf,
  METHOD_NAMES,
  type Bill,
  type CheckoutRequest,
  type PaymentMethod,
  type RefundRequest,
  type RetryRequest,
  type SaleAnswer,
} from '../../shared/console/checkout';
import { formatMoney } from '../../shared/money';
import { localDateOf } from '../availability/calendar';
import { randomBase64url, salonToken, sha256Hex } from '../crypto';
import {
  billProcedures,
  cancelOpenSale,
  checkoutAppointment,
  closeSale,
  insertRefund,
  insertRetry,
  insertSale,
  keepReader,
  keepTerminalLocation,
  liveSaleOfAppointment,
  recordSalePaymentIntent,
  refundByKey,
  refundParts,
  refundPaymentDone,
  refundsOfSale,
  salePaymentAccepted,
  salePaymentOf,
  salePaymentRefused,
  salePaymentReturned,
  saleByKey,
  saleRecord,
  salonReaders,
  salonServiceIds,
  salonStylists,
  terminalLocationOf,
  voucherCodes,
  type CheckoutAppointmentRow,
  type SalePaymentRow,
  type SaleRecord,
  type SaleRow,
} from '../db/sales';
import type { SalonRow } from '../db/salons';
import { voucherByCode } from '../db/voucher-redemptions';
import { AppError, FieldErrors } from '../errors';
import { savedCard } from './cards';
import { payeeOf } from './connect';
import { authorise, chargeOn, refundOf, SALON_KEY, settle, type PaymentTarget } from './flow';
import type { StripeClient } from './stripe-api';

/**
 * Checkout at the desk (docs/console/checkout.md): the bill of an appointment, its payment by
 * any mix of methods as one sale, and refunds back the way it was paid. A card payment (the saved
 * card, a reader) is a PaymentTarget of the one payment flow (payments/flow.ts).
 */

/** The metadata naming a checkout's card payment on its payment intent. */
export const SALE_PAYMENT_KEY = 'sale_payment_id';

const notFound = () => new AppError('NOT_FOUND', 'Appointment not found');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function appointmentOf(db: D1Database, salonId: number, appointmentId: number): Promise<CheckoutAppointmentRow> {
  const row = await checkoutAppointment(db, salonId, appointmentId);
  if (!row || row.kind !== 'appointment') throw notFound();
  return row;
}

/** What was paid before the checkout: the booking's deposit or a paid deposit request, once captured. */
const paidBeforeOf = (a: CheckoutAppointmentRow) =>
  a.deposit > 0 && a.payment_status === 'captured'
    ? [{ kind: a.by_request ? ('deposit_request' as const) : ('deposit' as const), amount: a.deposit }]
    : [];

/** GET appointments/{id}/checkout: the appointment's services at their prices, what was paid before, and any sale. */
export async function billFor(db: D1Database, salonId: number, appointmentId: number): Promise<Bill> {
  const a = await appointmentOf(db, salonId, appointmentId);
  const [procedures, stylists, readers, live, card] = await Promise.all([
    billProcedures(db, salonId, appointmentId),
    salonStylists(db, salonId),
    salonReaders(db, salonId),
    liveSaleOfAppointment(db, salonId, appointmentId),
    a.client_id ? savedCard(db, a.client_id) : null,
  ]);
  const lines = procedures.map((p) => ({
    kind: 'service' as const,
    service_id: p.service_id,
    stylist_id: p.stylist_id,
    stylist_name: p.stylist_name,
    name: p.name,
    quantity: 1,
    price: p.price,
    from_price: p.variable_pricing === 1,
  }));
  const paidBefore = paidBeforeOf(a);
  const figures = billOf({ lines, paidBefore: paidBefore.reduce((s, p) => s + p.amount, 0) });
  return {
    appointment_id: a.id,
    currency: a.currency.toUpperCase(),
    lines,
    discount: null,
    tip: null,
    paid_before: figures.paid_before,
    paid_before_items: paidBefore,
    subtotal: figures.subtotal,
    total: figures.total,
    due: figures.due,
    client: {
      name: a.client_name ?? a.account_name,
      phone: a.client_phone ?? a.account_phone,
      email: null,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
    },
    stylists: stylists.filter((s) => s.active === 1).map((s) => ({ id: s.id, name: s.name })),
    readers: readers.map((r) => ({ id: r.reader_id, label: r.label })),
    sale: live ? await saleAnswer(db, salonId, live.id) : null,
  };
}

/** A sale as the API answers it. */
export async function saleAnswer(db: D1Database, salonId: number, saleId: number): Promise<SaleAnswer> {
  const record = await saleRecord(db, salonId, saleId);
  if (!record) throw new AppError('NOT_FOUND', 'Sale not found');
  const refunds = await refundsOfSale(db, salonId, saleId);
  const codes = await voucherCodes(
    db,
    record.payments.flatMap((p) => (p.voucher_id === null ? [] : [p.voucher_id])),
  );
  return answerOf(record, refunds, codes);
}

function answerOf(r: SaleRecord, refunds: Awaited<ReturnType<typeof refundsOfSale>>, codes: Map<number, string>): SaleAnswer {
  const s = r.sale;
  return {
    id: s.id,
    appointment_id: s.appointment_id,
    status: s.cancelled_at === null ? s.status : 'cancelled',
    currency: s.currency.toUpperCase(),
    lines: r.lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      service_id: l.service_id,
      stylist_id: l.stylist_id,
      name: l.name,
      quantity: l.quantity,
      price: l.price_minor,
      discount: l.discount_minor,
      amount: l.amount_minor,
      refunded: l.refunded_minor,
    })),
    subtotal: s.subtotal_minor,
    discount:
      s.discount_kind === null
        ? null
        : { kind: s.discount_kind, value: s.discount_value ?? 0, amount: s.discount_minor, reason: s.discount_reason ?? '' },
    tip: s.tip_minor > 0 && s.tip_stylist_id !== null ? { amount: s.tip_minor, stylist_id: s.tip_stylist_id } : null,
    paid_before: s.paid_before_minor,
    total: s.total_minor,
    due: s.due_minor,
    refunded: s.refunded_minor,
    payments: r.payments.map((p) => ({
      id: p.id,
      method: p.method,
      amount: p.amount_minor,
      status: p.status,
      reader_id: p.reader_id,
      voucher_code: p.voucher_id === null ? null : (codes.get(p.voucher_id) ?? null),
      failure_code: p.failure_code,
      failure_message: p.failure_message,
      refunded: p.refunded_minor,
      retry_of: p.retry_of,
    })),
    refunds: refunds.refunds.map((f) => ({
      id: f.id,
      amount: f.amount_minor,
      tip: f.tip_minor,
      reason: f.reason,
      created_at: iso(f.created_at)!,
      lines: refunds.lines.filter((l) => l.refund_id === f.id).map((l) => ({ line_id: l.sale_line_id, amount: l.amount_minor })),
      payments: refunds.payments
        .filter((p) => p.refund_id === f.id)
        .map((p) => ({ payment_id: p.sale_payment_id, method: p.method, amount: p.amount_minor, status: p.status })),
    })),
    staff_name: s.staff_name,
    created_at: iso(s.created_at)!,
    paid_at: iso(s.paid_at),
    cancelled_at: iso(s.cancelled_at),
  };
}

/** Who did it, as History names them: a staff member's email. */
export interface Staff {
  id: number;
  name: string;
  email: string;
}

const moneyOf = (salon: SalonRow) => (minor: number) => formatMoney(minor, salon.currency, salon.country_code);
/** A sale in History's few words: how much, for which appointment, and how it was paid. */
const saleWords = (
  money: (minor: number) => string,
  appointmentId: number | null,
  due: number,
  payments: { method: PaymentMethod; amount: number }[],
) =>
  `${money(due)} for appointment ${appointmentId ?? '(none)'}${payments.length ? `: ${payments.map((x) => `${METHOD_NAMES[x.method]} ${money(x.amount)}`).join(', ')}` : ''}`;

// ---------------------------------------------------------------------------------------------
// A card payment of a sale, as a target of the one payment flow

const MSG_AUTHENTICATE = 'The bank wants the client to approve this payment: they have been texted a link.';

export function salePayment(db: D1Database, p: SalePaymentRow, linkSha256: string | null = null): PaymentTarget {
  return {
    salonId: p.salon_id,
    metadata: { [SALE_PAYMENT_KEY]: String(p.id) },
    amount: p.amount_minor,
    currency: p.currency,
    tookAlready: (pi) => p.status === 'succeeded' && p.payment_intent_id === pi.id,
    recordIntent: (pi) => recordSalePaymentIntent(db, p.id, pi.id, Date.now()),
    accept: (pi) => salePaymentAccepted(db, p.id, pi, Date.now()),
    captured: () => closeSale(db, p.sale_id, Date.now()),
    failed: async (pi, declined) => {
      const action = declined?.code === 'authentication_required' && linkSha256 !== null;
      await salePaymentRefused(db, p.id, {
        status: action ? 'requires_action' : 'failed',
        paymentIntentId: declined?.paymentIntentId ?? pi,
        code: declined?.code ?? 'payment_failed',
        message: action ? MSG_AUTHENTICATE : (declined?.message ?? 'The payment failed.'),
        linkSha256: action ? linkSha256 : null,
        now: Date.now(),
      });
    },
  };
}

/**
 * After a card payment of a sale changed: closes the sale from its payments, and when it failed
 * gives back what a card took (a refund, so the client never pays for a sale that did not happen).
 */
export async function afterSalePayment(db: D1Database, stripe: StripeClient, saleId: number): Promise<SaleRow['status']> {
  const { status, takenByCard } = await closeSale(db, saleId, Date.now());
  for (const p of takenByCard) {
    if (!p.payment_intent_id) continue;
    const pi = await stripe.paymentIntents.retrieve(p.payment_intent_id);
    if (pi.status === 'succeeded')
      await stripe.refunds.create(refundOf(pi), { idempotencyKey: `sale-void-${p.salon_id}-${p.id}-${p.created_at}` });
    else if (pi.status === 'requires_capture') await stripe.paymentIntents.cancel(pi.id);
    await salePaymentReturned(db, p.id, Date.now());
  }
  return status;
}

// ---------------------------------------------------------------------------------------------
// The checkout

export interface CheckoutPress {
  salon: SalonRow;
  appointmentId: number;
  request: CheckoutRequest;
  key: string;
  staff: Staff;
  now: number;
  feePercent: number;
}

/** A link to text the client: the bank wants them to approve the saved card's payment. */
export interface ApprovalLink {
  phone: string;
  paymentId: number;
  secret: string;
  amount: number;
}

const badForm = (field: string, message: string) => new FieldErrors('The checkout needs changing', { [field]: message });

/**
 * Takes an appointment's payment as one sale. The sale, its lines, its cash, card-elsewhere and
 * voucher payments are one batch, keyed by the press's Idempotency-Key: the same key again (a
 * double press, a retry, two at once) answers the same sale and charges nothing more. Card
 * payments follow: the saved card off-session (3-D Secure by a texted link), then a reader (its
 * outcome by webhook). Answers the sale's id, and the link to text when the bank asked.
 */
export async function checkout(
  db: D1Database,
  stripe: StripeClient,
  p: CheckoutPress,
): Promise<{ saleId: number; created: boolean; link: ApprovalLink | null }> {
  const salonId = p.salon.id;
  const requestHash = await sha256Hex(JSON.stringify(p.request));
  const prior = await saleByKey(db, salonId, p.key);
  if (prior) return { saleId: samePress(prior, p.appointmentId, requestHash), created: false, link: null };

  const a = await appointmentOf(db, salonId, p.appointmentId);
  if (a.status === 'cancelled' || a.status === 'waitlist' || a.status === 'pending')
    throw new AppError('CONFLICT', 'Only a confirmed or unconfirmed appointment can be checked out', undefined, 'NOT_CHECKOUT');
  const money = (minor: number) => formatMoney(minor, p.salon.currency, p.salon.country_code);

  const bill = await billFor(db, salonId, p.appointmentId);
  if (bill.sale) throw new AppError('CONFLICT', 'This appointment is paid, or its payment is under way', undefined, 'ALREADY_PAID');
  const lines = p.request.lines ?? bill.lines;
  await checkLines(db, salonId, lines, bill.stylists, p.request.tip?.stylist_id ?? null);
  const figures = billOf({ lines, discount: p.request.discount, tip: p.request.tip, paidBefore: bill.paid_before });
  const paying = p.request.payments.reduce((s, x) => s + x.amount, 0);
  if (paying !== figures.due) throw badForm('payments', `The payments come to ${money(paying)} but ${money(figures.due)} is due`);

  const vouchers = await vouchersOf(db, p.salon, p.request.payments, p.now, money);
  const card = p.request.payments.some((x) => x.method === 'card_on_file') && a.client_id ? await savedCard(db, a.client_id) : null;
  p.request.payments.forEach((x, i) => {
    if (x.method === 'card_on_file' && !card) throw badForm(`payments.${i}.method`, 'This client has no card on file');
    if (x.method === 'reader' && !bill.readers.some((r) => r.id === x.reader_id))
      throw badForm(`payments.${i}.reader_id`, 'Choose one of the salon’s card readers');
  });
  const cardPaid = p.request.payments.some((x) => x.method === 'card_on_file' || x.method === 'reader');
  const payee = cardPaid ? await payeeOf(db, salonId, p.feePercent) : null;
  if (cardPaid && !payee)
    throw new AppError('CONFLICT', 'This salon cannot take card payments yet (Get paid)', 'payments', 'payments_not_ready');

  const recorded = await insertSale(db, {
    salonId,
    appointmentId: p.appointmentId,
    clientId: a.client_id,
    currency: p.salon.currency,
    subtotal: figures.subtotal,
    discount: p.request.discount
      ? { kind: p.request.discount.kind, value: p.request.discount.value, amount: figures.discount, reason: p.request.discount.reason }
      : null,
    tip: p.request.tip && p.request.tip.amount > 0 ? { amount: p.request.tip.amount, stylistId: p.request.tip.stylist_id } : null,
    paidBefore: figures.paid_before,
    total: figures.total,
    due: figures.due,
    key: p.key,
    requestHash,
    staff: p.staff,
    now: p.now,
    today: localDateOf(p.now, p.salon.timezone),
    lines: lines.map((l, i) => ({
      kind: l.kind,
      serviceId: l.service_id ?? null,
      stylistId: l.stylist_id ?? null,
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      discount: figures.line_discounts[i] ?? 0,
    })),
    payments: p.request.payments.map((x, i) => ({
      method: x.method,
      amount: x.amount,
      readerId: x.reader_id ?? null,
      voucherId: vouchers[i] ?? null,
    })),
    history: { who: p.staff.email, field: 'sale', old: null, new: saleWords(money, p.appointmentId, figures.due, p.request.payments) },
  });
  if ('refused' in recorded) {
    // a press with the same key got there first (whichever unique index the database checked first)
    const first = recorded.refused === 'voucher' ? null : await saleByKey(db, salonId, p.key);
    if (first) return { saleId: samePress(first, p.appointmentId, requestHash), created: false, link: null };
    if (recorded.refused === 'same_key' || recorded.refused === 'appointment_taken')
      throw new AppError('CONFLICT', 'This appointment is paid, or its payment is under way', undefined, 'ALREADY_PAID');
    throw new AppError('CONFLICT', "A voucher's balance changed meanwhile: look it up again", 'payments', 'VOUCHER_BALANCE');
  }
  const saleId = recorded.id;
  const record = (await saleRecord(db, salonId, saleId))!;
  let link: ApprovalLink | null = null;
  for (const payment of record.payments) {
    if (payment.method === 'card_on_file' && card) {
      link = await chargeSavedCard(db, stripe, payment, { customer: card.customer, paymentMethod: card.id, payee: payee! }, a);
      if ((await salePaymentOf(db, payment.id))!.status === 'failed') break;
    } else if (payment.method === 'reader' && payment.reader_id) {
      await startOnReader(db, stripe, payment, payee!);
    }
  }
  await afterSalePayment(db, stripe, saleId);
  return { saleId, created: true, link };
}

/** The same key again: the same sale when it is the same press, else 409 (a key names one press). */
function samePress(prior: SaleRow, appointmentId: number, requestHash: string): number {
  if (prior.appointment_id === appointmentId && prior.request_hash === requestHash) return prior.id;
  throw new AppError(
    'CONFLICT',
    'This Idempotency-Key was used for another checkout. Send a new key with a new checkout.',
    'Idempotency-Key',
    'idempotency_key_reused',
  );
}

/** Every service and stylist a line names is the salon's (another salon's answers 400 naming the line). */
async function checkLines(
  db: D1Database,
  salonId: number,
  lines: CheckoutRequest['lines'] & object,
  stylists: { id: number }[],
  tipStylist: number | null,
): Promise<void> {
  const all = new Set((await salonStylists(db, salonId)).map((s) => s.id));
  const services = await salonServiceIds(
    db,
    salonId,
    lines.flatMap((l) => (l.service_id ? [l.service_id] : [])),
  );
  lines.forEach((l, i) => {
    if (l.kind === 'service' && !l.service_id) throw badForm(`lines.${i}.service_id`, 'Choose the service');
    if (l.service_id && !services.has(l.service_id)) throw badForm(`lines.${i}.service_id`, 'This salon has no such service');
    if (l.stylist_id && !all.has(l.stylist_id)) throw badForm(`lines.${i}.stylist_id`, 'This salon has no such stylist');
  });
  if (tipStylist !== null && !stylists.some((s) => s.id === tipStylist))
    throw badForm('tip.stylist_id', 'Choose one of the salon’s stylists');
}

/** The vouchers the payments name, each checked (exists, not expired, balance covers): their ids by payment. */
async function vouchersOf(
  db: D1Database,
  salon: SalonRow,
  payments: CheckoutRequest['payments'],
  now: number,
  money: (minor: number) => string,
): Promise<(number | null)[]> {
  const today = localDateOf(now, salon.timezone);
  const asked = new Map<number, number>();
  const ids: (number | null)[] = [];
  for (const [i, x] of payments.entries()) {
    if (x.method !== 'voucher') {
      ids.push(null);
      continue;
    }
    const v = await voucherByCode(db, salon.id, x.voucher_code!);
    const field = `payments.${i}.voucher_code`;
    if (!v) throw badForm(field, 'No voucher of this salon has that code');
    if (v.expiry_date < today) throw badForm(field, `This voucher expired on ${v.expiry_date}`);
    const left = v.amount_minor - v.redeemed_minor - (asked.get(v.id) ?? 0);
    if (x.amount > left)
      throw badForm(`payments.${i}.amount`, left === 0 ? 'This voucher has been used up' : `The voucher has ${money(left)} left`);
    asked.set(v.id, (asked.get(v.id) ?? 0) + x.amount);
    ids.push(v.id);
  }
  return ids;
}

/** The saved card, off-session on the salon's account; a bank that wants the client gets a link. */
async function chargeSavedCard(
  db: D1Database,
  stripe: StripeClient,
  payment: SalePaymentRow,
  card: { customer: string; paymentMethod: string; payee: NonNullable<Awaited<ReturnType<typeof payeeOf>>> },
  a: CheckoutAppointmentRow,
): Promise<ApprovalLink | null> {
  const phone = a.client_phone ?? a.account_phone;
  // the link names its salon, so the link's calls find the salon's database (crypto.ts salonToken)
  const secret = salonToken(payment.salon_id, randomBase64url(24));
  const target = salePayment(db, payment, phone ? await sha256Hex(secret) : null);
  try {
    await authorise(stripe, target, {
      customer: card.customer,
      paymentMethod: card.paymentMethod,
      idempotencyKey: `sale-payment-${payment.salon_id}-${payment.id}-${payment.created_at}`,
      offSession: true,
      payee: card.payee,
    });
    return null;
  } catch (e) {
    // the target recorded the refusal; a link goes out only when the bank asked for the client
    if (!(e instanceof AppError) || e.code !== 'PAYMENT_REQUIRED') throw e;
    return e.providerCode === 'authentication_required' && phone
      ? { phone, paymentId: payment.id, secret, amount: payment.amount_minor }
      : null;
  }
}

/**
 * A reader's payment (Stripe Terminal, server-driven): an intent for a card present on the
 * salon's account, handed to the reader, which asks the client for their card; the outcome comes
 * by webhook (terminal.reader.action_succeeded / failed, api/stripe-webhooks.ts).
 */
async function startOnReader(
  db: D1Database,
  stripe: StripeClient,
  payment: SalePaymentRow,
  payee: NonNullable<Awaited<ReturnType<typeof payeeOf>>>,
): Promise<void> {
  const target = salePayment(db, payment);
  try {
    const pi = await stripe.paymentIntents.create(
      {
        amount: payment.amount_minor,
        currency: payment.currency.toLowerCase(),
        allowed_payment_method_types: ['card_present'],
        capture_method: 'manual',
        metadata: { ...target.metadata, [SALON_KEY]: String(payment.salon_id) },
        ...chargeOn(payee, payment.amount_minor),
      },
      { idempotencyKey: `sale-reader-${payment.salon_id}-${payment.id}-${payment.created_at}` },
    );
    await target.recordIntent(pi);
    await stripe.terminal.readers.processPaymentIntent(
      payment.reader_id!,
      { payment_intent: pi.id },
      { idempotencyKey: `sale-reader-process-${payment.salon_id}-${payment.id}-${payment.created_at}` },
    );
  } catch (e) {
    const message =
      e instanceof Error && /busy/i.test(e.message) ? 'The reader is busy with another payment.' : 'The reader could not be reached.';
    await salePaymentRefused(db, payment.id, {
      status: 'failed',
      paymentIntentId: null,
      code: 'reader_failed',
      message,
      linkSha256: null,
      now: Date.now(),
    });
  }
}

/** A webhook or a 3-D Secure return about a checkout's card payment: settled from the intent as Stripe reports it. */
export async function settleSalePayment(db: D1Database, stripe: StripeClient, payment: SalePaymentRow, paymentIntentId: string) {
  const settled = await settle(stripe, salePayment(db, payment), await stripe.paymentIntents.retrieve(paymentIntentId));
  const status = await afterSalePayment(db, stripe, payment.sale_id);
  return { settled, status };
}

// ---------------------------------------------------------------------------------------------
// Refunds

export interface RefundPress {
  salon: SalonRow;
  saleId: number;
  request: RefundRequest;
  key: string;
  staff: Staff;
  now: number;
}

/**
 * A refund of a paid sale, whole (no lines, no tip) or by lines (each whole or a part) and tip,
 * back the way it was paid: the sale's payments in their order, each up to what it has left; a
 * card's part by a Stripe refund of its intent, a voucher's onto its balance, cash and card
 * elsewhere recorded (given back at the desk). At most what this sale's payments took (a deposit
 * paid before is refunded apart). The same Idempotency-Key is the same refund.
 */
export async function refundSale(db: D1Database, stripe: StripeClient, p: RefundPress): Promise<{ refundId: number; created: boolean }> {
  const salonId = p.salon.id;
  const requestHash = await sha256Hex(JSON.stringify({ sale: p.saleId, ...p.request }));
  const prior = await refundByKey(db, salonId, p.key);
  if (prior) return { refundId: sameRefund(prior, requestHash), created: false };
  const record = await saleRecord(db, salonId, p.saleId);
  if (!record) throw new AppError('NOT_FOUND', 'Sale not found');
  const sale = record.sale;
  if (sale.status !== 'paid') throw new AppError('CONFLICT', 'Only a paid sale can be refunded', undefined, 'NOT_PAID');
  const money = (minor: number) => formatMoney(minor, p.salon.currency, p.salon.country_code);
  const refundable = sale.due_minor - sale.refunded_minor;
  const tipLeft = sale.tip_minor - (await refundsOfSale(db, salonId, p.saleId)).refunds.reduce((s, r) => s + r.tip_minor, 0);
  const whole = !p.request.lines?.length && p.request.tip === undefined;

  let lines: { lineId: number; amount: number }[];
  let tip: number;
  if (whole) {
    tip = Math.min(tipLeft, refundable);
    let left = refundable - tip;
    lines = [];
    for (const l of record.lines) {
      const take = Math.min(left, l.amount_minor - l.refunded_minor);
      if (take > 0) lines.push({ lineId: l.id, amount: take });
      left -= take;
    }
  } else {
    tip = p.request.tip ?? 0;
    if (tip > tipLeft) throw badForm('tip', `At most ${money(tipLeft)} of the tip is left to refund`);
    lines = (p.request.lines ?? []).map((r, i) => {
      const l = record.lines.find((x) => x.id === r.line_id);
      if (!l) throw badForm(`lines.${i}.line_id`, 'This sale has no such line');
      const left = l.amount_minor - l.refunded_minor;
      const amount = r.amount ?? left;
      if (amount === 0 || amount > left) throw badForm(`lines.${i}.amount`, `At most ${money(left)} of this line is left to refund`);
      return { lineId: l.id, amount };
    });
  }
  const amount = tip + lines.reduce((s, l) => s + l.amount, 0);
  if (amount === 0) throw badForm('lines', 'Nothing is left to refund');
  if (amount > refundable)
    throw badForm('lines', `At most ${money(refundable)} of this sale can be refunded here (what was paid before is refunded apart)`);

  const payments: { paymentId: number; method: PaymentMethod; amount: number; voucherId: number | null; intent: string | null }[] = [];
  let left = amount;
  for (const x of record.payments) {
    if (x.status !== 'succeeded' || left === 0) continue;
    const take = Math.min(left, x.amount_minor - x.refunded_minor);
    if (take <= 0) continue;
    payments.push({ paymentId: x.id, method: x.method, amount: take, voucherId: x.voucher_id, intent: x.payment_intent_id });
    left -= take;
  }
  const inserted = await insertRefund(db, {
    saleId: sale.id,
    salonId,
    appointmentId: sale.appointment_id,
    amount,
    tip,
    currency: sale.currency,
    reason: p.request.reason || null,
    key: p.key,
    requestHash,
    staff: p.staff,
    now: p.now,
    lines,
    payments,
    history: {
      who: p.staff.email,
      field: 'sale_refund',
      old: saleWords(
        money,
        sale.appointment_id,
        sale.due_minor,
        record.payments.filter((x) => x.status === 'succeeded').map((x) => ({ method: x.method, amount: x.amount_minor })),
      ),
      new: `${money(amount)} refunded${tip ? ` (tip ${money(tip)})` : ''}${p.request.reason ? `: ${p.request.reason}` : ''}`,
    },
  });
  if (inserted === 'same_key') return { refundId: sameRefund((await refundByKey(db, salonId, p.key))!, requestHash), created: false };
  if (inserted === 'over')
    throw new AppError('CONFLICT', 'Another refund of this sale was made meanwhile: look at the sale again', 'lines', 'REFUNDED');
  await refundCards(db, stripe, inserted.id, `${salonId}-${inserted.id}-${p.now}`);
  return { refundId: inserted.id, created: true };
}

function sameRefund(prior: { id: number; request_hash: string }, requestHash: string): number {
  if (prior.request_hash === requestHash) return prior.id;
  throw new AppError(
    'CONFLICT',
    'This Idempotency-Key was used for another refund. Send a new key with a new refund.',
    'Idempotency-Key',
    'idempotency_key_reused',
  );
}

/** The card parts of a refund still pending: refunded on their intents (each once, by its own key: `stem` names the refund). */
export async function refundCards(db: D1Database, stripe: StripeClient, refundId: number, stem: string): Promise<void> {
  const { payments } = await refundParts(db, refundId);
  for (const part of payments) {
    if (part.status !== 'pending') continue;
    const payment = await salePaymentOf(db, part.sale_payment_id);
    if (!payment?.payment_intent_id) continue;
    try {
      const pi = await stripe.paymentIntents.retrieve(payment.payment_intent_id);
      const refund = await stripe.refunds.create(refundOf(pi, part.amount_minor), {
        idempotencyKey: `sale-refund-${stem}-${part.sale_payment_id}`,
      });
      await refundPaymentDone(db, refundId, part.sale_payment_id, { status: 'succeeded', stripeRefundId: refund.id });
    } catch {
      await refundPaymentDone(db, refundId, part.sale_payment_id, { status: 'failed', stripeRefundId: null });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// An open sale cancelled; a reader's failed payment tried again

/**
 * Cancels an open sale (docs/console/checkout.md "Cancelling an open sale"): the database decides
 * first, in one batch, against a card payment taken meanwhile (then that payment wins: 409
 * PAYMENT_TAKEN); what it took without a card is given back and the appointment stays unpaid.
 * Then what was started at Stripe is stopped: a reader still asking for the card for it
 * (cancel_action), every intent of it not taken (cancelled; one authorised meanwhile finds its
 * sale no longer open and is cancelled by the flow too). A sale this call cancelled already is
 * answered again.
 */
export async function cancelSale(
  db: D1Database,
  stripe: StripeClient,
  c: { salon: SalonRow; saleId: number; staff: Staff; now: number },
): Promise<{ cancelled: boolean }> {
  const record = await saleRecord(db, c.salon.id, c.saleId);
  if (!record) throw new AppError('NOT_FOUND', 'Sale not found');
  const s = record.sale;
  if (s.cancelled_at !== null) return { cancelled: false };
  if (s.status !== 'open') throw new AppError('CONFLICT', 'Only a sale under way can be cancelled', undefined, 'NOT_OPEN');
  const money = moneyOf(c.salon);
  const done = await cancelOpenSale(db, {
    salonId: c.salon.id,
    saleId: c.saleId,
    now: c.now,
    key: crypto.randomUUID(),
    history: {
      who: c.staff.email,
      field: 'sale_cancel',
      old: `${saleWords(
        money,
        s.appointment_id,
        s.due_minor,
        record.payments.filter((x) => x.status !== 'failed').map((x) => ({ method: x.method, amount: x.amount_minor })),
      )}, under way`,
      new: 'cancelled: nothing kept',
    },
  });
  if (done.outcome === 'taken')
    throw new AppError('CONFLICT', 'The card payment was taken meanwhile: refund the sale instead', undefined, 'PAYMENT_TAKEN');
  if (done.outcome === 'not_open') {
    if (done.sale?.cancelled_at != null) return { cancelled: false };
    throw new AppError('CONFLICT', 'Only a sale under way can be cancelled', undefined, 'NOT_OPEN');
  }
  for (const p of record.payments) {
    if ((p.method !== 'reader' && p.method !== 'card_on_file') || !p.payment_intent_id || p.status === 'failed') continue;
    if (p.reader_id) {
      const reader = await stripe.terminal.readers.retrieve(p.reader_id).catch(() => null);
      if (reader?.action?.status === 'in_progress' && reader.action.process_payment_intent?.payment_intent === p.payment_intent_id)
        await stripe.terminal.readers.cancelAction(p.reader_id).catch(() => undefined);
    }
    await stripe.paymentIntents.cancel(p.payment_intent_id).catch(() => undefined);
  }
  return { cancelled: true };
}

/**
 * A reader's failed payment tried again on the same sale (docs/console/checkout.md "Trying a
 * reader again"): one attempt per failed payment whatever the presses (the unique index on
 * retry_of), handed to the reader, or taken in cash or by a card elsewhere; the sale is paid
 * when every payment is taken or tried again and taken.
 */
export async function retryPayment(
  db: D1Database,
  stripe: StripeClient,
  r: { salon: SalonRow; saleId: number; paymentId: number; request: RetryRequest; now: number; feePercent: number },
): Promise<{ created: boolean }> {
  const salonId = r.salon.id;
  const failed = await salePaymentOf(db, r.paymentId);
  if (!failed || failed.salon_id !== salonId || failed.sale_id !== r.saleId) throw new AppError('NOT_FOUND', 'Payment not found');
  if (r.request.method === 'reader' && !(await salonReaders(db, salonId)).some((x) => x.reader_id === r.request.reader_id))
    throw new FieldErrors('The payment needs changing', { reader_id: 'Choose one of the salon’s card readers' });
  const payee = r.request.method === 'reader' ? await payeeOf(db, salonId, r.feePercent) : null;
  if (r.request.method === 'reader' && !payee)
    throw new AppError('CONFLICT', 'This salon cannot take card payments yet (Get paid)', 'method', 'payments_not_ready');
  const attempt = await insertRetry(db, {
    salonId,
    paymentId: r.paymentId,
    method: r.request.method,
    readerId: r.request.method === 'reader' ? r.request.reader_id! : null,
    now: r.now,
  });
  if (!attempt)
    throw new AppError(
      'CONFLICT',
      'Only a card reader’s failed payment of a sale under way can be tried again',
      undefined,
      'NOT_RETRYABLE',
    );
  if (attempt.created && attempt.payment.method === 'reader') await startOnReader(db, stripe, attempt.payment, payee!);
  if (attempt.created) await afterSalePayment(db, stripe, r.saleId);
  return { created: attempt.created };
}

// ---------------------------------------------------------------------------------------------
// Readers

/** Registers a reader by the code it shows, to the salon's location (made on the first reader). */
export async function registerReader(
  db: D1Database,
  stripe: StripeClient,
  salon: SalonRow,
  r: { registrationCode: string; label: string; now: number },
) {
  let location = await terminalLocationOf(db, salon.id);
  if (!location) {
    const made = await stripe.terminal.locations.create(
      {
        display_name: salon.name,
        address: {
          line1: salon.address_line_1 || salon.name,
          line2: salon.address_line_2 || undefined,
          city: salon.city || undefined,
          postal_code: salon.postcode || undefined,
          country: salon.country_code,
        },
        metadata: { [SALON_KEY]: String(salon.id) },
      },
      { idempotencyKey: `terminal-location-${salon.id}` },
    );
    location = await keepTerminalLocation(db, salon.id, made.id, r.now);
  }
  let reader;
  try {
    reader = await stripe.terminal.readers.create({
      registration_code: r.registrationCode,
      location,
      label: r.label,
      metadata: { [SALON_KEY]: String(salon.id) },
    });
  } catch (e) {
    if (e instanceof Error && 'param' in e && (e as { param?: string }).param === 'registration_code')
      throw new FieldErrors('The reader was not registered', {
        registration_code: 'This code is not valid (or has expired): check the reader',
      });
    throw e;
  }
  await keepReader(db, {
    reader_id: reader.id,
    salon_id: salon.id,
    location_id: location,
    label: reader.label,
    device_type: reader.device_type,
    created_at: r.now,
  });
  return { id: reader.id, label: reader.label, device_type: reader.device_type };
}
