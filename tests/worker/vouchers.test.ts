import { env } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../shared/dates';
import type { SalonDetails } from '../../shared/types';
import { MSG_VALID_EMAIL, VOUCHER_SENDS_MAX, type VoucherFromSession } from '../../shared/vouchers';
import { localDateOf } from '../../worker/availability/calendar';
import { call, patchSalon } from './helpers';
import {
  checkout,
  completedWebhook,
  confirmation,
  emailsTo,
  queuedEmailsTo,
  freshEmail,
  newCheckout,
  paidCheckout,
  payOnHostedPage,
  sendVoucher,
  stripeApi,
  voucherRows,
} from './voucher-helpers';

const salonDetails = async (id: number) => (await (await call(`/api/book-online/salon/${id}/`)).json()) as SalonDetails;
const errorOf = async (res: Response) =>
  (await res.json()) as { detail: string; code: string; field?: string; errors?: Record<string, string> };

const gift = (recipient = freshEmail('recipient')) => ({
  recipient_name: 'Sam <b>Lee</b>',
  recipient_email: recipient,
  purchaser_name: 'Alex',
  custom_message: 'Happy birthday!\n<script>x</script>',
});

afterAll(async () => {
  await patchSalon(2, { vouchers_on_sale: false, voucher_amounts: [], voucher_custom_min: null, voucher_custom_max: null });
});

describe('voucher settings', () => {
  it('demo salon 1 sells £25, £50, £100 and £10–£500 for 12 months; salon 2 sells none', async () => {
    expect((await salonDetails(1)).vouchers).toEqual({ amounts: [25, 50, 100], custom: { min: 10, max: 500 }, validity_months: 12 });
    expect((await salonDetails(2)).vouchers).toBeNull();
  });

  it('a salon turns vouchers on through the admin API, and its details show it at once', async () => {
    const res = await patchSalon(2, { vouchers_on_sale: true, voucher_amounts: [40, 20.5], voucher_validity_months: 6 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as SalonDetails).vouchers).toEqual({ amounts: [20.5, 40], custom: null, validity_months: 6 });
    expect((await salonDetails(2)).vouchers).toEqual({ amounts: [20.5, 40], custom: null, validity_months: 6 });
    expect((await patchSalon(2, { voucher_custom_min: 15, voucher_custom_max: 150 })).status).toBe(200);
    expect((await salonDetails(2)).vouchers?.custom).toEqual({ min: 15, max: 150 });
    expect((await patchSalon(2, { vouchers_on_sale: false })).status).toBe(200);
    expect((await salonDetails(2)).vouchers).toBeNull();
  });

  it.each([
    [{ voucher_amounts: [25, 25] }, 'voucher_amounts', 'Each voucher amount can be offered once'],
    [{ voucher_amounts: [25.005] }, 'voucher_amounts.0', 'voucher_amounts.0 must have at most 2 decimals'],
    [{ voucher_amounts: [0] }, 'voucher_amounts.0', 'A voucher amount must be at least 1.00'],
    [{ voucher_amounts: '25' }, 'voucher_amounts', 'List the voucher amounts, such as 25.00 and 50.00'],
    [{ voucher_validity_months: 0 }, 'voucher_validity_months', 'The months a voucher is valid must be at least 1'],
    [{ voucher_validity_months: 1.5 }, 'voucher_validity_months', 'Enter the months a voucher is valid as a whole number'],
    [{ vouchers_on_sale: 'yes' }, 'vouchers_on_sale', 'Choose whether gift vouchers are on sale'],
    [
      { voucher_custom_min: 20, voucher_custom_max: null },
      'voucher_custom_max',
      'voucher_custom_min and voucher_custom_max must both be set, or both null',
    ],
    [{ voucher_custom_min: 50, voucher_custom_max: 20 }, 'voucher_custom_max', 'The largest custom amount must be at least the smallest'],
    [
      { vouchers_on_sale: true, voucher_amounts: [], voucher_custom_min: null, voucher_custom_max: null },
      'vouchers_on_sale',
      'To sell gift vouchers, offer at least one amount or a custom range',
    ],
  ])('refuses %j with a 400 naming the field', async (body, field, message) => {
    const res = await patchSalon(2, body);
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.field).toBe(field);
    expect(err.detail).toContain(message);
  });
});

