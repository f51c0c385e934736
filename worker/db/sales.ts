import type { SaleHistoryField } from '../../shared/console/checkout';
import { lastNewId, newId } from './ids';
import { menuHistoryStatement } from './settings-history';

/**
 * Sales at the desk (migration 0044, docs/console/checkout.md "Data model"): an appointment's
 * checkout, its lines, its payments and its refunds. Amounts in minor units of the sale's
 * currency; times UTC epoch ms. Every row carries salon_id; every read here names the salon.
 */

export type SaleStatus = 'open' | 'paid' | 'failed';
export type SaleLineKind = 'service' | 'product' | 'extra';
export type SalePaymentMethod = 'card_on_file' | 'reader' | 'cash' | 'voucher' | 'card_elsewhere';
export type SalePaymentStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
export type RefundPaymentStatus = 'pending' | 'succeeded' | 'failed';

export interface SaleRow {
  id: number;
  salon_id: number;
  appointment_id: number | null;
  client_id: string | null;
  status: SaleStatus;
  currency: string;
  subtotal_minor: number;
  discount_kind: 'amount' | 'percent' | null;
  discount_value: number | null;
  discount_minor: number;
  discount_reason: string | null;
  tip_minor: number;
  tip_stylist_id: number | null;
  paid_before_minor: number;
  total_minor: number;
  due_minor: number;
  refunded_minor: number;
  idempotency_key: string;
  request_hash: string;
  staff_id: number | null;
  staff_name: string;
  created_at: number;
  paid_at: number | null;
  updated_at: number;
  /** an open sale the desk cancelled (status 'failed'): when, by whom, and the cancelling call's key */
  cancelled_at: number | null;
  cancelled_by: string | null;
  cancel_key: string | null;
}

export interface SaleLineRow {
  id: number;
  sale_id: number;
  salon_id: number;
  appointment_id: number | null;
  position: number;
  kind: SaleLineKind;
  service_id: number | null;
  stylist_id: number | null;
  name: string;
  quantity: number;
  price_minor: number;
  /** the line's share of the sale's discount */
  discount_minor: number;
  /** price_minor * quantity - discount_minor */
  amount_minor: number;
  refunded_minor: number;
  currency: string;
  created_at: number;
}

export interface SalePaymentRow {
  id: number;
  sale_id: number;
  salon_id: number;
  appointment_id: number | null;
  position: number;
  method: SalePaymentMethod;
  amount_minor: number;
  currency: string;
  status: SalePaymentStatus;
  payment_intent_id: string | null;
  reader_id: string | null;
  voucher_id: number | null;
  voucher_redemption_id: number | null;
  failure_code: string | null;
  failure_message: string | null;
  link_sha256: string | null;
  refunded_minor: number;
  /** the failed payment (a reader's) this one tries again */
  retry_of: number | null;
  created_at: number;
  updated_at: number;
}

export interface RefundRow {
  id: number;
  sale_id: number;
  salon_id: number;
  appointment_id: number | null;
  amount_minor: number;
  tip_minor: number;
  currency: string;
  reason: string | null;
  idempotency_key: string;
  request_hash: string;
  staff_id: number | null;
  staff_name: string;
  created_at: number;
}

export interface RefundLineRow {
  refund_id: number;
  sale_line_id: number;
  salon_id: number;
  amount_minor: number;
}

export interface RefundPaymentRow {
  refund_id: number;
  sale_payment_id: number;
  salon_id: number;
  method: SalePaymentMethod;
  amount_minor: number;
  status: RefundPaymentStatus;
  stripe_refund_id: string | null;
}

export interface TerminalReaderRow {
  reader_id: string;
  salon_id: number;
  location_id: string;
  label: string;
  device_type: string | null;
  created_at: number;
}

/** A sale with its lines and payments, as the checkout answers it. */
export interface SaleRecord {
  sale: SaleRow;
  lines: SaleLineRow[];
  payments: SalePaymentRow[];
  refunds: RefundRow[];
}

export const saleOf = (db: D1Database, salonId: number, saleId: number) =>
  db.prepare('SELECT * FROM sales WHERE salon_id = ? AND id = ?').bind(salonId, saleId).first<SaleRow>();

