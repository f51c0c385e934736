import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { MSG_SLOT_TAKEN } from '../../shared/booking-request';
import { clientWithCard } from './card-client';
import { call, emptyDiaries, signWebhook, standIn } from './helpers';

const json = (body: unknown, headers: Record<string, string> = {}, method = 'POST') => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
function weekday(day: number): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== day) d = addDays(d, 1);
  return d;
}
async function slotWithAmelia() {
  const res = await call(`/api/book-online/new/availability/appointment/1/${weekday(3)}/2/1/null/`);
  return Object.keys(((await res.json()) as DaySlots).data)[0]!;
}
const bookingFor = (start: string, username: string) => ({
  start_time: start,
  procedures: [{ service_id: 2, stylist_id: 1, role: 'Creative Director', start_time: start, duration: 30, price: 35, processing: 0 }],
  total_price: 35,
  cognito_username: username,
  payment_needed: true,
});
const book = (auth: Record<string, string>, body: unknown, key = crypto.randomUUID()) =>
  call(
    '/api/book-online/appointment/create/1/',
    json(body, { ...auth, 'Idempotency-Key': key, 'X-Return-Url': '/salon/1/confirm-with-card' }),
  );

/** The client on the stand-in's 3-D Secure page (the next action's URL carries the intent's secret). */
async function authenticate(nextActionUrl: string, result: 'complete' | 'fail') {
  const url = new URL(nextActionUrl);
  await standIn(url.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ result, client_secret: url.searchParams.get('client_secret')! }).toString(),
  });
}

beforeEach(() => emptyDiaries());

describe('cards and deposits at booking', () => {
  it('saves a card and shows it, then removes it', async () => {
    const c = await clientWithCard('4242424242424242');
    expect(c.card.last4).toBe('4242');
    const shown = (await (await call('/api/ncob/checkout/salon/user/getcard/1/', { headers: c.auth })).json()) as Record<string, unknown>;
    expect(shown).toMatchObject({ last4: '4242', brand: 'visa', exp_month: 12, exp_year: 2034 });
    expect(shown).not.toHaveProperty('customer');
    expect((await call(`/api/ncob/checkout/client/delete/card/1/${c.username}/`, { method: 'DELETE', headers: c.auth })).status).toBe(204);
    expect((await call('/api/ncob/checkout/salon/user/getcard/1/', { headers: c.auth })).status).toBe(204);
  });

  it('takes the 20 % deposit once on the saved card and confirms the booking; a retry charges nothing more', async () => {
    const c = await clientWithCard('4242424242424242');
    const slot = await slotWithAmelia();
    const key = crypto.randomUUID();
    const res = await book(c.auth, bookingFor(slot, c.username), key);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { appointment_id: number; pi: string; pi_status: string; status: string };
    expect(answer).toMatchObject({ status: 'confirmed', pi_status: 'succeeded' });
    const row = await env.DB.prepare('SELECT status, payment_status, deposit FROM appointments WHERE id = ?')
      .bind(answer.appointment_id)
      .first();
    expect(row).toEqual({ status: 'confirmed', payment_status: 'captured', deposit: 700 });
    const again = (await (await book(c.auth, bookingFor(slot, c.username), key)).json()) as { appointment_id: number; pi: string };
    expect(again).toMatchObject({ appointment_id: answer.appointment_id, pi: answer.pi });
    const listed = (await (
      await standIn(`/v1/payment_intents?customer=${c.customer}&limit=10`, {
        headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
      })
    ).json()) as { data: unknown[] };
    expect(listed.data).toHaveLength(1);
  });

  it('a card that fails at charge leaves no booking and frees the time', async () => {
    const c = await clientWithCard('4000000000000341');
    const slot = await slotWithAmelia();
    const res = await book(c.auth, bookingFor(slot, c.username));
    expect(res.status).toBe(402);
    const body = (await res.json()) as { detail: string; code: string };
    expect(body.detail).toBe('Your card was declined. Please try again with a different card.');
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments WHERE status IN ('confirmed', 'pending')").first()).toEqual({
      n: 0,
    });
    expect(await slotWithAmelia()).toBe(slot);
  });

  it('3-D Secure: the booking waits for authentication, then the confirm call settles it', async () => {
    const c = await clientWithCard('4000002760003184');
    const slot = await slotWithAmelia();
    const res = await book(c.auth, bookingFor(slot, c.username));
    const answer = (await res.json()) as {
      appointment_id: number;
      pi: string;
      pi_status: string;
      next_action_url: string;
      client_secret: string;
    };
    expect(answer.pi_status).toBe('requires_action');
    expect(answer.next_action_url.startsWith(`${env.STANDINS_ORIGIN}/3ds/pi_`)).toBe(true);
    const confirmPath = `/api/book-online/confirm/1/${answer.appointment_id}/${answer.pi}/${c.username}/`;
    // Not authenticated yet: refused with the spec's message, the time still held.
    expect((await call(confirmPath, { method: 'PUT', headers: c.auth })).status).toBe(402);
    await authenticate(answer.next_action_url, 'complete');
    const ok = await call(confirmPath, { method: 'PUT', headers: c.auth });
    expect(await ok.json()).toEqual({ status: 'confirmed' });
    expect(
      await env.DB.prepare('SELECT status, payment_status FROM appointments WHERE id = ?').bind(answer.appointment_id).first(),
    ).toEqual({
      status: 'confirmed',
      payment_status: 'captured',
    });
  });

  it('3-D Secure failed: the appointment is released', async () => {
    const c = await clientWithCard('4000002760003184');
    const slot = await slotWithAmelia();
    const answer = (await (await book(c.auth, bookingFor(slot, c.username))).json()) as {
      appointment_id: number;
      pi: string;
      next_action_url: string;
      client_secret: string;
    };
    await authenticate(answer.next_action_url, 'fail');
    const res = await call(`/api/book-online/confirm/1/${answer.appointment_id}/${answer.pi}/${c.username}/`, {
      method: 'PUT',
      headers: c.auth,
    });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { detail: string }).detail).toBe('Please try again and ensure the authentication is completed.');
    expect(await slotWithAmelia()).toBe(slot);
  });

  it('a booking without a saved card is refused with a clear 402', async () => {
    const s = (await (await call('/session/login', json({ phone: '+447700900123', password: 'Demo-pass1' }))).json()) as {
      access_token: string;
      user: { username: string };
    };
    const res = await book({ Authorization: `Bearer ${s.access_token}` }, bookingFor(await slotWithAmelia(), s.user.username));
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ code: 'card_missing' });
  });

  it('refuses a forged webhook, and a replayed one changes nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_x', object: 'payment_intent', metadata: { appointment_id: '1' } } },
    });
    const forged = await call('/webhooks/stripe', {
      method: 'POST',
      headers: { 'Stripe-Signature': await signWebhook(payload, 'whsec_wrong') },
      body: payload,
    });
    expect(forged.status).toBe(400);
    const signed = await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!);
    for (let i = 0; i < 2; i++) {
      const res = await call('/webhooks/stripe', { method: 'POST', headers: { 'Stripe-Signature': signed }, body: payload });
      expect(res.status).toBe(200);
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments WHERE status = 'confirmed'").first()).toEqual({ n: 0 });
  });
});

