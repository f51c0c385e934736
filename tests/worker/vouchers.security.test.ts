import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MSG_VOUCHER_NOT_FOUND } from '../../shared/vouchers';
import { call, signWebhook } from './helpers';
import {
  completedWebhook,
  confirmation,
  emailsTo,
  freshEmail,
  newCheckout,
  paidCheckout,
  payOnHostedPage,
  sendVoucher,
  voucherRows,
} from './voucher-helpers';

const gift = () => ({ recipient_name: 'Sam', recipient_email: freshEmail('recipient'), purchaser_name: 'Alex', custom_message: '' });
const detailOf = async (res: Response) => ((await res.json()) as { detail: string }).detail;

describe('voucher calls: who may see and send a voucher', () => {
  it('the voucher calls are public: no login asked', async () => {
    const cs = await paidCheckout(25);
    expect((await confirmation(cs.session_id)).status).toBe(200);
    expect((await sendVoucher(1, cs.session_id, gift())).status).toBe(200);
  });

  it.each(['cs_test_short', 'pi_3NvXYZabcdefghijkl', `cs_test_${'a'.repeat(101)}`, "cs_test_abcdefghijk'OR'1"])(
    'a malformed session id (%s) is a voucher we cannot find: 404',
    async (id) => {
      const res = await confirmation(id);
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe(MSG_VOUCHER_NOT_FOUND);
      const send = await sendVoucher(1, id, gift());
      expect(send.status).toBe(404);
      expect(await detailOf(send)).toBe(MSG_VOUCHER_NOT_FOUND);
    },
  );

  it('an unknown session id answers 404 with the shared message, not cached', async () => {
    const res = await confirmation('cs_test_UnknownSession0123456789');
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await detailOf(res)).toBe(MSG_VOUCHER_NOT_FOUND);
    const send = await sendVoucher(1, 'cs_test_UnknownSession0123456789', gift());
    expect(send.status).toBe(404);
    expect(await detailOf(send)).toBe(MSG_VOUCHER_NOT_FOUND);
  });

  it("another salon's session cannot be sent from this salon: 404, nothing sent", async () => {
    const cs = await paidCheckout(25);
    const body = gift();
    const res = await sendVoucher(2, cs.session_id, body);
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe(MSG_VOUCHER_NOT_FOUND);
    expect(await emailsTo(body.recipient_email)).toHaveLength(0);
  });

  it('an unpaid session can be neither confirmed nor sent', async () => {
    const cs = await newCheckout();
    const body = gift();
    expect((await sendVoucher(1, cs.session_id, body)).status).toBe(404);
    expect(await emailsTo(body.recipient_email)).toHaveLength(0);
    expect(await voucherRows(cs.session_id)).toHaveLength(0);
  });

  it('a paid session whose amount is not the one recorded at checkout issues nothing', async () => {
    const cs = await newCheckout(50);
    // As if the session had been made for another amount than the purchase recorded.
    await env.DB.prepare('UPDATE voucher_purchases SET amount_minor = 10000 WHERE session_id = ?').bind(cs.session_id).run();
    await payOnHostedPage(cs.url);
    expect((await completedWebhook(cs.session_id)).status).toBe(200);
    expect((await confirmation(cs.session_id)).status).toBe(404);
    expect(await voucherRows(cs.session_id)).toHaveLength(0);
  });

  it('a forged webhook is refused and issues nothing', async () => {
    const cs = await paidCheckout(25);
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: cs.session_id, object: 'checkout.session', metadata: { kind: 'voucher' } } },
    });
    const res = await call('/webhooks/stripe', {
      method: 'POST',
      headers: { 'Stripe-Signature': await signWebhook(payload, 'whsec_wrong') },
      body: payload,
    });
    expect(res.status).toBe(400);
    expect(await voucherRows(cs.session_id)).toHaveLength(0);
    expect(await emailsTo(cs.email)).toHaveLength(0);
  });

  it('the answer carries exactly the spec fields, nothing of the purchase or the payment', async () => {
    const cs = await paidCheckout(25);
    const body = (await (await confirmation(cs.session_id)).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['amount', 'expiry_date', 'purchased_by_client_email', 'voucher_code']);
  });
});