/** The sale an appointment is paid by (or being paid by): the one not failed. */
export const liveSaleOfAppointment = (db: D1Database, salonId: number, appointmentId: number) =>
  db
    .prepare("SELECT * FROM sales WHERE salon_id = ? AND appointment_id = ? AND status <> 'failed'")
    .bind(salonId, appointmentId)
    .first<SaleRow>();

export const saleByKey = (db: D1Database, salonId: number, key: string) =>
  db.prepare('SELECT * FROM sales WHERE salon_id = ? AND idempotency_key = ?').bind(salonId, key).first<SaleRow>();

/** The sale with its lines, payments and refunds, read in one batch. */
export async function saleRecord(db: D1Database, salonId: number, saleId: number): Promise<SaleRecord | null> {
  const [sale, lines, payments, refunds] = await db.batch([
    db.prepare('SELECT * FROM sales WHERE salon_id = ? AND id = ?').bind(salonId, saleId),
    db.prepare('SELECT * FROM sale_lines WHERE salon_id = ? AND sale_id = ? ORDER BY position').bind(salonId, saleId),
    db.prepare('SELECT * FROM sale_payments WHERE salon_id = ? AND sale_id = ? ORDER BY position').bind(salonId, saleId),
    db.prepare('SELECT * FROM refunds WHERE salon_id = ? AND sale_id = ? ORDER BY id').bind(salonId, saleId),
  ]);
  const row = (sale!.results as SaleRow[])[0];
  if (!row) return null;
  return {
    sale: row,
    lines: lines!.results as SaleLineRow[],
    payments: payments!.results as SalePaymentRow[],
    refunds: refunds!.results as RefundRow[],
  };
}

// ---------------------------------------------------------------------------------------------
// What the bill is made of

export interface CheckoutAppointmentRow {
  id: number;
  salon_id: number;
  client_id: string | null;
  kind: string;
  status: string;
  client_name: string | null;
  client_phone: string | null;
  account_name: string | null;
  account_phone: string | null;
  deposit: number;
  payment_status: string | null;
  paid_at: number | null;
  currency: string;
  /** a paid deposit request made the deposit (1) or the booking did (0) */
  by_request: number;
}

export const checkoutAppointment = (db: D1Database, salonId: number, appointmentId: number) =>
  db
    .prepare(
      `SELECT a.id, a.salon_id, a.client_id, a.kind, a.status, a.client_name, a.client_phone, a.deposit, a.payment_status, a.paid_at,
              s.currency, c.name AS account_name, c.phone AS account_phone,
              EXISTS (SELECT 1 FROM invites i WHERE i.appointment_id = a.id AND i.status = 'accepted' AND i.paid_amount > 0) AS by_request
         FROM appointments a JOIN salons s ON s.id = a.salon_id LEFT JOIN clients c ON c.id = a.client_id
        WHERE a.id = ?1 AND a.salon_id = ?2`,
    )
    .bind(appointmentId, salonId)
    .first<CheckoutAppointmentRow>();

export interface BillProcedureRow {
  service_id: number;
  stylist_id: number;
  price: number;
  name: string;
  variable_pricing: number;
  stylist_name: string | null;
}

/** The appointment's services (not its patch tests) in the order they are done, at the price booked. */
export async function billProcedures(db: D1Database, salonId: number, appointmentId: number): Promise<BillProcedureRow[]> {
  const { results } = await db
    .prepare(
      `SELECT p.service_id, p.stylist_id, p.price, sv.name, sv.variable_pricing, st.name AS stylist_name
         FROM appointment_procedures p JOIN services sv ON sv.id = p.service_id LEFT JOIN stylists st ON st.id = p.stylist_id
        WHERE p.appointment_id = ?1 AND p.salon_id = ?2 ORDER BY p.start_at, p.id`,
    )
    .bind(appointmentId, salonId)
    .all<BillProcedureRow>();
  return results;
}

export async function salonStylists(db: D1Database, salonId: number): Promise<{ id: number; name: string; active: number }[]> {
  const { results } = await db
    .prepare('SELECT id, name, active FROM stylists WHERE salon_id = ? ORDER BY position, id')
    .bind(salonId)
    .all<{ id: number; name: string; active: number }>();
  return results;
}

