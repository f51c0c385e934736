import { dbOf } from './salon-db';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../shared/bookings';
import { MSG_REBOOKING_TOKEN_LIMIT } from '../../worker/abuse/limits';
import { call, signWebhook } from './helpers';
import { bookedRestyle, json, newClient, restyleTimes, tuesday, type Client } from './client-bookings-helpers';
import { newLink } from './rebooking-helpers';
import { png } from './image-bytes';

// Issue 33 item 7: the smaller things an attack on the running app found, each as it was reproduced.
const detail = async (res: Response) => ((await res.json()) as { detail: string }).detail;
const logoOf = async (salon: number) =>
  (await (await dbOf(salon)).prepare('SELECT logo FROM salons WHERE id = ?').bind(salon).first<{ logo: string | null }>())?.logo ?? null;

describe("a salon's logo only at its own path", () => {
  it.each(['logoX', 'logo/x', 'logos'])('PUT and DELETE /admin/salons/3/%s are 404 and change nothing', async (path) => {
    const before = await logoOf(3);
    const headers = { Authorization: 'Bearer demo-admin-3' };
    const put = await call(`/admin/salons/3/${path}`, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'image/png' },
      body: png(9, 9),
    });
    expect(put.status).toBe(404);
    const del = await call(`/admin/salons/3/${path}`, { method: 'DELETE', headers });
    expect(del.status).toBe(404);
    expect(await logoOf(3)).toBe(before);
  });
});

describe('a signed Stripe event without its object', () => {
  it('answers 400, not 500 (which Stripe would retry for days)', async () => {
    const payload = JSON.stringify({ id: 'evt_null_object', object: 'event', type: 'payment_intent.succeeded', data: { object: null } });
    const res = await call('/webhooks/stripe', {
      method: 'POST',
      headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!) },
      body: payload,
    });
    expect(res.status).toBe(400);
    expect(await detail(res)).toMatch(/data\.object/);
  });
});

describe('an Idempotency-Key names one booking request', () => {
  const book = (c: Client, start: string, key: string) =>
    call(
      '/api/book-online/appointment/create/2/',
      json(
        {
          start_time: start,
          procedures: [
            { service_id: 10, stylist_id: 5, role: 'Senior Stylist', start_time: start, duration: 75, price: 55, processing: 0 },
          ],
          total_price: 55,
          cognito_username: c.username,
          notes: '',
          deposit: 0,
          user: { name: 'Robin Mover', phone_number: c.phone, salon_id: 2 },
          payment_needed: false,
        },
        { ...c.auth, 'Idempotency-Key': key },
      ),
    );

  it('the same key with another body answers 409, as Stripe does, and books nothing more', async () => {
    const c = await newClient();
    const [a, , , , b] = await restyleTimes(tuesday(2));
    const key = crypto.randomUUID();
    expect((await book(c, a!, key)).status).toBe(201);
    const other = await book(c, b!, key);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused', field: 'Idempotency-Key' });
    const { n } = (await (
      await dbOf(2)
    )
      .prepare('SELECT COUNT(*) AS n FROM appointments WHERE client_id = ?')
      .bind(c.username)
      .first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('the same key while the first request is still charging answers 409, never 201 pending without its payment intent', async () => {
    const c = await newClient();
    const [a] = await restyleTimes(tuesday(3));
    const key = crypto.randomUUID();
    const first = (await (await book(c, a!, key)).json()) as { appointment_id: number };
    // the first request's state while its deposit is being charged
    await (
      await dbOf(2)
    )
      .prepare("UPDATE appointments SET status = 'pending', payment_intent_id = NULL WHERE id = ?")
      .bind(first.appointment_id)
      .run();
    const again = await book(c, a!, key);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'idempotency_in_progress' });
  });
});

describe("a moved booking's calendar file", () => {
  it('raises SEQUENCE with each move, so calendar apps take the new time', async () => {
    const c = await newClient();
    const [slot] = await restyleTimes(tuesday(4));
    const id = await bookedRestyle(c, slot!);
    const ics = async () => ((await (await call(`/api/salon/2/appointment/${id}/`, { headers: c.auth })).json()) as Appointment).ics;
    expect(await ics()).toContain('SEQUENCE:0');
    for (const [i, later] of [(await restyleTimes(tuesday(5)))[0]!, (await restyleTimes(tuesday(6)))[0]!].entries()) {
      const moved = await call(`/api/ncob/client/appointment/2/${id}/${c.username}/move/`, json({ start_time: later }, c.auth, 'PUT'));
      expect(moved.status).toBe(200);
      expect(await ics()).toContain(`SEQUENCE:${i + 1}`);
    }
  });
});

describe('bodies over the limit are refused before they are read', () => {
  const big = 'x'.repeat(10 * 1024 * 1024);
  it.each(['/session/login', '/api/book-online/hold/2/', '/admin/salons/2'])('%s refuses 10 MB with 413 and a message', async (path) => {
    const res = await call(path, {
      method: path.startsWith('/admin') ? 'PATCH' : 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo-admin-2' },
      body: JSON.stringify({ phone: big }),
    });
    expect(res.status).toBe(413);
    expect(await detail(res)).toBe('Request bodies over 64 KB are refused: send a smaller request.');
  });

  it('refuses a streamed body without a Content-Length too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 640) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await call('/session/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(640);
  });
});

describe('a card set up only for a salon that exists', () => {
  it('POST setupintent for salon 999999999 answers 404', async () => {
    const c = await newClient();
    const res = await call(`/api/ncob/checkout/salon/setupintent/999999999/${c.username}/`, json({}, c.auth));
    expect(res.status).toBe(404);
    expect(await detail(res)).toBe('Salon not found');
  });
});

describe('rebooking tokens are limited', () => {
  it('one link makes at most 30 tokens in 15 minutes: then 429 with a message', async () => {
    const link = await newLink(1);
    const post = (i: number) =>
      call(`/api/rebooking/token/${link.urlhash}/`, { method: 'POST', headers: { 'CF-Connecting-IP': `198.51.100.${i}` } });
    const answers = await Promise.all(Array.from({ length: 34 }, (_, i) => post(i)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(30);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(await detail(refused[0]!)).toBe(MSG_REBOOKING_TOKEN_LIMIT);
  });
});
