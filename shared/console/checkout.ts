/**
 * Checkout at the desk (docs/console/checkout.md): the bill, the checkout's request and its
 * answers, and the arithmetic of the bill, shared by the Worker and the console (one zod schema,
 * so the screen and the API refuse the same things with the same words, and one `billOf`, so the
 * screen shows the figures the server will take). Amounts are integers in minor units.
 */
import * as z from '../zod';

export const PAYMENT_METHODS = ['card_on_file', 'reader', 'cash', 'voucher', 'card_elsewhere'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const LINE_KINDS = ['service', 'product', 'extra'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** What the desk calls each method. */
export const METHOD_NAMES: Record<PaymentMethod, string> = {
  card_on_file: 'Card on file',
  reader: 'Card reader',
  cash: 'Cash',
  voucher: 'Gift voucher',
  card_elsewhere: 'Card elsewhere',
};

/** The largest amount of one line, tip or payment (minor units): 100,000.00. */
export const MAX_AMOUNT = 10_000_000;
export const MAX_LINES = 40;
export const MAX_PAYMENTS = 8;
export const READER_ID = /^tmr_[A-Za-z0-9]{1,64}$/;

const minor = (what: string) =>
  z
    .number(`${what} must be an amount in minor units, such as 2500`)
    .int(`${what} must be a whole number of minor units (pence, cents)`)
    .min(0, `${what} cannot be below 0`)
    .max(MAX_AMOUNT, `${what} is too large`);
const rowId = (what: string) => z.number(`${what} must be an id`).int(`${what} must be an id`).positive(`${what} must be an id`);

export const checkoutLineSchema = z.object({
  kind: z.enum(LINE_KINDS, 'must be service, product or extra'),
  /** a service of the salon (kind service) */
  service_id: rowId('service_id').nullable().optional(),
  /** who did it (a service), or sold it */
  stylist_id: rowId('stylist_id').nullable().optional(),
  name: z.string().trim().min(1, 'Give the line a name').max(120, 'Use at most 120 characters'),
  quantity: z.number('Quantity must be a number').int('Quantity must be a whole number').min(1, 'At least 1').max(99, 'At most 99'),
  /** the unit price, in minor units (a "from" price as charged) */
  price: minor('The price'),
});
export type CheckoutLine = z.output<typeof checkoutLineSchema>;

export const discountSchema = z
  .object({
    kind: z.enum(['amount', 'percent'], 'must be amount or percent'),
    /** minor units (amount) or per cent (0-100) */
    value: minor('The discount'),
    reason: z.string().trim().min(1, 'Say why there is a discount').max(200, 'Use at most 200 characters'),
  })
  .refine((d) => d.kind !== 'percent' || d.value <= 100, { message: 'A discount is at most 100%', path: ['value'] });
export type Discount = z.output<typeof discountSchema>;

export const tipSchema = z.object({
  amount: minor('The tip'),
  /** the stylist the tip goes to */
  stylist_id: rowId('The stylist'),
});
export type Tip = z.output<typeof tipSchema>;

export const checkoutPaymentSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, 'must be card_on_file, reader, cash, voucher or card_elsewhere'),
    amount: minor('The amount').min(1, 'The amount must be more than 0'),
    voucher_code: z.string().trim().min(1, "Enter the voucher's code").max(40, 'A voucher code has at most 40 characters').optional(),
    reader_id: z.string().regex(READER_ID, 'Choose a card reader').optional(),
  })
  .superRefine((p, ctx) => {
    if (p.method === 'voucher' && !p.voucher_code)
      ctx.addIssue({ code: 'custom', message: "Enter the voucher's code", path: ['voucher_code'] });
    if (p.method === 'reader' && !p.reader_id) ctx.addIssue({ code: 'custom', message: 'Choose a card reader', path: ['reader_id'] });
  });
export type CheckoutPayment = z.output<typeof checkoutPaymentSchema>;

/** POST appointments/{appointmentId}/checkout (header Idempotency-Key). Lines left out: the bill's own. */
export const checkoutRequestSchema = z.object({
  lines: z.array(checkoutLineSchema).min(1, 'A bill has at least one line').max(MAX_LINES, `At most ${MAX_LINES} lines`).optional(),
  discount: discountSchema.nullable().optional(),
  tip: tipSchema.nullable().optional(),
  payments: z.array(checkoutPaymentSchema).max(MAX_PAYMENTS, `At most ${MAX_PAYMENTS} payments`),
});
export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;

/** POST sales/{saleId}/refunds (header Idempotency-Key): lines (each whole, or `amount` of it) and the tip; neither: the whole sale. */
export const refundRequestSchema = z.object({
  lines: z
    .array(z.object({ line_id: rowId('line_id'), amount: minor('The amount').min(1, 'The amount must be more than 0').optional() }))
    .max(MAX_LINES)
    .optional(),
  tip: minor('The tip').optional(),
  reason: z.string().trim().max(200, 'Use at most 200 characters').optional(),
});
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** POST sales/{saleId}/receipt: by email or by text (E.164). */
export const receiptRequestSchema = z
  .object({
    email: z.email('Enter a valid email address').max(254).optional(),
    phone: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'Enter a mobile number with its country code, such as +447700900123')
      .optional(),
  })
  .refine((r) => Boolean(r.email) !== Boolean(r.phone), { message: 'Send it by email or by text', path: ['email'] });
export type ReceiptRequest = z.output<typeof receiptRequestSchema>;

/**
 * POST sales/{saleId}/payments/{paymentId}/retry: a reader's failed payment tried again on the
 * same sale, for its amount: on a reader (the same or another), in cash or by a card elsewhere.
 */
