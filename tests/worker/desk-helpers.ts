import { newVoucherCode } from '../../worker/payments/voucher-rules';
import { consoleCall } from './console-helpers';
import { dbOf } from './salon-db';

let seq = 0;

/**
 * A voucher of the salon as if it had been bought and paid (issuing itself is tested in
 * vouchers.test.ts): amount in minor units, an expiry a year ahead unless given.
 */
export async function soldVoucher(salonId: number, amountMinor: number, expiry = '2099-12-31'): Promise<string> {
  const code = newVoucherCode();
  const session = `cs_test_desk${Date.now()}x${seq++}`;
  const now = Date.now();
  const db = await dbOf(salonId);
  await db.batch([
    db
      .prepare(
        `INSERT INTO voucher_purchases (session_id, salon_id, amount_minor, currency, purchaser_email, validity_months, created_at)
       VALUES (?, ?, ?, 'gbp', 'buyer@example.test', 12, ?)`,
      )
      .bind(session, salonId, amountMinor, now),
    db
      .prepare(
        `INSERT INTO vouchers (session_id, salon_id, code, amount_minor, currency, expiry_date, purchaser_email, issued_at)
       VALUES (?, ?, ?, ?, 'gbp', ?, 'buyer@example.test', ?)`,
      )
      .bind(session, salonId, code, amountMinor, expiry, now),
  ]);
  return code;
}

/** A redemption at the desk with a till key of its own unless given. */
export const redeemAtTill = (token: string, salonId: number, code: string, body: unknown, key = crypto.randomUUID()) =>
  consoleCall(`/api/console/salons/${salonId}/vouchers/${code}/redemptions`, token, {
    method: 'POST',
    headers: { 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
