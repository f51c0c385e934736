import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskVoucherDetail, RedeemAnswer, SoldVouchers } from '../../shared/console/vouchers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { redeemAtTill, soldVoucher } from './desk-helpers';

let owner: string;
let manager3: string;
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
  manager3 = (await staffLogin(STAFF.manager3)).access_token;
});

const lookUp = async (code: string, salon = 1, token = owner) => consoleCall(`/api/console/salons/${salon}/vouchers/${code}`, token);
const balanceOf = async (code: string) => ((await (await lookUp(code)).json()) as DeskVoucherDetail).balance;
const redeemedColumn = async (code: string) =>
  (await env.DB.prepare('SELECT redeemed_minor AS r FROM vouchers WHERE code = ?').bind(code).first<{ r: number }>())!.r;

describe('vouchers at the desk', () => {
  it('looks a code up however it is typed: amount, balance, expiry, buyer, no redemptions yet', async () => {
    const code = await soldVoucher(1, 5000);
    const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`;
    const res = await lookUp(typed);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
    expect(await res.json()).toMatchObject({
      code,
      amount: 50,
      balance: 50,
      currency: 'GBP',
      expiry_date: '2099-12-31',
      state: 'active',
      purchaser_email: 'buyer@example.test',
      redemptions: [],
    });
  });

  it('redeems part against an appointment (by its number), then the rest at the till; the history lists both, newest first', async () => {
    const code = await soldVoucher(1, 5000);
    const appt = (await env.DB.prepare('SELECT number FROM appointments WHERE salon_id = 1 AND number IS NOT NULL LIMIT 1').first<{
      number: number;
    }>())!.number;
    const first = await redeemAtTill(owner, 1, code, { amount: 20.5, appointment_number: appt });
    expect(first.status).toBe(201);
    const a = (await first.json()) as RedeemAnswer;
    expect(a.redemption).toMatchObject({ amount: 20.5, balance: 29.5, appointment_number: appt, staff_name: 'Morgan Willow' });
    expect(a.voucher.balance).toBe(29.5);
    const rest = (await (await redeemAtTill(owner, 1, code, { amount: 29.5 })).json()) as RedeemAnswer;
    expect(rest.voucher).toMatchObject({ balance: 0, state: 'used' });
    expect(rest.voucher.redemptions.map((r) => [r.amount, r.balance, r.appointment_number])).toEqual([
      [29.5, 0, null],
      [20.5, 29.5, appt],
    ]);
    const more = await redeemAtTill(owner, 1, code, { amount: 1 });
    expect(more.status).toBe(409);
    expect(await more.json()).toMatchObject({ field: 'amount', detail: 'This voucher has been used up' });
  });

  it('refuses more than the balance, naming the amount and the balance', async () => {
    const code = await soldVoucher(1, 2500);
    const res = await redeemAtTill(owner, 1, code, { amount: 25.01 });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ field: 'amount', detail: "amount is more than the voucher's balance of £25.00" });
    expect(await balanceOf(code)).toBe(25);
  });

  it('a retried redemption (same till key) is the same redemption, taken once', async () => {
    const code = await soldVoucher(1, 5000);
    const key = crypto.randomUUID();
    const [one, two] = await Promise.all([
      redeemAtTill(owner, 1, code, { amount: 10 }, key),
      redeemAtTill(owner, 1, code, { amount: 10 }, key),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(((await one.json()) as RedeemAnswer).redemption.id).toBe(((await two.json()) as RedeemAnswer).redemption.id);
    expect(await balanceOf(code)).toBe(40);
  });

  it('a till key used again for another amount or appointment is 409 idempotency_key_reused, and takes nothing more', async () => {
    const code = await soldVoucher(1, 5000);
    const appt = (await env.DB.prepare('SELECT number FROM appointments WHERE salon_id = 1 AND number IS NOT NULL LIMIT 1').first<{
      number: number;
    }>())!.number;
    const key = crypto.randomUUID();
    expect((await redeemAtTill(owner, 1, code, { amount: 10 }, key)).status).toBe(201);
    for (const other of [{ amount: 15 }, { amount: 10, appointment_number: appt }, { amount: 9.99 }]) {
      const res = await redeemAtTill(owner, 1, code, other, key);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'idempotency_key_reused',
        field: 'Idempotency-Key',
        detail: 'This till key was already used for a redemption of £10.00. Send a new key with a new redemption.',
      });
    }
    // the same request again is still the first redemption
    expect((await redeemAtTill(owner, 1, code, { amount: 10 }, key)).status).toBe(200);
    expect(await balanceOf(code)).toBe(40);
    expect(await redeemedColumn(code)).toBe(1000);
  });

  it('two tills wanting the whole balance at once: exactly one wins, the other is refused, balance 0 (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const code = await soldVoucher(1, 5000);
      const answers = await Promise.all([redeemAtTill(owner, 1, code, { amount: 50 }), redeemAtTill(owner, 1, code, { amount: 50 })]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await redeemedColumn(code)).toBe(5000);
      expect((await (await lookUp(code)).json()) as DeskVoucherDetail).toMatchObject({ balance: 0, redemptions: [{ amount: 50 }] });
    }
  });

  it('12 tills taking £5 each off £50 at once: 10 are taken, 2 refused, and the redemptions sum to the amount', async () => {
    const code = await soldVoucher(1, 5000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => redeemAtTill(owner, 1, code, { amount: 5 })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const v = (await (await lookUp(code)).json()) as DeskVoucherDetail;
    expect(v.balance).toBe(0);
    expect(v.redemptions).toHaveLength(10);
    expect(v.redemptions.reduce((sum, r) => sum + r.amount, 0)).toBe(50);
    // each redemption's balance after it is a different step down: none saw a stale balance
    expect(new Set(v.redemptions.map((r) => r.balance)).size).toBe(10);
  });

  it('mixed amounts at once never go below zero: what is taken is what the redemptions say', async () => {
    const code = await soldVoucher(1, 5000);
    const amounts = [30, 25, 20, 15, 10, 5, 3.5];
    const answers = await Promise.all(amounts.map((amount) => redeemAtTill(owner, 1, code, { amount })));
    const taken = amounts.filter((_, i) => answers[i]!.status === 201).reduce((s, a) => s + a, 0);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(taken).toBeLessThanOrEqual(50);
    expect(await redeemedColumn(code)).toBe(Math.round(taken * 100));
    expect(await balanceOf(code)).toBeCloseTo(50 - taken, 2);
  });

  it('the database itself refuses a balance below zero, whatever code writes', async () => {
    const code = await soldVoucher(1, 1000);
    await expect(env.DB.prepare('UPDATE vouchers SET redeemed_minor = 1001 WHERE code = ?').bind(code).run()).rejects.toThrow(/CHECK/);
  });

  it('an expired voucher is shown as expired and refused', async () => {
    const code = await soldVoucher(1, 5000, '2020-01-31');
    expect(((await (await lookUp(code)).json()) as DeskVoucherDetail).state).toBe('expired');
    const res = await redeemAtTill(owner, 1, code, { amount: 5 });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ field: 'code', detail: 'This voucher expired on 2020-01-31' });
  });

  it('another salon’s voucher or appointment answers 404; a bad body names the field', async () => {
    const code = await soldVoucher(1, 5000);
    expect((await lookUp(code, 3, manager3)).status).toBe(404);
    expect((await redeemAtTill(manager3, 3, code, { amount: 5 })).status).toBe(404);
    // numbers are each salon's own: one salon 1 has not reached is no appointment of its
    const beyond = (await env.DB.prepare('SELECT MAX(number) + 1 AS n FROM appointments WHERE salon_id = 1').first<{ n: number }>())!.n;
    const wrongAppt = await redeemAtTill(owner, 1, code, { amount: 5, appointment_number: beyond });
    expect(wrongAppt.status).toBe(404);
    expect(await wrongAppt.json()).toMatchObject({ field: 'appointment_number', detail: `This salon has no appointment No. ${beyond}` });
    for (const [body, field] of [
      [{ amount: -1 }, 'amount'],
      [{ amount: 1.234 }, 'amount'],
      [{ amount: '5' }, 'amount'],
      [{ amount: 5, colour: 'red' }, 'colour'],
    ] as const) {
      const res = await redeemAtTill(owner, 1, code, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors).toHaveProperty(field);
    }
    const noKey = await consoleCall(`/api/console/salons/1/vouchers/${code}/redemptions`, owner, { method: 'POST', body: '{"amount":5}' });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ field: 'Idempotency-Key' });
    const badCode = await lookUp('O0I1');
    expect(badCode.status).toBe(400);
    expect(await badCode.json()).toMatchObject({ field: 'code' });
    expect(await balanceOf(code)).toBe(50);
  });

  it('lists the vouchers sold, newest first, paged', async () => {
    const newest = await soldVoucher(1, 1234);
    const res = await consoleCall('/api/console/salons/1/vouchers?page=1', owner);
    const sold = (await res.json()) as SoldVouchers;
    expect(sold.vouchers[0]).toMatchObject({ code: newest, amount: 12.34 });
    expect(sold.total).toBeGreaterThan(1);
    expect((await consoleCall('/api/console/salons/1/vouchers?page=0', owner)).status).toBe(400);
    const salon3 = (await (await consoleCall('/api/console/salons/3/vouchers', manager3)).json()) as SoldVouchers;
    expect(salon3.vouchers.map((v) => v.code)).not.toContain(newest);
  });
});
