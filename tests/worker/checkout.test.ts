import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import type { Bill, RefundAnswer, SaleAnswer } from '../../shared/console/checkout';
import type { DeskAppointment } from '../../shared/console/diary';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { rebuildRollups, rollupRows } from '../../worker/db/report-rollups';
import { clientWithCard } from './card-client';
import { consoleCall, lastEmailTo, STAFF, staffLogin } from './console-helpers';
import { soldVoucher } from './desk-helpers';
import { call, emptyDiaries, signWebhook, standIn } from './helpers';
import { authenticate, intentsOf } from './invite-helpers';

/**
 * Checkout at the desk (docs/console/checkout.md): the bill, each method and mixes, one sale and
 * one charge for one press however often it arrives, the saved card's 3-D Secure by a texted
 * link, a reader's payment through the stand-in's simulated reader and Stripe's webhook, refunds
 * by line back the way it was paid, receipts, and who may do it.
 */
const tokens: Record<'groupOwner' | 'stylist1' | 'manager3', string> = { groupOwner: '', stylist1: '', manager3: '' };
beforeAll(async () => {
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = (await staffLogin(STAFF[who])).access_token;
});
beforeEach(() => emptyDiaries(env.DB.prepare('DELETE FROM sent_messages')));

const secret = { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` };
const checkoutPath = (id: number) => `/api/console/salons/1/appointments/${id}/checkout`;
const bill = async (id: number) => (await (await consoleCall(checkoutPath(id), tokens.groupOwner)).json()) as Bill;
const pay = (id: number, body: unknown, key: string = crypto.randomUUID(), token = tokens.groupOwner) =>
  consoleCall(checkoutPath(id), token, { method: 'POST', headers: { 'Idempotency-Key': key }, body: JSON.stringify(body) });
const paid = async (res: Response) => {
  expect(res.status).toBe(201);
  return (await res.json()) as { sale: SaleAnswer; appointment: DeskAppointment };
};
const saleOf = async (id: number) =>
  (await (await consoleCall(`/api/console/salons/1/sales/${id}`, tokens.groupOwner)).json()) as SaleAnswer;

/** A desk booking of a Ladies Cut with Chloe (stylist 3) at salon 1, for a client who may have a saved card. */
async function appointment(client?: { phone: string; auth: Record<string, string> }): Promise<number> {
  if (client) expect((await call('/api/client/get/invite/1/', { headers: client.auth })).status).toBe(200);
  let date = addDays(localDateOf(Date.now(), 'Europe/London'), 2);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 3) date = addDays(date, 1);
  const slots = await call(`/api/book-online/new/availability/appointment/1/${date}/1/3/null/`);
  const [time] = Object.keys(((await slots.json()) as DaySlots).data);
  const res = await consoleCall('/api/console/salons/1/appointments', tokens.groupOwner, {
    method: 'POST',
    body: JSON.stringify({
      client: { name: 'Pat Payer', phone: client?.phone ?? `+4477009${String(Math.floor(Math.random() * 90000)).padStart(5, '0')}` },
      start_time: time,
      procedures: [{ service_id: 1, stylist_id: 3 }],
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as DeskAppointment).id;
}

/** The reports' roll-ups of salon 1 as the triggers kept them through the calls, against a build from the rows. */
async function expectRollupsExact() {
  const kept = await rollupRows(env.DB, 1);
  await rebuildRollups(env.DB, 1, 0, Date.now());
  expect(kept).toEqual(await rollupRows(env.DB, 1));
}

const voucherBalance = async (code: string) =>
  (await env.DB.prepare('SELECT amount_minor - redeemed_minor AS left FROM vouchers WHERE code = ?').bind(code).first<{ left: number }>())!
    .left;

describe('the bill', () => {
  it('is the appointment’s services at their prices, for owners and managers only', async () => {
    const id = await appointment();
    const b = await bill(id);
    expect(b.lines).toHaveLength(1);
    expect(b.lines[0]).toMatchObject({ kind: 'service', service_id: 1, stylist_id: 3, stylist_name: 'Chloe Price', quantity: 1 });
    expect(b.lines[0]!.price).toBeGreaterThan(0);
    expect(b).toMatchObject({
      currency: 'GBP',
      paid_before: 0,
      subtotal: b.lines[0]!.price,
      total: b.lines[0]!.price,
      due: b.lines[0]!.price,
    });
    expect(b.sale).toBeNull();
    expect((await consoleCall(checkoutPath(id), tokens.stylist1)).status).toBe(403);
    expect((await consoleCall(checkoutPath(id), tokens.manager3)).status).toBe(404);
    expect((await consoleCall(checkoutPath(999999), tokens.groupOwner)).status).toBe(404);
  });
});

describe('checkout', () => {
  it('takes cash and card elsewhere with a discount, a tip and a product; the appointment is paid', async () => {
    const id = await appointment();
    const b = await bill(id);
    const price = b.lines[0]!.price;
    const lines = [
      { ...b.lines[0]!, price: price + 1000 },
      { kind: 'product', name: 'Shampoo', quantity: 2, price: 1250 },
    ];
    // subtotal price + 1000 + 2500, less 10 %, plus a 500 tip to Chloe
    const subtotal = price + 3500;
    const discount = Math.round(subtotal / 10);
    const due = subtotal - discount + 500;
    const short = await pay(id, {
      lines,
      discount: { kind: 'percent', value: 10, reason: 'Regular' },
      tip: { amount: 500, stylist_id: 3 },
      payments: [{ method: 'cash', amount: due - 1 }],
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: Record<string, string> }).errors.payments).toMatch(
      /^The payments come to £.* but £.* is due$/,
    );
    const { sale, appointment: a } = await paid(
      await pay(id, {
        lines,
        discount: { kind: 'percent', value: 10, reason: 'Regular' },
        tip: { amount: 500, stylist_id: 3 },
        payments: [
          { method: 'cash', amount: 2000 },
          { method: 'card_elsewhere', amount: due - 2000 },
        ],
      }),
    );
    expect(sale).toMatchObject({ status: 'paid', subtotal, total: due, due, tip: { amount: 500, stylist_id: 3 } });
    expect(sale.discount).toEqual({ kind: 'percent', value: 10, amount: discount, reason: 'Regular' });
    // the discount is shared over the lines, to the penny
    expect(sale.lines.reduce((s, l) => s + l.discount, 0)).toBe(discount);
    expect(sale.lines.reduce((s, l) => s + l.amount, 0)).toBe(subtotal - discount);
    expect(sale.payments.map((p) => [p.method, p.status])).toEqual([
      ['cash', 'succeeded'],
      ['card_elsewhere', 'succeeded'],
    ]);
    expect(a.id).toBe(id);
    expect(await env.DB.prepare('SELECT paid_at FROM appointments WHERE id = ?').bind(id).first<{ paid_at: number }>()).toMatchObject({
      paid_at: expect.any(Number),
    });
    // paid once: another press is refused, and the bill shows the sale
    const again = await pay(id, { payments: [{ method: 'cash', amount: due }] });
    expect(again.status).toBe(409);
    expect((await bill(id)).sale?.id).toBe(sale.id);
  });

  it('two presses with one key (even at once) make one sale and one charge to the saved card, on the salon’s account', async () => {
    const client = await clientWithCard('4242424242424242');
    const id = await appointment(client);
    const due = (await bill(id)).due;
    const key = crypto.randomUUID();
    const body = { payments: [{ method: 'card_on_file', amount: due }] };
    const presses = await Promise.all(Array.from({ length: 5 }, () => pay(id, body, key)));
    expect(presses.map((r) => r.status)).toEqual(Array(5).fill(201));
    const sales = await Promise.all(presses.map(async (r) => ((await r.json()) as { sale: SaleAnswer }).sale));
    expect(new Set(sales.map((s) => s.id)).size).toBe(1);
    const intents = await intentsOf(client.customer);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({
      status: 'succeeded',
      amount_received: due,
      transfer_data: { destination: 'acct_DemoWillowIslington' },
    });
    expect((await saleOf(sales[0]!.id)).status).toBe('paid');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM sales').first()).toEqual({ n: 1 });
    // the key with another body is refused
    const reused = await pay(id, { payments: [{ method: 'cash', amount: due }] }, key);
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { field: string }).field).toBe('Idempotency-Key');
  });

  it('takes part on a gift voucher and the rest on the saved card; a declined card gives the voucher back', async () => {
    const code = await soldVoucher(1, 2000);
    const declined = await clientWithCard('4000000000000341');
    const id = await appointment(declined);
    const due = (await bill(id)).due;
    const failed = await paid(
      await pay(id, {
        payments: [
          { method: 'voucher', amount: 1500, voucher_code: code },
          { method: 'card_on_file', amount: due - 1500 },
        ],
      }),
    );
    expect(failed.sale.status).toBe('failed');
    expect(failed.sale.payments.map((p) => [p.method, p.status])).toEqual([
      ['voucher', 'canceled'],
      ['card_on_file', 'failed'],
    ]);
    expect(failed.sale.payments[1]!.failure_message).toBe('Your card was declined.');
    expect(await voucherBalance(code)).toBe(2000);
    // a new press (a new key) pays with the voucher and cash
    const ok = await paid(
      await pay(id, {
        payments: [
          { method: 'voucher', amount: 1500, voucher_code: code },
          { method: 'cash', amount: due - 1500 },
        ],
      }),
    );
    expect(ok.sale.status).toBe('paid');
    expect(ok.sale.payments[0]).toMatchObject({ method: 'voucher', voucher_code: code, status: 'succeeded' });
    expect(await voucherBalance(code)).toBe(500);
    // more than a voucher holds names the payment's amount
    const id2 = await appointment();
    const over = await pay(id2, { payments: [{ method: 'voucher', amount: (await bill(id2)).due, voucher_code: code }] });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { errors: Record<string, string> }).errors['payments.0.amount']).toBe('The voucher has £5.00 left');
  });

  it('texts the client a link when the bank wants 3-D Secure on the saved card, and the sale is paid once they approve', async () => {
    const client = await clientWithCard('4000002760003184');
    const id = await appointment(client);
    const due = (await bill(id)).due;
    const { sale } = await paid(
      await pay(id, {
        payments: [
          { method: 'cash', amount: 1000 },
          { method: 'card_on_file', amount: due - 1000 },
        ],
      }),
    );
    expect(sale.status).toBe('open');
    expect(sale.payments[1]).toMatchObject({ status: 'requires_action', failure_code: 'authentication_required' });
    const texts = async () =>
      ((await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(client.phone)}`)).json()) as { data: { body: string }[] })
        .data;
    await expect.poll(async () => (await texts()).some((t) => t.body.includes('/api/sale-payment/')), { timeout: 5000 }).toBe(true);
    const link = /https?:\/\/\S+\/api\/sale-payment\/\S+/.exec(
      (await texts()).find((t) => t.body.includes('/api/sale-payment/'))!.body,
    )![0];
    const opened = await call(new URL(link).pathname);
    expect(opened.status).toBe(303);
    const challenge = opened.headers.get('Location')!;
    expect(new URL(challenge).pathname).toMatch(/^\/3ds\/pi_/);
    await authenticate(challenge, '');
    expect((await call(`${new URL(link).pathname}/done`)).status).toBe(303);
    expect((await saleOf(sale.id)).status).toBe('paid');
    expect((await intentsOf(client.customer)).filter((i) => i.status === 'succeeded')).toHaveLength(1);
  });

  it('takes a payment on a card reader: the simulated reader is presented a card and Stripe’s webhook settles it', async () => {
    const registered = await consoleCall('/api/console/salons/1/readers', tokens.groupOwner, {
      method: 'POST',
      body: JSON.stringify({ registration_code: 'simulated-wpe', label: 'Front desk' }),
    });
    expect(registered.status).toBe(201);
    const reader = (await registered.json()) as { id: string };
    const badCode = await consoleCall('/api/console/salons/1/readers', tokens.groupOwner, {
      method: 'POST',
      body: JSON.stringify({ registration_code: 'purple-cat', label: 'Back' }),
    });
    expect(badCode.status).toBe(400);
    expect(((await badCode.json()) as { field: string }).field).toBe('registration_code');

    const webhook = async (readerObject: unknown, type: string) => {
      const payload = JSON.stringify({
        id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
        object: 'event',
        type,
        data: { object: readerObject },
      });
      const res = await call('/webhooks/stripe', {
        method: 'POST',
        headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!) },
        body: payload,
      });
      expect(res.status).toBe(200);
    };
    const present = async (number?: string) =>
      (
        await standIn(`/v1/test_helpers/terminal/readers/${reader.id}/present_payment_method`, {
          method: 'POST',
          headers: { ...secret, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: number ? `card_present[number]=${number}` : '',
        })
      ).json();

    // a declined card: the sale stays open with the failed attempt (the cash part kept), and no new press is taken meanwhile
    const id = await appointment();
    expect((await bill(id)).readers).toEqual([{ id: reader.id, label: 'Front desk' }]);
    const due = (await bill(id)).due;
    const first = await paid(
      await pay(id, {
        payments: [
          { method: 'cash', amount: 500 },
          { method: 'reader', amount: due - 500, reader_id: reader.id },
        ],
      }),
    );
    expect(first.sale).toMatchObject({ status: 'open', payments: [{ method: 'cash' }, { method: 'reader', status: 'pending' }] });
    await webhook(await present('4000000000000002'), 'terminal.reader.action_failed');
    const declined = await saleOf(first.sale.id);
    expect(declined.status).toBe('open');
    expect(declined.payments.map((p) => [p.method, p.status])).toEqual([
      ['cash', 'succeeded'],
      ['reader', 'failed'],
    ]);
    expect((await pay(id, { payments: [{ method: 'cash', amount: due }] })).status).toBe(409);

    // "Try again" on the same reader, pressed twice at once: one attempt on the same sale, one charge
    const failedId = declined.payments[1]!.id;
    const retry = () =>
      consoleCall(`/api/console/salons/1/sales/${first.sale.id}/payments/${failedId}/retry`, tokens.groupOwner, {
        method: 'POST',
        body: JSON.stringify({ method: 'reader', reader_id: reader.id }),
      });
    expect((await Promise.all([retry(), retry()])).map((r) => r.status).sort()).toEqual([200, 201]);
    await webhook(await present(), 'terminal.reader.action_succeeded');
    const done = await saleOf(first.sale.id);
    expect(done.status).toBe('paid');
    expect(done.payments.map((p) => [p.method, p.status, p.retry_of])).toEqual([
      ['cash', 'succeeded', null],
      ['reader', 'failed', null],
      ['reader', 'succeeded', failedId],
    ]);
    const piId = (await env.DB.prepare(
      "SELECT payment_intent_id FROM sale_payments WHERE sale_id = ? AND method = 'reader' AND status = 'succeeded'",
    )
      .bind(first.sale.id)
      .first<{ payment_intent_id: string }>())!.payment_intent_id;
    const pi = await (await standIn(`/v1/payment_intents/${piId}`, { headers: secret })).json();
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount_received: due - 500,
      payment_method_types: ['card_present'],
      transfer_data: { destination: 'acct_DemoWillowIslington' },
    });
    // a payment taken is not tried again
    expect((await retry()).status).toBe(200);
    const again = await consoleCall(
      `/api/console/salons/1/sales/${first.sale.id}/payments/${done.payments[2]!.id}/retry`,
      tokens.groupOwner,
      {
        method: 'POST',
        body: JSON.stringify({ method: 'cash' }),
      },
    );
    expect(again.status).toBe(409);
    // a reader of another salon (or none) names the payment's reader
    const id2 = await appointment();
    const unknown = await pay(id2, { payments: [{ method: 'reader', amount: (await bill(id2)).due, reader_id: 'tmr_nope' }] });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { field: string }).field).toBe('payments.0.reader_id');
  });
});

