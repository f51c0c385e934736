import type { VoucherRow } from './vouchers';
import { newId } from './ids';

/**
 * Vouchers at the desk: lookups by code, the sold list, and redemptions. A redemption is one
 * INSERT: it takes the amount only while the voucher's balance covers it (evaluated by the
 * database in the same statement, so two tills cannot both spend the same pounds), the trigger of
 * migration 0019 adds it to the voucher's redeemed_minor, and that column's CHECK refuses a
 * balance below zero whatever happens.
 */

export interface DeskVoucherRow extends VoucherRow {
  redeemed_minor: number;
}

export interface RedemptionRow {
  id: number;
  voucher_id: number;
  salon_id: number;
  amount_minor: number;
  balance_minor: number;
  appointment_id: number | null;
  /** the salon's number of that appointment (appointments.number) */
  appointment_number: number | null;
  staff_id: number | null;
  staff_name: string;
  till_key: string;
  created_at: number;
}

/**
 * The salon's voucher with this code (another salon's: null): one it sold, or one it imported,
 * stored with the salon's id before the code as the client holds it (docs/console/imports.md).
 */
export const voucherByCode = (db: D1Database, salonId: number, code: string) =>
  db
    .prepare("SELECT * FROM vouchers WHERE salon_id = ?1 AND code IN (?2, CAST(?1 AS INTEGER) || ':' || ?2)")
    .bind(salonId, code)
    .first<DeskVoucherRow>();

export async function redemptionsOf(db: D1Database, voucherId: number): Promise<RedemptionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT r.*, a.number AS appointment_number FROM voucher_redemptions r LEFT JOIN appointments a ON a.id = r.appointment_id
        WHERE r.voucher_id = ? ORDER BY r.created_at DESC, r.id DESC`,
    )
    .bind(voucherId)
    .all<RedemptionRow>();
  return results;
}

/** One page of the salon's vouchers, newest first, and how many it has sold. */
export async function vouchersOfSalon(
  db: D1Database,
  salonId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: DeskVoucherRow[]; total: number }> {
  const [list, count] = await db.batch([
    db
      .prepare('SELECT * FROM vouchers WHERE salon_id = ? ORDER BY issued_at DESC, id DESC LIMIT ? OFFSET ?')
      .bind(salonId, page.limit, page.offset),
    db.prepare('SELECT COUNT(*) AS n FROM vouchers WHERE salon_id = ?').bind(salonId),
  ]);
  return { rows: (list?.results ?? []) as DeskVoucherRow[], total: (count?.results[0] as { n: number } | undefined)?.n ?? 0 };
}

export interface NewRedemption {
  voucherId: number;
  salonId: number;
  amountMinor: number;
  appointmentId: number | null;
  staffId: number;
  staffName: string;
  tillKey: string;
  /** the salon's day today (YYYY-MM-DD): a voucher is good up to and including its expiry date */
  today: string;
  now: number;
}

/**
 * Takes `amountMinor` off the voucher in one statement; the new redemption, or null when nothing
 * was taken (the balance does not cover it, the voucher has expired, the appointment is not the
 * salon's, or this till key was used before: the caller reads which).
 */
export async function redeem(db: D1Database, r: NewRedemption): Promise<RedemptionRow | null> {
  return db
    .prepare(
      `INSERT INTO voucher_redemptions
         (id, voucher_id, salon_id, amount_minor, balance_minor, appointment_id, staff_id, staff_name, till_key, created_at)
       SELECT ${newId('voucher_redemptions')}, v.id, v.salon_id, ?3, v.amount_minor - v.redeemed_minor - ?3, ?4, ?5, ?6, ?7, ?8
         FROM vouchers v
        WHERE v.id = ?1 AND v.salon_id = ?2 AND v.expiry_date >= ?9 AND v.amount_minor - v.redeemed_minor >= ?3
          AND (?4 IS NULL OR EXISTS (SELECT 1 FROM appointments a WHERE a.id = ?4 AND a.salon_id = ?2))
       ON CONFLICT (voucher_id, till_key) DO NOTHING
       RETURNING *, (SELECT number FROM appointments a WHERE a.id = voucher_redemptions.appointment_id) AS appointment_number`,
    )
    .bind(r.voucherId, r.salonId, r.amountMinor, r.appointmentId, r.staffId, r.staffName, r.tillKey, r.now, r.today)
    .first<RedemptionRow>();
}

/** The redemption a till key made on this voucher before (a retried request), or null. */
export const redemptionByTillKey = (db: D1Database, voucherId: number, tillKey: string) =>
  db
    .prepare(
      `SELECT r.*, a.number AS appointment_number FROM voucher_redemptions r LEFT JOIN appointments a ON a.id = r.appointment_id
        WHERE r.voucher_id = ? AND r.till_key = ?`,
    )
    .bind(voucherId, tillKey)
    .first<RedemptionRow>();

/** The salon's appointment with this number ("No. 12", appointments.number): its id, or null. */
export const appointmentOfNumber = async (db: D1Database, salonId: number, number: number) =>
  (await db.prepare('SELECT id FROM appointments WHERE salon_id = ? AND number = ?').bind(salonId, number).first<{ id: number }>())?.id ??
  null;