/** Which of these service ids are the salon's. */
export async function salonServiceIds(db: D1Database, salonId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { results } = await db
    .prepare(`SELECT id FROM services WHERE salon_id = ? AND id IN (${ids.map(() => '?').join(', ')})`)
    .bind(salonId, ...ids)
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

export async function salonReaders(db: D1Database, salonId: number): Promise<TerminalReaderRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM terminal_readers WHERE salon_id = ? ORDER BY created_at, reader_id')
    .bind(salonId)
    .all<TerminalReaderRow>();
  return results;
}

export const terminalLocationOf = async (db: D1Database, salonId: number) =>
  (await db.prepare('SELECT location_id FROM terminal_locations WHERE salon_id = ?').bind(salonId).first<{ location_id: string }>())
    ?.location_id ?? null;

/** Keeps the salon's location (the first one made wins a race: its id is answered). */
export async function keepTerminalLocation(db: D1Database, salonId: number, locationId: string, now: number): Promise<string> {
  await db
    .prepare('INSERT INTO terminal_locations (salon_id, location_id, created_at) VALUES (?, ?, ?) ON CONFLICT (salon_id) DO NOTHING')
    .bind(salonId, locationId, now)
    .run();
  return (await terminalLocationOf(db, salonId)) ?? locationId;
}

export const keepReader = (db: D1Database, r: TerminalReaderRow) =>
  db
    .prepare(
      'INSERT INTO terminal_readers (reader_id, salon_id, location_id, label, device_type, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (reader_id) DO NOTHING',
    )
    .bind(r.reader_id, r.salon_id, r.location_id, r.label, r.device_type, r.created_at)
    .run();

// ---------------------------------------------------------------------------------------------
// A sale, recorded in one batch

export interface NewSale {
  salonId: number;
  appointmentId: number;
  clientId: string | null;
  currency: string;
  subtotal: number;
  discount: { kind: 'amount' | 'percent'; value: number; amount: number; reason: string } | null;
  tip: { amount: number; stylistId: number } | null;
  paidBefore: number;
  total: number;
  due: number;
  key: string;
  requestHash: string;
  staff: { id: number; name: string };
  now: number;
  lines: {
    kind: SaleLineKind;
    serviceId: number | null;
    stylistId: number | null;
    name: string;
    quantity: number;
    price: number;
    discount: number;
  }[];
  payments: { method: SalePaymentMethod; amount: number; readerId: string | null; voucherId: number | null }[];
  /** the salon's today (YYYY-MM-DD): a voucher is taken only until its expiry date */
  today: string;
  /** History's entry of the sale: who (their email) and the sale in a few words */
  history: SaleHistory;
}

/** A History entry of the desk's money (docs/console/checkout.md "History"): who, and what in a few words. */
export interface SaleHistory {
  who: string;
  field: SaleHistoryField;
  old: string | null;
  new: string | null;
}

/** The History row of a sale's change, in its batch: written only if `onlyIf` (plain ? params) holds when the batch runs. */
const saleHistory = (db: D1Database, salonId: number, h: SaleHistory, now: number, onlyIf = { sql: '1', params: [] as unknown[] }) =>
  menuHistoryStatement(db, { salonId, who: h.who }, { field: h.field, old: h.old, new: h.new }, now, onlyIf);

/** The till key of a checkout's voucher payment (voucher_redemptions.till_key): one per sale and payment. */
const tillKeyOf = (key: string, position: number) => `checkout-${key}-${position}`;

/** Why a sale's batch was refused: the same key already made one, the appointment has a live sale, a voucher's balance went. */
export type SaleRefusal = 'same_key' | 'appointment_taken' | 'voucher';

/**
 * Records a sale with its lines and payments in one batch (one transaction): the key's and the
 * appointment's unique indexes refuse a second sale whatever the concurrency, and a voucher's
 * redemption is taken in the same batch (its balance checked by the INSERT itself; a payment row
 * whose redemption was not taken fails its status CHECK, which rolls the whole sale back). A sale
 * with nothing to wait for (no card payment) is paid at once, and so is its appointment.
 */