describe('an abandoned 3-D Secure payment', () => {
  it('lets its time go after 20 minutes, to be booked by someone else', async () => {
    const first = await clientWithCard('4000002760003184');
    const slot = await slotWithAmelia();
    const pending = (await (await book(first.auth, bookingFor(slot, first.username))).json()) as {
      appointment_id: number;
      pi_status: string;
    };
    expect(pending.pi_status).toBe('requires_action');
    expect(await slotWithAmelia()).not.toBe(slot);
    await env.DB.prepare('UPDATE appointments SET created_at = created_at - 21 * 60000 WHERE id = ?').bind(pending.appointment_id).run();
    expect(await slotWithAmelia()).toBe(slot);
    const second = await clientWithCard('4242424242424242');
    const res = await book(second.auth, bookingFor(slot, second.username));
    expect(res.status).toBe(201);
    expect(await env.DB.prepare('SELECT status FROM appointments WHERE id = ?').bind(pending.appointment_id).first()).toEqual({
      status: 'cancelled',
    });
  });
  it('authenticated after its time was given up: the client is told the time was taken, and the authorisation is released, never taken', async () => {
    const first = await clientWithCard('4000002760003184');
    const slot = await slotWithAmelia();
    const pending = (await (await book(first.auth, bookingFor(slot, first.username))).json()) as {
      appointment_id: number;
      pi: string;
      next_action_url: string;
    };
    await env.DB.prepare('UPDATE appointments SET created_at = created_at - 21 * 60000 WHERE id = ?').bind(pending.appointment_id).run();
    const second = await clientWithCard('4242424242424242');
    expect((await book(second.auth, bookingFor(slot, second.username))).status).toBe(201);
    // the first client finishes 3-D Secure only now
    await authenticate(pending.next_action_url, 'complete');
    const res = await call(`/api/book-online/confirm/1/${pending.appointment_id}/${pending.pi}/${first.username}/`, {
      method: 'PUT',
      headers: first.auth,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(MSG_SLOT_TAKEN);
    const pi = await standIn(`/v1/payment_intents/${pending.pi}`, { headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } });
    expect(await pi.json()).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await env.DB.prepare('SELECT status FROM appointments WHERE id = ?').bind(pending.appointment_id).first()).toEqual({
      status: 'cancelled',
    });
  });
});