describe('cancelling an open sale', () => {
  const readerOf = async () => {
    const res = await consoleCall('/api/console/salons/1/readers', tokens.groupOwner, {
      method: 'POST',
      body: JSON.stringify({ registration_code: 'simulated-s700', label: `Till ${crypto.randomUUID().slice(0, 6)}` }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const cancel = (saleId: number, token = tokens.groupOwner) =>
    consoleCall(`/api/console/salons/1/sales/${saleId}/cancel`, token, { method: 'POST' });
  const intent = async (saleId: number) => {
    const row = await env.DB.prepare("SELECT payment_intent_id FROM sale_payments WHERE sale_id = ? AND method = 'reader'")
      .bind(saleId)
      .first<{ payment_intent_id: string }>();
    return (await (await standIn(`/v1/payment_intents/${row!.payment_intent_id}`, { headers: secret })).json()) as {
      status: string;
      amount_received: number;
    };
  };

  it('cancels what was started: the reader stops asking, the intent is cancelled, the voucher given back; History says who and how much', async () => {
    await rebuildRollups(env.DB, 1, 0, Date.now());
    const reader = await readerOf();
    const voucher = await soldVoucher(1, 2000);
    const id = await appointment();
    const due = (await bill(id)).due;
    const { sale } = await paid(
      await pay(id, {
        payments: [
          { method: 'voucher', amount: 1000, voucher_code: voucher },
          { method: 'reader', amount: due - 1000, reader_id: reader },
        ],
      }),
    );
    expect(sale.status).toBe('open');
    expect(await voucherBalance(voucher)).toBe(1000);
    expect((await cancel(sale.id, tokens.stylist1)).status).toBe(403);
    const res = await cancel(sale.id);
    expect(res.status).toBe(200);
    const cancelled = ((await res.json()) as { sale: SaleAnswer }).sale;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(cancelled.payments.map((p) => p.status)).toEqual(['canceled', 'canceled']);
    expect(await voucherBalance(voucher)).toBe(2000);
    expect((await intent(sale.id)).status).toBe('canceled');
    const r = (await (await standIn(`/v1/terminal/readers/${reader}`, { headers: secret })).json()) as { action: unknown };
    expect(r.action).toBeNull();
    // the appointment is unpaid: the bill has no sale, and a new press takes payment
    expect((await bill(id)).sale).toBeNull();
    expect((await cancel(sale.id)).status).toBe(200);
    const history = (await (await consoleCall('/api/console/salons/1/history', tokens.groupOwner)).json()) as {
      field: string;
      who: string;
      old: string;
      new: string;
    }[];
    const entry = history.find((h) => h.field === 'sale_cancel' && h.old.includes(`appointment ${id}:`))!;
    expect(entry.who).toBe(STAFF.groupOwner.email);
    expect(entry.old).toContain(`£${(due / 100).toFixed(2)}`);
    expect(history.filter((h) => h.field === 'sale_cancel' && h.old.includes(`appointment ${id}:`))).toHaveLength(1);
    expect(history.some((h) => h.field === 'sale' && h.new.includes(`appointment ${id}:`))).toBe(true);
    const again = await paid(await pay(id, { payments: [{ method: 'cash', amount: due }] }));
    expect(again.sale.status).toBe('paid');
    expect((await cancel(again.sale.id)).status).toBe(409);
    await expectRollupsExact();
  });

  it('cancel against the card tapped at once: exactly one wins, the money taken once or not at all', async () => {
    const reader = await readerOf();
    for (let round = 0; round < 3; round++) {
      const id = await appointment();
      const due = (await bill(id)).due;
      const { sale } = await paid(await pay(id, { payments: [{ method: 'reader', amount: due, reader_id: reader }] }));
      const tapped = await (
        await standIn(`/v1/test_helpers/terminal/readers/${reader}/present_payment_method`, {
          method: 'POST',
          headers: { ...secret, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: '',
        })
      ).json();
      const payload = JSON.stringify({
        id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
        object: 'event',
        type: 'terminal.reader.action_succeeded',
        data: { object: tapped },
      });
      const [cancelled, hook] = await Promise.all([
        cancel(sale.id),
        call('/webhooks/stripe', {
          method: 'POST',
          headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!) },
          body: payload,
        }),
      ]);
      expect(hook.status).toBe(200);
      const after = await saleOf(sale.id);
      const pi = await intent(sale.id);
      if (cancelled.status === 200) {
        expect(after.status).toBe('cancelled');
        expect(pi.status).toBe('canceled');
        expect(pi.amount_received).toBe(0);
        expect((await bill(id)).sale).toBeNull();
      } else {
        expect(cancelled.status).toBe(409);
        expect(after.status).toBe('paid');
        expect(pi).toMatchObject({ status: 'succeeded', amount_received: due });
      }
    }
  });
});

describe('refunds', () => {
  it('refunds a line back the way it was paid, then the rest; never more than was paid; one key is one refund', async () => {
    await rebuildRollups(env.DB, 1, 0, Date.now());
    const client = await clientWithCard('4242424242424242');
    const id = await appointment(client);
    const b = await bill(id);
    const lines = [b.lines[0]!, { kind: 'product', name: 'Shampoo', quantity: 1, price: 1200 }];
    const due = b.due + 1200;
    const { sale } = await paid(
      await pay(id, {
        lines,
        tip: { amount: 300, stylist_id: 3 },
        payments: [
          { method: 'card_on_file', amount: 1000 },
          { method: 'cash', amount: due + 300 - 1000 },
        ],
      }),
    );
    const refundPath = `/api/console/salons/1/sales/${sale.id}/refunds`;
    const refund = (body: unknown, key: string = crypto.randomUUID()) =>
      consoleCall(refundPath, tokens.groupOwner, { method: 'POST', headers: { 'Idempotency-Key': key }, body: JSON.stringify(body) });
    const shampoo = sale.lines[1]!;
    const key = crypto.randomUUID();
    const first = await refund({ lines: [{ line_id: shampoo.id }], reason: 'Wrong product' }, key);
    expect(first.status).toBe(201);
    const one = (await first.json()) as { refund: RefundAnswer; sale: SaleAnswer };
    // the card first (its 10.00), then cash for the rest of 12.00
    expect(one.refund).toMatchObject({ amount: 1200, tip: 0, reason: 'Wrong product', lines: [{ line_id: shampoo.id, amount: 1200 }] });
    expect(one.refund.payments.map((p) => [p.method, p.amount, p.status])).toEqual([
      ['card_on_file', 1000, 'succeeded'],
      ['cash', 200, 'succeeded'],
    ]);
    const refunds = (await (
      await standIn(`/v1/refunds?payment_intent=${(await intentsOf(client.customer))[0]!.id}`, { headers: secret })
    ).json()) as {
      data: { amount: number }[];
    };
    expect(refunds.data.map((r) => r.amount)).toEqual([1000]);
    // History: who refunded how much of which sale
    const history = (await (await consoleCall('/api/console/salons/1/history', tokens.groupOwner)).json()) as {
      field: string;
      who: string;
      old: string;
      new: string;
    }[];
    expect(history.filter((h) => h.field === 'sale_refund' && h.old.includes(`appointment ${id}:`))).toEqual([
      expect.objectContaining({ who: STAFF.groupOwner.email, new: '£12.00 refunded: Wrong product' }),
    ]);
    // the same key: the same refund
    const replay = await refund({ lines: [{ line_id: shampoo.id }], reason: 'Wrong product' }, key);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { refund: RefundAnswer }).refund.id).toBe(one.refund.id);
    // the line is refunded already
    const twice = await refund({ lines: [{ line_id: shampoo.id }] });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { field: string }).field).toBe('lines.0.amount');
    // the rest, tip included
    const rest = await refund({});
    expect(rest.status).toBe(201);
    const all = ((await rest.json()) as { sale: SaleAnswer }).sale;
    expect(all.refunded).toBe(all.due);
    expect(all.lines.every((l) => l.refunded === l.amount)).toBe(true);
    expect((await refund({})).status).toBe(400);
    // the sale, its refunds by line and the rest kept the reports' roll-ups exact
    expect((await rollupRows(env.DB, 1)).some((r) => r.kind === 'line_refund')).toBe(true);
    await expectRollupsExact();
    // a stylist may not refund
    expect(
      (await consoleCall(refundPath, tokens.stylist1, { method: 'POST', headers: { 'Idempotency-Key': crypto.randomUUID() }, body: '{}' }))
        .status,
    ).toBe(403);
  });

  it('sends the receipt by email', async () => {
    const id = await appointment();
    const { sale } = await paid(await pay(id, { payments: [{ method: 'cash', amount: (await bill(id)).due }] }));
    const res = await consoleCall(`/api/console/salons/1/sales/${sale.id}/receipt`, tokens.groupOwner, {
      method: 'POST',
      body: JSON.stringify({ email: 'pat@example.test' }),
    });
    expect(res.status).toBe(202);
    await expect
      .poll(async () => (await lastEmailTo('pat@example.test').catch(() => null))?.subject, { timeout: 5000 })
      .toMatch(/^Your receipt from /);
    expect((await lastEmailTo('pat@example.test')).text).toContain('Cash:');
  });
});