export async function insertSale(db: D1Database, s: NewSale): Promise<{ id: number } | { refused: SaleRefusal }> {
  const waits = s.payments.some((p) => p.method === 'card_on_file' || p.method === 'reader');
  const sale = lastNewId('sales');
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO sales (id, salon_id, appointment_id, client_id, status, currency, subtotal_minor, discount_kind, discount_value,
                            discount_minor, discount_reason, tip_minor, tip_stylist_id, paid_before_minor, total_minor, due_minor,
                            idempotency_key, request_hash, staff_id, staff_name, created_at, paid_at, updated_at)
         VALUES (${newId('sales')}, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?20)`,
      )
      .bind(
        s.salonId,
        s.appointmentId,
        s.clientId,
        waits ? 'open' : 'paid',
        s.currency,
        s.subtotal,
        s.discount?.kind ?? null,
        s.discount?.value ?? null,
        s.discount?.amount ?? 0,
        s.discount?.reason ?? null,
        s.tip?.amount ?? 0,
        s.tip?.stylistId ?? null,
        s.paidBefore,
        s.total,
        s.due,
        s.key,
        s.requestHash,
        s.staff.id,
        s.staff.name,
        s.now,
        waits ? null : s.now,
      ),
    ...s.lines.map((l, i) =>
      db
        .prepare(
          `INSERT INTO sale_lines (id, sale_id, salon_id, appointment_id, position, kind, service_id, stylist_id, name, quantity,
                                   price_minor, discount_minor, amount_minor, currency, created_at)
           VALUES (${newId('sale_lines')}, ${sale}, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
        )
        .bind(
          s.salonId,
          s.appointmentId,
          i + 1,
          l.kind,
          l.serviceId,
          l.stylistId,
          l.name,
          l.quantity,
          l.price,
          l.discount,
          l.price * l.quantity - l.discount,
          s.currency,
          s.now,
        ),
    ),
  ];
  s.payments.forEach((p, i) => {
    const position = i + 1;
    if (p.method === 'voucher') {
      statements.push(
        db
          .prepare(
            `INSERT INTO voucher_redemptions
               (id, voucher_id, salon_id, amount_minor, balance_minor, appointment_id, staff_id, staff_name, till_key, created_at)
             SELECT ${newId('voucher_redemptions')}, v.id, v.salon_id, ?3, v.amount_minor - v.redeemed_minor - ?3, ?4, ?5, ?6, ?7, ?8
               FROM vouchers v
              WHERE v.id = ?1 AND v.salon_id = ?2 AND v.expiry_date >= ?9 AND v.amount_minor - v.redeemed_minor >= ?3`,
          )
          .bind(p.voucherId, s.salonId, p.amount, s.appointmentId, s.staff.id, s.staff.name, tillKeyOf(s.key, position), s.now, s.today),
      );
    }
    const redemption = `(SELECT r.id FROM voucher_redemptions r WHERE r.voucher_id = ?7 AND r.till_key = ?8)`;
    statements.push(
      db
        .prepare(
          `INSERT INTO sale_payments (id, sale_id, salon_id, appointment_id, position, method, amount_minor, currency, status, reader_id,
                                      voucher_id, voucher_redemption_id, created_at, updated_at)
           VALUES (${newId('sale_payments')}, ${sale}, ?1, ?2, ?3, ?4, ?5, ?6,
                   CASE WHEN ?4 IN ('card_on_file', 'reader') THEN 'pending'
                        WHEN ?4 <> 'voucher' OR ${redemption} IS NOT NULL THEN 'succeeded'
                        ELSE 'voucher not taken' END,
                   ?9, ?7, CASE WHEN ?4 = 'voucher' THEN ${redemption} END, ?10, ?10)`,
        )
        .bind(
          s.salonId,
          s.appointmentId,
          position,
          p.method,
          p.amount,
          s.currency,
          p.voucherId,
          tillKeyOf(s.key, position),
          p.readerId,
          s.now,
        ),
    );
  });
  if (!waits) statements.push(appointmentPaid(db, s.salonId, s.appointmentId, s.now));
  // refused with the sale if any of its statements is (a key, the appointment's live sale, a voucher)
  statements.push(saleHistory(db, s.salonId, s.history, s.now));
  try {
    await db.batch(statements);
  } catch (e) {
    const m = String(e);
    if (m.includes('sales.salon_id, sales.idempotency_key')) return { refused: 'same_key' };
    if (m.includes('sales.appointment_id')) return { refused: 'appointment_taken' };
    if (m.includes('CHECK constraint failed')) return { refused: 'voucher' };
    throw e;
  }
  const row = await saleByKey(db, s.salonId, s.key);
  return { id: row!.id };
}

