import { expect, vi } from 'vitest';
import { env } from 'cloudflare:test';
import type { VoucherCheckout } from '../../shared/vouchers';
import { call, signWebhook, standIn } from './helpers';

let seq = 0;
/** A purchaser address no other test uses, so the outbox shows this test's emails only. */
export const freshEmail = (who = 'buyer') => `voucher-${who}-${Date.now()}-${seq++}@example.test`;

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** POST payments/voucher/{salonId}/checkout/ with a fresh Idempotency-Key unless one is given. */
export const checkout = (salonId: number, body: unknown, key: string | null = crypto.randomUUID()) =>
  postJson(`/api/payments/voucher/${salonId}/checkout/`, body, key === null ? {} : { 'Idempotency-Key': key });

export async function newCheckout(amount = 50, email = freshEmail()): Promise<VoucherCheckout & { email: string }> {
  const res = await checkout(1, { amount, purchaser_email: email });
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  return { ...((await res.json()) as VoucherCheckout), email };
}

const EXP = `12 / ${String(new Date().getUTCFullYear() + 2).slice(-2)}`;

/** The buyer pays on the stand-in's hosted Checkout page (its form, as the browser posts it). */
export function payOnHostedPage(url: string, card = '4242424242424242') {
  const body = new URLSearchParams({ email: 'card-holder@example.test', card_number: card, card_expiry: EXP, card_cvc: '123' });
  return fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
}

/** A paid voucher purchase: checkout, then the hosted page's payment. */
export async function paidCheckout(amount = 50) {
  const cs = await newCheckout(amount);
  const paid = await payOnHostedPage(cs.url);
  if (paid.status !== 303) throw new Error(`the hosted page answered ${paid.status}`);
  return cs;
}

/** Stripe's checkout.session.completed for a session, signed with the configured secret. */
export async function completedWebhook(sessionId: string, metadata: Record<string, string> = { kind: 'voucher', salon_id: '1' }) {
  const payload = JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', metadata } },
  });
  return call('/webhooks/stripe', {
    method: 'POST',
    headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!) },
    body: payload,
  });
}

export const confirmation = (sessionId: string) => call(`/api/payments/stripe/get/voucher/${sessionId}/`);

export const sendVoucher = (salonId: number, sessionId: string, body: unknown) =>
  postJson(`/api/payments/voucher/${salonId}/send/${sessionId}/`, body);

export interface OutboxEmail {
  to: string[];
  subject: string;
  html: string;
  text: string;
}
export const emailsTo = async (to: string) =>
  ((await (await standIn(`/__dev/outbox/emails.json?to=${encodeURIComponent(to)}`)).json()) as { data: OutboxEmail[] }).data;

/**
 * The emails to `to` once a queued one has arrived (the MESSAGES queue delivers within about a
 * second), after a further 1.5 s in which a duplicate would have arrived too.
 */
export async function queuedEmailsTo(to: string): Promise<OutboxEmail[]> {
  await vi.waitFor(async () => expect((await emailsTo(to)).length).toBeGreaterThan(0), { timeout: 10_000, interval: 200 });
  await new Promise((r) => setTimeout(r, 1500));
  return emailsTo(to);
}

export const stripeApi = (path: string, method = 'GET') =>
  standIn(path, { method, headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } });

export const voucherRows = async (sessionId: string) =>
  (await env.DB.prepare('SELECT * FROM vouchers WHERE session_id = ?').bind(sessionId).all()).results;
