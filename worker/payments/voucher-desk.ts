import { formatMoney, toMajor } from '../../shared/money';
import type { DeskVoucher, DeskVoucherDetail, RedeemAnswer, VoucherRedemption } from '../../shared/console/vouchers';
import { localDateOf } from '../availability/calendar';
import type { SalonRow } from '../db/salons';
import {
  redeem,
  redemptionByTillKey,
  redemptionsOf,
  appointmentOfNumber,
  voucherByCode,
  type DeskVoucherRow,
  type RedemptionRow,
} from '../db/voucher-redemptions';
import { AppError } from '../errors';

/** Vouchers at the desk (issue 29): what a code is worth today, and taking some or all of it. */

const iso = (ms: number) => new Date(ms).toISOString();
export const MSG_NO_SUCH_VOUCHER = 'No voucher of this salon has that code. Check the letters and digits on the voucher.';

export function deskVoucher(v: DeskVoucherRow, today: string): DeskVoucher {
  const balance = v.amount_minor - v.redeemed_minor;
  return {
    // an imported code is stored after the salon's id: the client holds it without
    code: v.code.replace(/^\d+:/, ''),
    amount: toMajor(v.amount_minor),
    balance: toMajor(balance),
    currency: v.currency.toUpperCase(),
    expiry_date: v.expiry_date,
    state: balance === 0 ? 'used' : v.expiry_date < today ? 'expired' : 'active',
    purchaser_email: v.purchaser_email,
    issued_at: iso(v.issued_at),
  };
}

const redemptionOf = (r: RedemptionRow): VoucherRedemption => ({
  id: r.id,
  amount: toMajor(r.amount_minor),
  balance: toMajor(r.balance_minor),
  appointment_number: r.appointment_number,
  staff_name: r.staff_name,
  created_at: iso(r.created_at),
});

async function found(db: D1Database, salonId: number, code: string): Promise<DeskVoucherRow> {
  const v = await voucherByCode(db, salonId, code);
  if (!v) throw new AppError('NOT_FOUND', MSG_NO_SUCH_VOUCHER, 'code');
  return v;
}

async function detail(db: D1Database, v: DeskVoucherRow, today: string): Promise<DeskVoucherDetail> {
  return { ...deskVoucher(v, today), redemptions: (await redemptionsOf(db, v.id)).map(redemptionOf) };
}

/** The salon's voucher by its code, with its redemptions (another salon's code: 404). */
export async function lookUpVoucher(db: D1Database, salon: SalonRow, code: string, now: number): Promise<DeskVoucherDetail> {
  return detail(db, await found(db, salon.id, code), localDateOf(now, salon.timezone));
}

export interface DeskRedemption {
  code: string;
  amountMinor: number;
  /** the salon's number of the appointment it pays for ("No. 12"), or null at the till */
  appointmentNumber: number | null;
  staff: { id: number; name: string };
  tillKey: string;
  now: number;
}

/**
 * A till key names one redemption, as an Idempotency-Key names one booking (bookings/book.ts):
 * the same request again answers the first redemption; another amount or appointment is 409.
 */
function assertSameRedemption(
  prior: RedemptionRow,
  r: { amountMinor: number; appointmentId: number | null },
  money: (minor: number) => string,
): void {
  if (prior.amount_minor === r.amountMinor && prior.appointment_id === r.appointmentId) return;
  throw new AppError(
    'CONFLICT',
    `This till key was already used for a redemption of ${money(prior.amount_minor)}. Send a new key with a new redemption.`,
    'Idempotency-Key',
    'idempotency_key_reused',
  );
}

/**
 * Takes part or all of a voucher's balance, once per till key (a retry answers the first
 * redemption, `created` false; the same key for another amount or appointment is 409). The database decides between tills: a redemption the balance no
 * longer covers when it runs is refused (409 naming the amount), never taken below zero.
 */
export async function redeemAtDesk(db: D1Database, salon: SalonRow, r: DeskRedemption): Promise<RedeemAnswer & { created: boolean }> {
  const today = localDateOf(r.now, salon.timezone);
  const v = await found(db, salon.id, r.code);
  const appointmentId = r.appointmentNumber === null ? null : await appointmentOfNumber(db, salon.id, r.appointmentNumber);
  if (r.appointmentNumber !== null && appointmentId === null)
    throw new AppError('NOT_FOUND', `This salon has no appointment No. ${r.appointmentNumber}`, 'appointment_number');
  let taken: RedemptionRow | null;
  try {
    taken = await redeem(db, {
      voucherId: v.id,
      salonId: salon.id,
      amountMinor: r.amountMinor,
      appointmentId,
      staffId: r.staff.id,
      staffName: r.staff.name,
      tillKey: r.tillKey,
      today,
      now: r.now,
    });
  } catch (e) {
    // The CHECK on the balance: only a change outside this statement's own guard could reach it.
    if (!String(e).includes('CHECK constraint failed')) throw e;
    taken = null;
  }
  const created = taken !== null;
  taken ??= await redemptionByTillKey(db, v.id, r.tillKey);
  const money = (minor: number) => formatMoney(minor, salon.currency, salon.country_code);
  if (!created && taken) assertSameRedemption(taken, { amountMinor: r.amountMinor, appointmentId }, money);
  const after = await found(db, salon.id, r.code);
  if (taken) return { redemption: redemptionOf(taken), voucher: await detail(db, after, today), created };
  if (after.expiry_date < today) throw new AppError('CONFLICT', `This voucher expired on ${after.expiry_date}`, 'code', 'VOUCHER_EXPIRED');
  const balance = after.amount_minor - after.redeemed_minor;
  throw new AppError(
    'CONFLICT',
    balance === 0 ? 'This voucher has been used up' : `amount is more than the voucher's balance of ${money(balance)}`,
    'amount',
    'VOUCHER_BALANCE',
  );
}