const appointmentPaid = (db: D1Database, salonId: number, appointmentId: number, now: number) =>
  db.prepare('UPDATE appointments SET paid_at = COALESCE(paid_at, ?3) WHERE id = ?1 AND salon_id = ?2').bind(appointmentId, salonId, now);

export const salePaymentOf = (db: D1Database, id: number) =>
  db.prepare('SELECT * FROM sale_payments WHERE id = ?').bind(id).first<SalePaymentRow>();

export const salePaymentOfIntent = (db: D1Database, id: number, paymentIntentId: string) =>
  db.prepare('SELECT * FROM sale_payments WHERE id = ? AND payment_intent_id = ?').bind(id, paymentIntentId).first<SalePaymentRow>();

export const salePaymentOfLink = (db: D1Database, id: number, linkSha256: string) =>
  db.prepare('SELECT * FROM sale_payments WHERE id = ? AND link_sha256 = ?').bind(id, linkSha256).first<SalePaymentRow>();

export const recordSalePaymentIntent = (db: D1Database, id: number, paymentIntentId: string, now: number) =>
  db.prepare('UPDATE sale_payments SET payment_intent_id = ?, updated_at = ? WHERE id = ?').bind(paymentIntentId, now, id).run();

/** The card payment is taken (its sale still open); false when it was not waiting. */
export async function salePaymentAccepted(db: D1Database, id: number, paymentIntentId: string, now: number): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `UPDATE sale_payments SET status = 'succeeded', payment_intent_id = ?2, failure_code = NULL, failure_message = NULL, updated_at = ?3
        WHERE id = ?1 AND status IN ('pending', 'requires_action')
          AND (SELECT s.status FROM sales s WHERE s.id = sale_payments.sale_id) = 'open'`,
    )
    .bind(id, paymentIntentId, now)
    .run();
  return meta.changes > 0;
}

/** The card refused it (or the bank wants the client: requires_action with the link's hash). */
export const salePaymentRefused = (
  db: D1Database,
  id: number,
  f: {
    status: 'failed' | 'requires_action';
    paymentIntentId: string | null;
    code: string;
    message: string;
    linkSha256: string | null;
    now: number;
  },
) =>
  db
    .prepare(
      `UPDATE sale_payments SET status = ?2, payment_intent_id = COALESCE(?3, payment_intent_id), failure_code = ?4, failure_message = ?5,
         link_sha256 = COALESCE(?6, link_sha256), updated_at = ?7
        WHERE id = ?1 AND status IN ('pending', 'requires_action')`,
    )
    .bind(id, f.status, f.paymentIntentId, f.code, f.message, f.linkSha256, f.now)
    .run();

/**
 * What a failed or cancelled sale took without a card, given back when `cond` holds (?1 the sale,
 * ?2 `own`: what names this batch's own change): a voucher's part back onto its balance, then the
 * payments not taken by a card cancelled, and those under way.
 */
const givenBack = (db: D1Database, saleId: number, own: unknown, cond: string, now: number) => [
  db
    .prepare(
      `UPDATE vouchers SET redeemed_minor = redeemed_minor -
         (SELECT sum(p.amount_minor) FROM sale_payments p WHERE p.sale_id = ?1 AND p.voucher_id = vouchers.id AND p.status = 'succeeded')
        WHERE id IN (SELECT p.voucher_id FROM sale_payments p WHERE p.sale_id = ?1 AND p.method = 'voucher' AND p.status = 'succeeded') AND ${cond}`,
    )
    .bind(saleId, own),
  db
    .prepare(
      `UPDATE sale_payments SET status = 'canceled', updated_at = ?3
        WHERE sale_id = ?1 AND (status IN ('pending', 'requires_action') OR (status = 'succeeded' AND method IN ('voucher', 'cash', 'card_elsewhere')))
          AND ${cond}`,
    )
    .bind(saleId, own, now),
];

/**
 * Closes an open sale from its payments, in one batch: every payment succeeded (or failed and
 * tried again) → paid (and its appointment); a saved card's failed → failed, and what the others
 * took without a card is given back (a voucher's balance restored, cash and card elsewhere
 * cancelled). A reader's failed payment leaves the sale open: the desk tries again on it or
 * cancels it. Answers the sale's status, and the card payments a failed sale took, which the
 * caller refunds.
 */
