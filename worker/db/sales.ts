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
  const row = (sale.results as SaleRow[])[0];
  if (!row) return null;
  return {
    sale: row,
    lines: lines.results as SaleLineRow[],
    payments: payments.results as SalePaymentRow[],
    refunds: refunds.results as RefundRow[],
  };
}
