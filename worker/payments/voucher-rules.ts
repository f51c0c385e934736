import { addMonths } from '../../shared/dates';
import { localDateOf } from '../availability/calendar';

/** A voucher's code and expiry: pure rules (no database, no Stripe), unit-tested in tests/unit/vouchers.test.ts. */

/** Codes people read out and type: no 0/O, 1/I/L; 31^10 ≈ 8 × 10^14 of them. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10;

export function newVoucherCode(): string {
  let code = '';
  const bytes = new Uint8Array(32);
  while (code.length < CODE_LENGTH) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      // 248 = 8 × 31: rejecting the rest keeps every letter equally likely.
      if (b < 248 && code.length < CODE_LENGTH) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
    }
  }
  return code;
}

/** The last day a voucher paid at `paidAt` may be used: that day in the salon's timezone, `months` on. */
export const expiryDateOf = (paidAt: number, timezone: string, months: number) => addMonths(localDateOf(paidAt, timezone), months);