export async function closeSale(
  db: D1Database,
  saleId: number,
  now: number,
): Promise<{ status: SaleStatus; takenByCard: SalePaymentRow[] }> {
  const failedNow = `(SELECT status FROM sales WHERE id = ?1) = 'failed' AND (SELECT updated_at FROM sales WHERE id = ?1) = ?2`;
  // a failed payment another one tries again (a reader's: "Try again") is done with
  const retried = `EXISTS (SELECT 1 FROM sale_payments q WHERE q.retry_of = p.id)`;
  const [, , , , , sale, taken] = await db.batch([
    db
      .prepare(
        `UPDATE sales SET status = 'paid', paid_at = ?2, updated_at = ?2
          WHERE id = ?1 AND status = 'open'
            AND NOT EXISTS (SELECT 1 FROM sale_payments p WHERE p.sale_id = ?1 AND p.status <> 'succeeded'
                              AND NOT (p.status IN ('failed', 'canceled') AND ${retried}))`,
      )
      .bind(saleId, now),
    db
      .prepare(
        `UPDATE appointments SET paid_at = COALESCE(paid_at, ?2)
          WHERE id = (SELECT appointment_id FROM sales WHERE id = ?1 AND status = 'paid')`,
      )
      .bind(saleId, now),
    db
      .prepare(
        `UPDATE sales SET status = 'failed', updated_at = ?2
          WHERE id = ?1 AND status = 'open'
            AND EXISTS (SELECT 1 FROM sale_payments p WHERE p.sale_id = ?1 AND p.status IN ('failed', 'canceled') AND p.method <> 'reader' AND NOT ${retried})`,
      )
      .bind(saleId, now),
    ...givenBack(db, saleId, now, failedNow, now),
    db.prepare('SELECT status, updated_at FROM sales WHERE id = ?').bind(saleId),
    db
      .prepare(
        `SELECT * FROM sale_payments WHERE sale_id = ?1 AND method IN ('card_on_file', 'reader') AND status = 'succeeded' AND ${failedNow}`,
      )
      .bind(saleId, now),
  ]);
  const row = (sale!.results as { status: SaleStatus }[])[0]!;
  return { status: row.status, takenByCard: taken!.results as SalePaymentRow[] };
}

/** A card payment of a failed sale given back (refunded in full). */
export const salePaymentReturned = (db: D1Database, id: number, now: number) =>
  db
    .prepare(
      "UPDATE sale_payments SET status = 'canceled', updated_at = ? WHERE id = ? AND status = 'succeeded' AND (SELECT status FROM sales s WHERE s.id = sale_id) = 'failed'",
    )
    .bind(now, id)
    .run();

// ---------------------------------------------------------------------------------------------
// Refunds

export interface NewRefund {
  saleId: number;
  salonId: number;
  appointmentId: number | null;
  amount: number;
  tip: number;
  currency: string;
  reason: string | null;
  key: string;
  requestHash: string;
  staff: { id: number; name: string };
  now: number;
  lines: { lineId: number; amount: number }[];
  payments: { paymentId: number; method: SalePaymentMethod; amount: number; voucherId: number | null }[];
  history: SaleHistory;
}

export const refundByKey = (db: D1Database, salonId: number, key: string) =>
  db.prepare('SELECT * FROM refunds WHERE salon_id = ? AND idempotency_key = ?').bind(salonId, key).first<RefundRow>();

/**
 * A refund with its lines and payments in one batch: the triggers add it to what its sale, lines
 * and payments have given back, and their CHECKs refuse more than was paid (a racing refund fails
 * whole). A voucher's part goes back onto its balance in the same batch; a card's part is
 * 'pending' until Stripe's refund (refundPaymentDone). Null when the key made a refund already;
 * 'over' when the CHECKs refused it.
 */
