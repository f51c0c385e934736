import { env } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import type { DeskAppointment } from '../../shared/console/diary';
import type { RebookingAppointment, RebookingAvailability } from '../../shared/rebooking';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { configFrom } from '../../worker/config';
import { sha256Hex } from '../../worker/crypto';
import { moveSalon } from '../../worker/db/move-salon';
import { scheduled } from '../../worker/scheduled';
import { forgetPlacements, salonDatabaseOf } from '../../worker/db/placement';
import { deliver } from '../../worker/messaging/outbox';
import { twilioSignature, twilioStatusCallback } from '../../worker/messaging/status-callbacks';
import { clientWithCard } from './card-client';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, signWebhook, standIn } from './helpers';
import { answerInvite, authenticate, invitedRestyle, processed } from './invite-helpers';
import { get, londonDay, newLink, rebookCall, salonsOf, tokenOf } from './rebooking-helpers';
import { about, cronAt, linkOf, newAppointment, newClient, setReminders } from './reminder-helpers';
import { checkout, freshEmail, payOnHostedPage } from './voucher-helpers';
import { moveIntoPast } from './salon-db';

/**
 * Calls that name no salon in their path but a token or an id of one (docs/scale.md, "Salons
 * across databases"): each is run for salon 2 placed in DB_2, and its rows are found there (and
 * not in DB). The file moves salon 2 itself, so it runs so with one database per file as well.
 */

beforeAll(async () => {
  const placed = await env.DB.prepare('SELECT binding FROM salon_placements WHERE salon_id = 2').first<{ binding: string }>();
  if (placed?.binding !== 'DB_2') await moveSalon({ env, salonId: 2, to: 'DB_2', leaseMs: 0 });
  forgetPlacements();
});