describe('voucher checkout', () => {
  it('creates a Checkout Session for an amount on offer and records the purchase', async () => {
    const email = freshEmail();
    const res = await checkout(1, { amount: 37.5, purchaser_email: email });
    expect(res.status).toBe(201);
    const cs = (await res.json()) as { session_id: string; url: string };
    expect(Object.keys(cs).sort()).toEqual(['session_id', 'url']);
    expect(cs.session_id).toMatch(/^cs_test_/);
    const session = (await (await stripeApi(`/v1/checkout/sessions/${cs.session_id}?expand[]=line_items`)).json()) as Record<
      string,
      unknown
    >;
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount_total: 3750,
      currency: 'gbp',
      customer_email: email,
      metadata: { salon_id: '1', amount: '37.5', kind: 'voucher' },
      success_url: 'http://localhost/salon/1/voucher/confirmation?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/salon/1/voucher',
      line_items: { data: [{ description: 'Gift voucher — Willow & Co Islington', quantity: 1 }] },
    });
    const row = await env.DB.prepare('SELECT * FROM voucher_purchases WHERE session_id = ?').bind(cs.session_id).first();
    expect(row).toMatchObject({ salon_id: 1, amount_minor: 3750, currency: 'gbp', purchaser_email: email, validity_months: 12 });
  });

  it('a retry with the same Idempotency-Key answers the same session', async () => {
    const body = { amount: 25, purchaser_email: freshEmail() };
    const key = crypto.randomUUID();
    const first = (await (await checkout(1, body, key)).json()) as { session_id: string };
    const again = await checkout(1, body, key);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { session_id: string }).session_id).toBe(first.session_id);
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM voucher_purchases WHERE session_id = ?')
      .bind(first.session_id)
      .first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('requires an Idempotency-Key', async () => {
    const res = await checkout(1, { amount: 25, purchaser_email: freshEmail() }, null);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).field).toBe('Idempotency-Key');
  });

  it.each([
    [{ amount: 30.123, purchaser_email: 'a@example.test' }, 'amount', 'amount must have at most 2 decimals'],
    [
      { amount: 5, purchaser_email: 'a@example.test' },
      'amount',
      'amount must be one of the vouchers on offer: £25.00, £50.00 or £100.00, or from £10.00 to £500.00',
    ],
    [{ amount: 500.01, purchaser_email: 'a@example.test' }, 'amount', 'amount must be one of the vouchers on offer'],
    [{ amount: -25, purchaser_email: 'a@example.test' }, 'amount', 'amount must be more than 0'],
    [{ amount: '25', purchaser_email: 'a@example.test' }, 'amount', 'amount must be an amount such as 25 or 25.50'],
    [{ amount: 25, purchaser_email: 'not an email' }, 'purchaser_email', MSG_VALID_EMAIL],
    [{ amount: 25 }, 'purchaser_email', MSG_VALID_EMAIL],
  ])('refuses %j with a 400 naming the field', async (body, field, message) => {
    const res = await checkout(1, body);
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.field).toBe(field);
    expect(err.detail).toContain(message);
  });

  it('a salon that sells no vouchers answers 404 with a clear message', async () => {
    const res = await checkout(3, { amount: 25, purchaser_email: freshEmail() });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).detail).toBe('This salon does not sell gift vouchers online.');
    expect((await checkout(999, { amount: 25, purchaser_email: freshEmail() })).status).toBe(404);
  });
});