export async function insertRefund(db: D1Database, r: NewRefund): Promise<{ id: number } | 'same_key' | 'over'> {
  const refund = lastNewId('refunds');
  const statements = [
    db
      .prepare(
        `INSERT INTO refunds (id, sale_id, salon_id, appointment_id, amount_minor, tip_minor, currency, reason, idempotency_key, request_hash,
                              staff_id, staff_name, created_at)
         VALUES (${newId('refunds')}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        r.saleId,
        r.salonId,
        r.appointmentId,
        r.amount,
        r.tip,
        r.currency,
        r.reason,
        r.key,
        r.requestHash,
        r.staff.id,
        r.staff.name,
        r.now,
      ),
    ...r.lines.map((l) =>
      db
        .prepare(`INSERT INTO refund_lines (refund_id, sale_line_id, salon_id, amount_minor) VALUES (${refund}, ?, ?, ?)`)
        .bind(l.lineId, r.salonId, l.amount),
    ),
    ...r.payments.map((p) =>
      db
        .prepare(
          `INSERT INTO refund_payments (refund_id, sale_payment_id, salon_id, method, amount_minor, status) VALUES (${refund}, ?, ?, ?, ?, ?)`,
        )
        .bind(p.paymentId, r.salonId, p.method, p.amount, p.method === 'card_on_file' || p.method === 'reader' ? 'pending' : 'succeeded'),
    ),
    ...r.payments
      .filter((p) => p.method === 'voucher' && p.voucherId !== null)
      .map((p) =>
        db
          .prepare('UPDATE vouchers SET redeemed_minor = redeemed_minor - ? WHERE id = ? AND salon_id = ?')
          .bind(p.amount, p.voucherId, r.salonId),
      ),
    saleHistory(db, r.salonId, r.history, r.now),
  ];
  try {
    await db.batch(statements);
  } catch (e) {
    const m = String(e);
    if (m.includes('refunds.salon_id, refunds.idempotency_key')) return 'same_key';
    if (m.includes('CHECK constraint failed')) return 'over';
    throw e;
  }
  return { id: (await refundByKey(db, r.salonId, r.key))!.id };
}

export async function refundParts(db: D1Database, refundId: number): Promise<{ lines: RefundLineRow[]; payments: RefundPaymentRow[] }> {
  const [lines, payments] = await db.batch([
    db.prepare('SELECT * FROM refund_lines WHERE refund_id = ?').bind(refundId),
    db.prepare('SELECT * FROM refund_payments WHERE refund_id = ?').bind(refundId),
  ]);
  return { lines: lines!.results as RefundLineRow[], payments: payments!.results as RefundPaymentRow[] };
}

export const refundPaymentDone = (
  db: D1Database,
  refundId: number,
  paymentId: number,
  f: { status: 'succeeded' | 'failed'; stripeRefundId: string | null },
) =>
  db
    .prepare(
      'UPDATE refund_payments SET status = ?, stripe_refund_id = COALESCE(?, stripe_refund_id) WHERE refund_id = ? AND sale_payment_id = ?',
    )
    .bind(f.status, f.stripeRefundId, refundId, paymentId)
    .run();

/** The refunds of a sale with their lines and payments. */
export async function refundsOfSale(
  db: D1Database,
  salonId: number,
  saleId: number,
): Promise<{ refunds: RefundRow[]; lines: RefundLineRow[]; payments: RefundPaymentRow[] }> {
  const [refunds, lines, payments] = await db.batch([
    db.prepare('SELECT * FROM refunds WHERE salon_id = ? AND sale_id = ? ORDER BY id').bind(salonId, saleId),
    db
      .prepare('SELECT l.* FROM refund_lines l JOIN refunds r ON r.id = l.refund_id WHERE r.salon_id = ? AND r.sale_id = ?')
      .bind(salonId, saleId),
    db
      .prepare('SELECT p.* FROM refund_payments p JOIN refunds r ON r.id = p.refund_id WHERE r.salon_id = ? AND r.sale_id = ?')
      .bind(salonId, saleId),
  ]);
  return {
    refunds: refunds!.results as RefundRow[],
    lines: lines!.results as RefundLineRow[],
    payments: payments!.results as RefundPaymentRow[],
  };
}

/** The codes of the vouchers a sale's payments used (as the client holds them). */
export async function voucherCodes(db: D1Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { results } = await db
    .prepare(`SELECT id, code FROM vouchers WHERE id IN (${ids.map(() => '?').join(', ')})`)
    .bind(...ids)
    .all<{ id: number; code: string }>();
  return new Map(results.map((r) => [r.id, r.code.replace(/^\d+:/, '')]));
}

/** The client a sale's payments are theirs (its saved card pays a card-on-file payment). */
export const saleClientOf = async (db: D1Database, saleId: number) =>
  (await db.prepare('SELECT client_id FROM sales WHERE id = ?').bind(saleId).first<{ client_id: string | null }>())?.client_id ?? null;

// ---------------------------------------------------------------------------------------------
// An open sale cancelled, a reader's failed payment tried again

/**
 * Cancels an open sale in one batch, unless a card payment of it was taken meanwhile (then the
 * payment wins: 'taken'): the sale 'failed' with cancelled_at, a voucher's part back on its
 * balance, cash and card elsewhere cancelled, card payments under way cancelled (the caller
 * cancels them at Stripe), History's entry. `key` is the call's own: the batch's later statements
 * act only on the sale it cancelled. Answers the sale as it is after.
 */
export async function cancelOpenSale(
  db: D1Database,
  c: { salonId: number; saleId: number; now: number; key: string; history: SaleHistory },
): Promise<{ outcome: 'cancelled' | 'taken' | 'not_open'; sale: SaleRow | null }> {
  const cancellable = `s.id = ? AND s.salon_id = ? AND s.status = 'open'
    AND NOT EXISTS (SELECT 1 FROM sale_payments p WHERE p.sale_id = s.id AND p.method IN ('card_on_file', 'reader') AND p.status = 'succeeded')`;
  const mine = '(SELECT cancel_key FROM sales WHERE id = ?1) = ?2';
  const [, , , , sale, taken] = await db.batch([
    saleHistory(db, c.salonId, c.history, c.now, {
      sql: `EXISTS (SELECT 1 FROM sales s WHERE ${cancellable})`,
      params: [c.saleId, c.salonId],
    }),
    db
      .prepare(
        `UPDATE sales AS s SET status = 'failed', cancelled_at = ?, cancelled_by = ?, cancel_key = ?, updated_at = ? WHERE ${cancellable}`,
      )
      .bind(c.now, c.history.who, c.key, c.now, c.saleId, c.salonId),
    ...givenBack(db, c.saleId, c.key, mine, c.now),
    db.prepare('SELECT * FROM sales WHERE id = ? AND salon_id = ?').bind(c.saleId, c.salonId),
    db
      .prepare("SELECT 1 FROM sale_payments WHERE sale_id = ? AND method IN ('card_on_file', 'reader') AND status = 'succeeded'")
      .bind(c.saleId),
  ]);
  const row = (sale!.results as SaleRow[])[0] ?? null;
  if (row?.cancel_key === c.key) return { outcome: 'cancelled', sale: row };
  return { outcome: row?.status === 'open' && taken!.results.length ? 'taken' : 'not_open', sale: row };
}

/**
 * A reader's failed payment tried again on its open sale, for its amount (one INSERT): on a
 * reader ('pending', the caller hands it to the reader), or in cash or by a card elsewhere
 * ('succeeded'). The unique index on retry_of makes two presses one attempt: 'same' answers the
 * attempt already made. Null when the payment is not a reader's failed one of an open sale.
 */
export async function insertRetry(
  db: D1Database,
  r: { salonId: number; paymentId: number; method: 'reader' | 'cash' | 'card_elsewhere'; readerId: string | null; now: number },
): Promise<{ payment: SalePaymentRow; created: boolean } | null> {
  let created = true;
  try {
    const { meta } = await db
      .prepare(
        `INSERT INTO sale_payments (id, sale_id, salon_id, appointment_id, position, method, amount_minor, currency, status, reader_id,
                                    retry_of, created_at, updated_at)
         SELECT ${newId('sale_payments')}, f.sale_id, f.salon_id, f.appointment_id,
                (SELECT MAX(q.position) + 1 FROM sale_payments q WHERE q.sale_id = f.sale_id), ?3, f.amount_minor, f.currency,
                CASE WHEN ?3 = 'reader' THEN 'pending' ELSE 'succeeded' END, ?4, f.id, ?5, ?5
           FROM sale_payments f JOIN sales s ON s.id = f.sale_id AND s.status = 'open'
          WHERE f.id = ?1 AND f.salon_id = ?2 AND f.method = 'reader' AND f.status = 'failed'`,
      )
      .bind(r.paymentId, r.salonId, r.method, r.readerId, r.now)
      .run();
    if (meta.changes === 0) created = false;
  } catch (e) {
    if (!String(e).includes('sale_payments.retry_of')) throw e;
    created = false;
  }
  const payment = await db
    .prepare('SELECT * FROM sale_payments WHERE retry_of = ? AND salon_id = ?')
    .bind(r.paymentId, r.salonId)
    .first<SalePaymentRow>();
  return payment ? { payment, created } : null;
}