const config = () => configFrom(env);
const stripeAuth = () => ({ Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` });
const stripeEvent = async (type: string, object: unknown) => {
  const payload = JSON.stringify({ id: `evt_${crypto.randomUUID().replaceAll('-', '')}`, object: 'event', type, data: { object } });
  return call('/webhooks/stripe', {
    method: 'POST',
    headers: { 'Stripe-Signature': await signWebhook(payload, env.STRIPE_WEBHOOK_SECRET!) },
    body: payload,
  });
};

describe('a salon in DB_2, reached from what names it', () => {
  it("a reminder's link opens, redirects and cancels the appointment in DB_2", async () => {
    await setReminders(2, { day: true, channel: 'text' });
    const client = await newClient();
    const a = await newAppointment({ salonId: 2, clientId: client.id, start: '2027-05-04T10:00:00Z' });
    const text = about((await cronAt('2027-05-03T10:00:00Z')).sent, a.id).find((m) => m.kind === 'sms')!;
    const token = linkOf(text);
    expect(token).toMatch(/^2\./);
    expect(await env.DB.prepare('SELECT 1 FROM reminders WHERE appointment_id = ?').bind(a.id).first()).toBeNull();
    const opened = await call(`/api/appointment-links/${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ salon_id: 2, appointment: { id: a.id } });
    const short = await call(`/r/${token}`);
    expect(short.status).toBe(302);
    expect(short.headers.get('Location')).toBe(`/salon/2/visit/${token}`);
    const cancelled = await call(`/api/appointment-links/${token}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(await env.DB_2.prepare('SELECT status FROM appointments WHERE id = ?').bind(a.id).first()).toEqual({ status: 'cancelled' });
  });

  it("a text's and an email's delivery callbacks are recorded in DB_2", async () => {
    const db = await salonDatabaseOf(env, 2, 0);
    const key = `placed-text-${crypto.randomUUID()}`;
    const sid = await deliver(db, config(), { kind: 'sms', to: '+447700900555', body: 'Hello from Shoreditch', key, salon_id: 2 });
    const url = twilioStatusCallback(config(), key, 2);
    expect(url).toContain('salon_id=2');
    const form = new URLSearchParams({ MessageSid: sid, MessageStatus: 'delivered', AccountSid: config().sms.accountSid });
    const { pathname, search } = new URL(url);
    const callback = await call(`${pathname}${search}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': await twilioSignature(config().sms.authToken, url, form),
      },
      body: form,
    });
    expect(callback.status).toBe(204);
    expect(await env.DB_2.prepare('SELECT status FROM message_deliveries WHERE key = ?').bind(key).first()).toEqual({
      status: 'delivered',
    });
    expect(await env.DB.prepare('SELECT 1 FROM message_deliveries WHERE key = ?').bind(key).first()).toBeNull();

    const emailKey = `placed-email-${crypto.randomUUID()}`;
    const m = { kind: 'email' as const, to: 'placed@example.test', subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' };
    const id = await deliver(db, config(), { ...m, key: emailKey, salon_id: 2 });
    // Resend names the email by its id alone: the first database's index names its salon
    expect(await env.DB.prepare('SELECT salon_id FROM email_salons WHERE provider_id = ?').bind(id).first()).toEqual({ salon_id: 2 });
    const raw = JSON.stringify({ type: 'email.delivered', data: { email_id: id } });
    const svixId = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
    const at = new Date();
    const resend = await call('/webhooks/resend', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'svix-id': svixId,
        'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
        'svix-signature': new Webhook(config().email.webhookSecret).sign(svixId, at, raw),
      },
      body: raw,
    });
    expect(resend.status).toBe(200);
    expect(await env.DB_2.prepare('SELECT status FROM message_deliveries WHERE key = ?').bind(emailKey).first()).toEqual({
      status: 'delivered',
    });
  });

  it("the first database forgets an email's salon 30 days on (the Cron Trigger's run), and keeps a newer one", async () => {
    const now = Date.now();
    const day = 24 * 3600_000;
    const [old, recent] = [`re_old_${crypto.randomUUID()}`, `re_recent_${crypto.randomUUID()}`];
    await env.DB.batch([
      env.DB.prepare('INSERT INTO email_salons (provider_id, salon_id, created_at) VALUES (?, 2, ?)').bind(old, now - 31 * day),
      env.DB.prepare('INSERT INTO email_salons (provider_id, salon_id, created_at) VALUES (?, 2, ?)').bind(recent, now - 29 * day),
    ]);
    await scheduled({ cron: '*/5 * * * *', scheduledTime: now, noRetry: () => undefined }, env);
    const left = await env.DB.prepare('SELECT provider_id FROM email_salons WHERE provider_id IN (?, ?)').bind(old, recent).all();
    expect(left.results).toEqual([{ provider_id: recent }]);
  });

  it("the rebooking flow from salon 2's link: its token, the client's salons in both databases, history, times and a rebooking in DB_2", async () => {
    const link = await newLink(2);
    expect(link.urlhash).toMatch(/^2\./);
    const hash = await sha256Hex(link.urlhash);
    expect(await env.DB.prepare('SELECT 1 FROM rebooking_links WHERE urlhash_sha256 = ?').bind(hash).first()).toBeNull();
    const token = await tokenOf(link.urlhash);
    expect(token).toMatch(/^2\./);
    const salons = await salonsOf(token);
    expect(salons.map((s) => s.salon.id)).toEqual([1, 2]);
    const at = (salon: number) => salons.find((s) => s.salon.id === salon)!;
    const history = async (salon: number) =>
      (await (await get(`rebooking/history/${at(salon).id}/appointments/?salon_id=${salon}`, token)).json()) as RebookingAppointment[];
    expect((await history(1)).every((a) => a.salon_id === 1)).toBe(true);
    const past = (await history(2)).find((a) => a.can_rebook)!;
    expect(past.salon_id).toBe(2);
    const days = (await (
      await get(`rebooking/availability/appointment/${past.id}/?from=${londonDay(1)}&to=${londonDay(6)}&salon_id=2`, token)
    ).json()) as RebookingAvailability;
    const start = Object.values(days).flat()[0]!;
    const made = await rebookCall(token, { appointment_id: past.id, client_id: at(2).id, salon_id: 2, start_time: start });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    expect(await env.DB_2.prepare('SELECT salon_id, origin FROM appointments WHERE id = ?').bind(id).first()).toEqual({
      salon_id: 2,
      origin: 'online_rebooking',
    });
  });

  it("an invite's code opens salon 2's request, and Stripe's event settles its payment in DB_2 from the intent's metadata", async () => {
    const c = await clientWithCard('4000002760003184');
    const invite = await invitedRestyle(c.phone, { request: 'full_price' });
    expect(invite.unique_code).toMatch(/^2\./);
    const opened = await call(`/api/ncob/invite/${invite.unique_code}/`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ salon: { id: 2 } });
    expect((await call('/api/client/get/invite/2/', { headers: c.auth })).status).toBe(200);
    const first = await processed(await answerInvite(c.auth, invite, true));
    expect(first).toMatchObject({ r_status: 'requires_action' });
    await authenticate(first.next_action_url!, first.client_secret!);
    // the intent as Stripe keeps it (and sends it in its events) names the salon
    const pi = (await (await standIn(`/v1/payment_intents/${first.pi}`, { headers: stripeAuth() })).json()) as {
      metadata: Record<string, string>;
    };
    expect(pi.metadata).toMatchObject({ salon_id: '2', invite_id: String(invite.id) });
    expect((await stripeEvent('payment_intent.amount_capturable_updated', pi)).status).toBe(200);
    expect(await env.DB_2.prepare('SELECT status FROM invites WHERE id = ?').bind(invite.id).first()).toEqual({ status: 'accepted' });
  });

  it("a voucher bought from salon 2: Stripe's checkout event issues it in DB_2, and its confirmation finds it there", async () => {
    await env.DB_2.prepare(
      "UPDATE salons SET vouchers_on_sale = 1, can_take_voucher_payments = 1, voucher_amounts = '[5000]' WHERE id = 2",
    ).run();
    const res = await checkout(2, { amount: 50, purchaser_email: freshEmail() });
    expect(res.status).toBe(201);
    const cs = (await res.json()) as { session_id: string; url: string };
    expect((await payOnHostedPage(cs.url)).status).toBe(303);
    const session = (await (await standIn(`/v1/checkout/sessions/${cs.session_id}`, { headers: stripeAuth() })).json()) as object;
    expect((await stripeEvent('checkout.session.completed', session)).status).toBe(200);
    expect(await env.DB_2.prepare('SELECT salon_id FROM vouchers WHERE session_id = ?').bind(cs.session_id).first()).toEqual({
      salon_id: 2,
    });
    const confirmed = await call(`/api/payments/stripe/get/voucher/${cs.session_id}/?salon_id=2`);
    expect(confirmed.status).toBe(200);
    // another salon's id finds no voucher; a malformed one is refused
    expect((await call(`/api/payments/stripe/get/voucher/${cs.session_id}/?salon_id=1`)).status).toBe(404);
    expect((await call(`/api/payments/stripe/get/voucher/${cs.session_id}/?salon_id=x`)).status).toBe(400);
  });

  it("a no-show fee's link at salon 2 authenticates and settles the fee in DB_2", async () => {
    await env.DB_2.prepare('UPDATE salons SET no_show_protection = 1, no_show_fee = 2000 WHERE id = 2').run();
    const owner = (await staffLogin(STAFF.groupOwner)).access_token;
    const post = (path: string, body?: unknown) =>
      consoleCall(`/api/console/${path}`, owner, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const client = await clientWithCard('4000002760003184');
    expect((await call('/api/client/get/invite/2/', { headers: client.auth })).status).toBe(200);
    let date = addDays(localDateOf(Date.now(), 'Europe/London'), 2);
    while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 2) date = addDays(date, 1);
    const slots = await call(`/api/book-online/new/availability/appointment/2/${date}/10/5/null/`);
    const [time] = Object.keys(((await slots.json()) as DaySlots).data);
    const booked = await post('salons/2/appointments', {
      client: { name: 'Pat Payer', phone: client.phone },
      start_time: time,
      procedures: [{ service_id: 10, stylist_id: 5 }],
    });
    expect(booked.status).toBe(201);
    const id = ((await booked.json()) as DeskAppointment).id;
    await moveIntoPast(env.DB_2, id, time!, 3);
    const marked = (await (await post(`salons/2/appointments/${id}/no-show`)).json()) as DeskAppointment;
    expect(marked.no_show_fee).toMatchObject({ status: 'requires_action' });
    const texts = async () =>
      ((await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(client.phone)}`)).json()) as { data: { body: string }[] })
        .data;
    await expect.poll(async () => (await texts()).some((t) => t.body.includes('/api/no-show/')), { timeout: 10_000 }).toBe(true);
    const link = /https?:\/\/\S+\/api\/no-show\/\S+/.exec((await texts()).find((t) => t.body.includes('/api/no-show/'))!.body)![0];
    expect(new URL(link).pathname).toMatch(new RegExp(`^/api/no-show/${id}/2\\.`));
    const opened = await call(new URL(link).pathname);
    expect(opened.status).toBe(303);
    await authenticate(opened.headers.get('Location')!, '');
    const done = await call(`${new URL(link).pathname}/done`);
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toContain('/salon/2/salon-booking/2');
    expect(await env.DB_2.prepare('SELECT status FROM no_show_fees WHERE appointment_id = ?').bind(id).first()).toEqual({ status: 'paid' });
  });
});