describe('a deposit is confirmed only when it was paid', () => {
  /** A booking waiting for 3-D Secure: its payment intent is requires_action, nothing received. */
  async function waitingFor3ds() {
    const c = await clientWithCard('4000002760003184');
    const answer = (await (await book(c.auth, bookingFor(await slotWithAmelia(), c.username))).json()) as {
      appointment_id: number;
      pi: string;
      pi_status: string;
    };
    expect(answer.pi_status).toBe('requires_action');
    return { c, ...answer };
  }
  const eventFor = (type: string, pi: string, appointmentId: number) =>
    JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type,
      data: {
        object: {
          id: pi,
          object: 'payment_intent',
          status: 'succeeded',
          amount_received: 700,
          metadata: { appointment_id: String(appointmentId) },
        },
      },
    });
  const statusOf = async (id: number) =>
    (await env.DB.prepare('SELECT status, payment_status FROM appointments WHERE id = ?')
      .bind(id)
      .first<{ status: string; payment_status: string }>())!;

  it('refuses the forged-event attack: a validly signed payment_intent.succeeded for an unpaid intent confirms nothing', async () => {
    const w = await waitingFor3ds();
    // The attacker signs with the webhook secret (in the reproduced attack, the committed local one).
    const payload = eventFor('payment_intent.succeeded', w.pi, w.appointment_id);
    const res = await call('/webhooks/stripe', {
      method: 'POST',
      headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!) },
      body: payload,
    });
    expect(res.status).toBe(200);
    expect(await statusOf(w.appointment_id)).toEqual({ status: 'pending', payment_status: 'requires_action' });
    const confirm = await call(`/api/book-online/confirm/1/${w.appointment_id}/${w.pi}/${w.c.username}/`, {
      method: 'PUT',
      headers: w.c.auth,
    });
    expect(confirm.status).toBe(402);
    expect(await statusOf(w.appointment_id)).toMatchObject({ status: 'pending' });
  });

  it("does not confirm an appointment with another appointment's paid intent", async () => {
    const paid = await clientWithCard('4242424242424242');
    const first = (await (await book(paid.auth, bookingFor(await slotWithAmelia(), paid.username))).json()) as {
      pi: string;
      status: string;
    };
    expect(first.status).toBe('confirmed');
    const w = await waitingFor3ds();
    const payload = eventFor('payment_intent.succeeded', first.pi, w.appointment_id);
    await call('/webhooks/stripe', {
      method: 'POST',
      headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!) },
      body: payload,
    });
    expect(await statusOf(w.appointment_id)).toMatchObject({ status: 'pending' });
    const res = await call(`/api/book-online/confirm/1/${w.appointment_id}/${first.pi}/${w.c.username}/`, {
      method: 'PUT',
      headers: w.c.auth,
    });
    expect(res.status).toBe(404);
  });

  it('a signed event settles the deposit once Stripe says it was authorised (the browser never came back)', async () => {
    const w = await waitingFor3ds();
    const pi = (await (
      await standIn(`/v1/payment_intents/${w.pi}`, { headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } })
    ).json()) as { client_secret: string };
    await standIn(`/3ds/${w.pi}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ result: 'complete', client_secret: pi.client_secret }).toString(),
    });
    const payload = eventFor('payment_intent.amount_capturable_updated', w.pi, w.appointment_id);
    const res = await call('/webhooks/stripe', {
      method: 'POST',
      headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!) },
      body: payload,
    });
    expect(res.status).toBe(200);
    expect(await statusOf(w.appointment_id)).toEqual({ status: 'confirmed', payment_status: 'captured' });
    const again = await call(`/api/book-online/confirm/1/${w.appointment_id}/${w.pi}/${w.c.username}/`, {
      method: 'PUT',
      headers: w.c.auth,
    });
    expect(await again.json()).toEqual({ status: 'confirmed' });
  });

  it('refuses signatures outside the 300 s tolerance, in the past or the future, and bodies over 64 KB', async () => {
    const payload = eventFor('payment_intent.succeeded', 'pi_nothing', 1);
    const now = Math.floor(Date.now() / 1000);
    for (const t of [now - 301, now + 301]) {
      const res = await call('/webhooks/stripe', {
        method: 'POST',
        headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!, t) },
        body: payload,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', detail: expect.stringMatching(/tolerance/) });
    }
    const big = JSON.stringify({ pad: 'x'.repeat(70 * 1024) });
    const res = await call('/webhooks/stripe', {
      method: 'POST',
      headers: { 'Stripe-Signature': await signWebhook(big, env.STRIPE_WEBHOOK_SECRET!) },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', request_id: expect.any(String) });
  });
});