describe('issuing the voucher', () => {
  it('is not issued for an open session, nor an expired one', async () => {
    const open = await newCheckout();
    expect((await confirmation(open.session_id)).status).toBe(404);
    expect((await completedWebhook(open.session_id)).status).toBe(200);
    expect(await voucherRows(open.session_id)).toHaveLength(0);
    expect((await stripeApi(`/v1/checkout/sessions/${open.session_id}/expire`, 'POST')).status).toBe(200);
    expect((await confirmation(open.session_id)).status).toBe(404);
    expect((await completedWebhook(open.session_id)).status).toBe(200);
    expect(await voucherRows(open.session_id)).toHaveLength(0);
    expect(await emailsTo(open.email)).toHaveLength(0);
  });

  it('is issued exactly once when the webhook and the confirmation race, with one receipt', async () => {
    const cs = await paidCheckout(50);
    const [hook, confirmed] = await Promise.all([completedWebhook(cs.session_id), confirmation(cs.session_id)]);
    expect(hook.status).toBe(200);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('Cache-Control')).toBe('no-store');
    const voucher = (await confirmed.json()) as VoucherFromSession;
    expect(Object.keys(voucher).sort()).toEqual(['amount', 'expiry_date', 'purchased_by_client_email', 'voucher_code']);
    expect(voucher).toEqual({
      voucher_code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{10}$/),
      amount: 50,
      expiry_date: addMonths(localDateOf(Date.now(), 'Europe/London'), 12),
      purchased_by_client_email: cs.email,
    });
    const rows = await voucherRows(cs.session_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: voucher.voucher_code, amount_minor: 5000, salon_id: 1 });
    // Asked again (and the webhook redelivered): the same voucher, no second receipt.
    expect(await (await confirmation(cs.session_id)).json()).toEqual(voucher);
    await completedWebhook(cs.session_id);
    const receipts = await queuedEmailsTo(cs.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your gift voucher for Willow & Co Islington');
    expect(receipts[0]!.text).toContain(`Voucher code: ${voucher.voucher_code}`);
    expect(receipts[0]!.text).toContain('Value: £50.00');
  });

  it('the webhook alone issues it and sends the receipt', async () => {
    const cs = await paidCheckout(25);
    expect((await completedWebhook(cs.session_id)).status).toBe(200);
    const rows = await voucherRows(cs.session_id);
    expect(rows).toHaveLength(1);
    const receipts = await queuedEmailsTo(cs.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.html).toContain(String(rows[0]!.code));
  });

  it('a declined card leaves the session unpaid: no voucher', async () => {
    const cs = await newCheckout();
    await payOnHostedPage(cs.url, '4000000000000002');
    expect((await confirmation(cs.session_id)).status).toBe(404);
    expect(await voucherRows(cs.session_id)).toHaveLength(0);
  });
});

describe('sending the voucher to a recipient', () => {
  it('emails the recipient the voucher with the message escaped, and counts the sends', async () => {
    const cs = await paidCheckout(100);
    const { voucher_code } = (await (await confirmation(cs.session_id)).json()) as VoucherFromSession;
    const body = gift();
    const res = await sendVoucher(1, cs.session_id, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, sends_left: VOUCHER_SENDS_MAX - 1 });
    const [email, ...more] = await emailsTo(body.recipient_email);
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe('Alex has sent you a gift voucher for Willow & Co Islington');
    expect(email!.text).toContain(`Voucher code: ${voucher_code}`);
    expect(email!.text).toContain('Value: £100.00');
    expect(email!.html).toContain('Sam &lt;b&gt;Lee&lt;/b&gt;');
    expect(email!.html).not.toContain('<script>');
  });

  it(`allows ${VOUCHER_SENDS_MAX} sends per voucher, then 429`, async () => {
    const cs = await paidCheckout(25);
    for (let i = 1; i <= VOUCHER_SENDS_MAX; i++) {
      const res = await sendVoucher(1, cs.session_id, gift());
      expect(await res.json()).toEqual({ sent: true, sends_left: VOUCHER_SENDS_MAX - i });
    }
    const over = gift();
    const res = await sendVoucher(1, cs.session_id, over);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).detail).toContain(`already been sent ${VOUCHER_SENDS_MAX} times`);
    expect(await emailsTo(over.recipient_email)).toHaveLength(0);
  });

  it('answers 400 with a message per field, in the shared words', async () => {
    const cs = await paidCheckout(25);
    const res = await sendVoucher(1, cs.session_id, { recipient_name: ' ', recipient_email: 'nope', custom_message: 'x'.repeat(321) });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.errors).toEqual({
      recipient_name: "Please enter the recipient's name",
      recipient_email: MSG_VALID_EMAIL,
      purchaser_name: expect.any(String),
      custom_message: 'Please use at most 320 characters',
    });
    expect(await voucherRows(cs.session_id)).toHaveLength(0);
  });
});