export const RETRY_METHODS = ['reader', 'cash', 'card_elsewhere'] as const;
export const retryRequestSchema = z
  .object({
    method: z.enum(RETRY_METHODS, 'must be reader, cash or card_elsewhere'),
    reader_id: z.string().regex(READER_ID, 'Choose a card reader').optional(),
  })
  .refine((r) => r.method !== 'reader' || r.reader_id, { message: 'Choose a card reader', path: ['reader_id'] });
export type RetryRequest = z.output<typeof retryRequestSchema>;

/** History's entries of the desk's money (GET history): a sale, a refund, an open sale cancelled; old and new in a few words. */
export const SALE_HISTORY_FIELDS = ['sale', 'sale_refund', 'sale_cancel'] as const;
export type SaleHistoryField = (typeof SALE_HISTORY_FIELDS)[number];
export const SALE_HISTORY_LABELS: Record<SaleHistoryField, string> = {
  sale: 'Sale',
  sale_refund: 'Refund',
  sale_cancel: 'Sale cancelled',
};

/** POST readers: a reader registered by the code it shows, with a label. */
export const readerRequestSchema = z.object({
  registration_code: z.string().trim().min(1, 'Enter the code the reader shows').max(100),
  label: z.string().trim().min(1, 'Give the reader a name').max(60, 'Use at most 60 characters'),
});

// ---------------------------------------------------------------------------------------------
// The bill's arithmetic

export interface BillFigures {
  subtotal: number;
  discount: number;
  /** each line's share of the discount, in the lines' order */
  line_discounts: number[];
  tip: number;
  total: number;
  paid_before: number;
  due: number;
}

/**
 * The discount shared over the lines by their amounts, largest remainders first, so the shares sum
 * to the discount and none passes its line.
 */
export function shareDiscount(amounts: number[], discount: number): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0 || discount === 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a * discount) / sum);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The bill: lines less the discount, plus the tip, less what was paid before (never below 0). */
export function billOf(b: {
  lines: { price: number; quantity: number }[];
  discount?: { kind: 'amount' | 'percent'; value: number } | null;
  tip?: { amount: number } | null;
  paidBefore: number;
}): BillFigures {
  const amounts = b.lines.map((l) => l.price * l.quantity);
  const subtotal = amounts.reduce((a, x) => a + x, 0);
  const d = b.discount;
  const discount = !d ? 0 : d.kind === 'amount' ? Math.min(d.value, subtotal) : Math.round((subtotal * d.value) / 100);
  const tip = b.tip?.amount ?? 0;
  const total = subtotal - discount + tip;
  return {
    subtotal,
    discount,
    line_discounts: shareDiscount(amounts, discount),
    tip,
    total,
    paid_before: b.paidBefore,
    due: Math.max(0, total - b.paidBefore),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers

/** A line of the bill as GET checkout answers it (the appointment's services). */
export interface BillLine extends CheckoutLine {
  /** the service's price is a "from" price: the desk changes it to what was done */
  from_price: boolean;
  stylist_name: string | null;
}

export interface PaidBefore {
  kind: 'deposit' | 'deposit_request';
  amount: number;
}

export interface SaleLineAnswer {
  id: number;
  kind: LineKind;
  service_id: number | null;
  stylist_id: number | null;
  name: string;
  quantity: number;
  price: number;
  discount: number;
  amount: number;
  refunded: number;
}

export type SalePaymentStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface SalePaymentAnswer {
  id: number;
  method: PaymentMethod;
  amount: number;
  status: SalePaymentStatus;
  reader_id: string | null;
  voucher_code: string | null;
  failure_code: string | null;
  failure_message: string | null;
  refunded: number;
  /** the failed payment this one tries again (a reader's), if any */
  retry_of: number | null;
}

export interface RefundAnswer {
  id: number;
  amount: number;
  tip: number;
  reason: string | null;
  created_at: string;
  payments: { payment_id: number; method: PaymentMethod; amount: number; status: 'pending' | 'succeeded' | 'failed' }[];
  lines: { line_id: number; amount: number }[];
}

export interface SaleAnswer {
  id: number;
  appointment_id: number | null;
  /** cancelled: an open sale the desk cancelled (nothing kept, the appointment unpaid) */
  status: 'open' | 'paid' | 'failed' | 'cancelled';
  currency: string;
  lines: SaleLineAnswer[];
  subtotal: number;
  discount: { kind: 'amount' | 'percent'; value: number; amount: number; reason: string } | null;
  tip: { amount: number; stylist_id: number } | null;
  paid_before: number;
  total: number;
  due: number;
  refunded: number;
  payments: SalePaymentAnswer[];
  refunds: RefundAnswer[];
  staff_name: string;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
}

/** GET appointments/{appointmentId}/checkout. */
export interface Bill {
  appointment_id: number;
  currency: string;
  lines: BillLine[];
  discount: Discount | null;
  tip: Tip | null;
  /** what was paid before, in all */
  paid_before: number;
  /** what it was */
  paid_before_items: PaidBefore[];
  subtotal: number;
  total: number;
  due: number;
  client: { name: string | null; phone: string | null; email: string | null; card: { brand: string; last4: string } | null };
  stylists: { id: number; name: string }[];
  readers: { id: string; label: string }[];
  /** the sale that pays (or is paying) this appointment, if any */
  sale: SaleAnswer | null;
}

/** A reader of the salon (GET readers). */
export interface ReaderAnswer {
  id: string;
  label: string;
  device_type: string | null;
}
