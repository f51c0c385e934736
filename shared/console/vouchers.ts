import { hasAtMost2Decimals } from '../money';
import * as z from '../zod';

/**
 * Vouchers at the desk (issue 29): look a code up, redeem part or all of it, its redemptions and
 * the salon's sold list. Money is in major units, as everywhere in the API.
 */

/** A code as staff type it: case, spaces and dashes do not matter ('abcd-efgh 23' is ABCDEFGH23). */
export const normaliseVoucherCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');
/** The alphabet of worker/payments/voucher-rules.ts: no 0/O, 1/I/L. */
export const VOUCHER_CODE = /^[2-9A-HJKMNP-Z]{10}$/;
export const MSG_VOUCHER_CODE = 'Type the 10 letters and digits printed on the voucher';
/** A code a salon brought from its old system (docs/console/imports.md): 6 to 32 letters and digits, as the client holds it. */
export const IMPORTED_VOUCHER_CODE = /^[0-9A-Z]{6,32}$/;

export const voucherCodeSchema = z
  .string(MSG_VOUCHER_CODE)
  .max(40, MSG_VOUCHER_CODE)
  .transform(normaliseVoucherCode)
  .refine((s) => VOUCHER_CODE.test(s) || IMPORTED_VOUCHER_CODE.test(s), MSG_VOUCHER_CODE);

/** POST /api/console/salons/{id}/vouchers/{code}/redemptions (header Idempotency-Key: the till's key for this redemption). */
export const redeemSchema = z.strictObject(
  {
    amount: z
      .number('Enter the amount to take off the voucher, such as 25 or 12.50')
      .positive('Enter an amount of more than 0')
      .max(100_000, 'That is more than any voucher holds')
      .refine(hasAtMost2Decimals, 'Use at most 2 decimal places'),
    /**
     * the appointment it pays for, by the salon's own number ("No. 12": the diary, the client's
     * card); absent: at the till with no appointment (a product, a walk-in)
     */
    appointment_number: z
      .number('Type the appointment’s number, such as 12, or leave it empty')
      .int('Type the appointment’s number, such as 12, or leave it empty')
      .positive('Type the appointment’s number, such as 12, or leave it empty')
      .max(1_000_000_000, 'No appointment has a number that large')
      .nullish(),
  },
  { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) },
);
export type RedeemInput = z.input<typeof redeemSchema>;

export interface VoucherRedemption {
  id: number;
  amount: number;
  /** what was left once it was taken */
  balance: number;
  /** the salon's number of the appointment it paid for ("No. 12"), or null at the till */
  appointment_number: number | null;
  /** who took it */
  staff_name: string;
  created_at: string;
}

export type VoucherState = 'active' | 'used' | 'expired';

/** A voucher as the desk sees it. */
export interface DeskVoucher {
  code: string;
  amount: number;
  balance: number;
  currency: string;
  /** the last day it may be used (YYYY-MM-DD, the salon's day) */
  expiry_date: string;
  state: VoucherState;
  purchaser_email: string;
  issued_at: string;
}

/** GET /api/console/salons/{id}/vouchers/{code}: the voucher and its redemptions, newest first. */
export interface DeskVoucherDetail extends DeskVoucher {
  redemptions: VoucherRedemption[];
}

/** POST …/redemptions answers the redemption and the voucher after it. */
export interface RedeemAnswer {
  redemption: VoucherRedemption;
  voucher: DeskVoucherDetail;
}

export const SOLD_PAGE_SIZE = 20;
/** GET /api/console/salons/{id}/vouchers?page=N: the vouchers sold, newest first. */
export interface SoldVouchers {
  vouchers: DeskVoucher[];
  page: number;
  pages: number;
  total: number;
}

export const pageQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, 'page must be a whole number from 1')
    .transform(Number)
    .default(1),
});
