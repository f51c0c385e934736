import { dbOf } from './salon-db';
import { env } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientCard } from '../../shared/console/clients';
import type { VersionedSettings } from '../../shared/console/settings';
import type { Today } from '../../shared/console/today';
import worker from '../../worker';
import { configFrom } from '../../worker/config';
import { recordProviderId } from '../../worker/db/message-deliveries';
import { twilioSignature } from '../../worker/messaging/status-callbacks';
import { about, cronAt, linkOf, newAppointment, newClient, setReminders } from './reminder-helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call } from './helpers';

/**
 * What became of each reminder (issue 30): Twilio's signed status callbacks and Resend's Svix
 * webhooks record it, a forged one changes nothing, and a failure shows in the console's Today
 * and on the client's card. And the reminder's link: the appointment without a password.
 */

const config = () => configFrom(env);
const statusOf = async (key: string) =>
  (await env.DB.prepare('SELECT status, error_code, provider_id FROM message_deliveries WHERE key = ?').bind(key).first()) as {
    status: string;
    error_code: string | null;
    provider_id: string | null;
  } | null;

async function twilioCallback(key: string, fields: Record<string, string>, signature?: string) {
  const url = `${config().appOrigin}/webhooks/twilio/status?key=${encodeURIComponent(key)}`;
  const form = new URLSearchParams(fields);
  const sig = signature ?? (await twilioSignature(config().sms.authToken, url, form));
  return call(`/webhooks/twilio/status?key=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': sig },
    body: form,
  });
}

function resendEvent(body: unknown, secret = config().email.webhookSecret, at = new Date()) {
  const raw = JSON.stringify(body);
  const id = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
  return call('/webhooks/resend', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'svix-id': id,
      'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
      'svix-signature': new Webhook(secret).sign(id, at, raw),
    },
    body: raw,
  });
}

const SID = `SM${'ab'.repeat(16)}`;
let owner: string;

beforeAll(async () => {
  await setReminders(1, { day: true, channel: 'both' });
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
});

/** A reminder made by a cron run and recorded as queued: its two messages. */
async function remindedClient(start: string, due: string) {
  const client = await newClient({ email: true });
  const a = await newAppointment({ clientId: client.id, start });
  const sent = about((await cronAt(due)).sent, a.id);
  const text = sent.find((m) => m.kind === 'sms')!;
  const email = sent.find((m) => m.kind === 'email')!;
  return { client, a, text, email };
}

describe('delivery status', () => {
  it('Twilio’s signed callbacks move a text on (queued → sent → delivered), never back; a forged one is 401 and changes nothing', async () => {
    const { text } = await remindedClient('2027-04-02T10:00:00Z', '2027-04-01T10:00:00Z');
    expect(await statusOf(text.key)).toMatchObject({ status: 'queued' });
    const fields = { MessageSid: SID, MessageStatus: 'delivered', AccountSid: config().sms.accountSid, To: text.to, From: '+15005550006' };
    const forged = await twilioCallback(text.key, fields, 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ detail: 'Webhook signature verification failed' });
    const unsigned = await call(`/webhooks/twilio/status?key=${text.key}`, { method: 'POST', body: new URLSearchParams(fields) });
    expect(unsigned.status).toBe(401);
    // signed for another message's key: the URL is part of what is signed
    const other = await twilioSignature(
      config().sms.authToken,
      `${config().appOrigin}/webhooks/twilio/status?key=other`,
      new URLSearchParams(fields),
    );
    expect((await twilioCallback(text.key, fields, other)).status).toBe(401);
    expect(await statusOf(text.key)).toMatchObject({ status: 'queued' });

    expect((await twilioCallback(text.key, { ...fields, MessageStatus: 'sent' })).status).toBe(204);
    expect(await statusOf(text.key)).toMatchObject({ status: 'sent', provider_id: SID });
    expect((await twilioCallback(text.key, fields)).status).toBe(204);
    expect((await twilioCallback(text.key, { ...fields, MessageStatus: 'sent' })).status).toBe(204);
    expect(await statusOf(text.key)).toMatchObject({ status: 'delivered' });
  });

  it('a text’s callback that comes before its send is recorded is kept, and the send fills in its salon', async () => {
    const key = `verify-early-${crypto.randomUUID().slice(0, 8)}`;
    const sid = `SM${'ef'.repeat(16)}`;
    expect((await twilioCallback(key, { MessageSid: sid, MessageStatus: 'sent' })).status).toBe(204);
    expect(await statusOf(key)).toMatchObject({ status: 'sent', provider_id: sid });
    await recordProviderId(env.DB, { key, channel: 'sms', providerId: sid, salonId: 1, appointmentId: null, now: Date.now() });
    const row = await env.DB.prepare('SELECT salon_id, status FROM message_deliveries WHERE key = ?').bind(key).first();
    expect(row).toEqual({ salon_id: 1, status: 'sent' });
  });

  it('Resend’s Svix-signed events record an email as sent, delivered or bounced; a bad signature or an old one is 401', async () => {
    const { email } = await remindedClient('2027-04-03T10:00:00Z', '2027-04-02T10:00:00Z');
    const emailId = crypto.randomUUID();
    await env.DB.prepare('UPDATE message_deliveries SET provider_id = ? WHERE key = ?').bind(emailId, email.key).run();
    const event = (type: string) => ({ type, created_at: new Date().toISOString(), data: { email_id: emailId, to: [email.to] } });
    expect((await resendEvent(event('email.bounced'), 'whsec_' + btoa('someone else’s secret!'.replace('’', "'")))).status).toBe(401);
    expect((await resendEvent(event('email.bounced'), undefined, new Date(Date.now() - 10 * 60_000))).status).toBe(401);
    expect(await statusOf(email.key)).toMatchObject({ status: 'queued' });
    expect((await resendEvent(event('email.sent'))).status).toBe(200);
    expect(await statusOf(email.key)).toMatchObject({ status: 'sent' });
    expect((await resendEvent(event('email.bounced'))).status).toBe(200);
    expect(await statusOf(email.key)).toMatchObject({ status: 'bounced', error_code: 'email.bounced' });
    // a signed event of another shape is refused as such
    expect((await resendEvent({ type: 'email.sent' })).status).toBe(400);
  });

  it('a failed reminder shows in the console that day: Today, the client’s card and the appointment', async () => {
    // Today lists what failed since midnight by when the provider said so (now), whenever the appointment is
    const { client, a, text } = await remindedClient('2027-04-07T12:00:00Z', '2027-04-06T12:00:00Z');
    expect(text).toBeDefined();
    const fields = { MessageSid: SID.replace('ab', 'cd'), MessageStatus: 'undelivered', ErrorCode: '30003', To: text.to };
    expect((await twilioCallback(text.key, fields)).status).toBe(204);
    const today = (await (await consoleCall('/api/console/salons/1/today', owner)).json()) as Today;
    expect(today.failed_messages).toContainEqual(
      expect.objectContaining({
        key: text.key,
        status: 'failed',
        error_code: '30003',
        what: 'Reminder 24 hours before',
        client_name: 'Robin Reminded',
      }),
    );
    const card = (await (await consoleCall(`/api/console/salons/1/clients/${client.id}`, owner)).json()) as ClientCard;
    expect(card.messages).toContainEqual(expect.objectContaining({ kind: 'reminder_24h', channel: 'sms', status: 'failed' }));
    const opened = (await (await consoleCall(`/api/console/salons/1/appointments/${a.id}`, owner)).json()) as { messages: unknown[] };
    expect(opened.messages).toContainEqual({ what: 'Reminder 24 hours before (text)', sent_at: expect.any(String), status: 'failed' });
  });

  it('a message the provider refuses for good shows as failed in its salon’s Today', async () => {
    const key = `refused-${crypto.randomUUID().slice(0, 8)}`;
    const parked: unknown[] = [];
    const body = { kind: 'email', to: 'not-an-address', subject: 'x', html: '<p>x</p>', text: 'x', key, salon_id: 1 };
    const batch = {
      queue: 'messages',
      metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } },
      messages: [{ id: 'm-1', timestamp: new Date(), attempts: 1, body, ack: () => undefined, retry: () => undefined }],
      ackAll: () => undefined,
      retryAll: () => undefined,
    } as unknown as MessageBatch;
    const dlq = { send: (b: unknown) => (parked.push(b), Promise.resolve()), sendBatch: () => Promise.resolve() } as unknown as Queue;
    await worker.queue(batch, { ...env, MESSAGES_DLQ: dlq });
    expect(parked).toHaveLength(1);
    const today = (await (await consoleCall('/api/console/salons/1/today', owner)).json()) as Today;
    expect(today.failed_messages).toContainEqual(
      expect.objectContaining({ key, channel: 'email', status: 'failed', error_code: '422 validation_error', what: 'Message' }),
    );
  });

  it('Today shows the day’s appointments, arrivals and requests waiting; a stylist sees no requests or messages', async () => {
    const today = (await (await consoleCall('/api/console/salons/1/today', owner)).json()) as Today;
    expect(today).toMatchObject({ timezone: 'Europe/London', currency: 'GBP', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(Array.isArray(today.requests_waiting)).toBe(true);
    const stylist = (await staffLogin(STAFF.stylist1)).access_token;
    const theirs = (await (await consoleCall('/api/console/salons/1/today', stylist)).json()) as Today;
    expect(theirs).toMatchObject({ requests_waiting: null, failed_messages: null });
    expect((await consoleCall('/api/console/salons/3/today', owner)).status).toBe(404);
  });
});

describe('the reminder’s link', () => {
  it('opens the appointment without a password, with its calendar file, and cancels it within the salon’s rules', async () => {
    // at noon (never in quiet hours, whatever time the test runs), well outside the salon's 24-hour window
    const { a, text } = await remindedClient('2027-04-09T12:00:00Z', '2027-04-08T12:00:00Z');
    const token = linkOf(text);
    const short = await call(`/r/${token}`);
    expect(short.status).toBe(302);
    expect(short.headers.get('Location')).toBe(`/salon/1/visit/${token}`);
    const opened = await call(`/api/appointment-links/${token}`);
    expect(opened.status).toBe(200);
    const body = (await opened.json()) as {
      salon_id: number;
      appointment: { id: number; ics: string; cancellation: { allowed: boolean } };
    };
    expect(body).toMatchObject({ salon_id: 1, appointment: { id: a.id, cancellation: { allowed: true } } });
    expect(body.appointment.ics).toContain('BEGIN:VEVENT');
    // nothing else opens with it: the client's own calls still want a login
    expect((await call(`/api/salon/1/appointment/${a.id}/`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const cancelled = await call(`/api/appointment-links/${token}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { appointment: { status: string } }).appointment.status).toBe('cancelled');
  });

  it('is unguessable and ends with the appointment: an unknown, malformed or expired token is 404', async () => {
    const { text, a } = await remindedClient('2027-04-05T10:00:00Z', '2027-04-04T10:00:00Z');
    const token = linkOf(text);
    // its salon (1), then 22 random characters
    expect(token).toMatch(/^1\.[A-Za-z0-9_-]{22}$/);
    await env.DB.prepare('UPDATE reminders SET expires_at = ? WHERE appointment_id = ?')
      .bind(Date.now() - 1, a.id)
      .run();
    for (const t of [token, 'A'.repeat(22), `2.${'A'.repeat(22)}`]) {
      const res = await call(`/api/appointment-links/${t}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'LINK_GONE' });
      expect((await call(`/r/${t}`)).status).toBe(404);
    }
    expect((await call('/api/appointment-links/short')).status).toBe(400);
    expect((await call(`/api/appointment-links/${token}/cancel`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the Reminders setting', () => {
  it('saves with the version it started from, records History, refuses a stale save and a bad value', async () => {
    const read = async () => (await (await consoleCall('/api/console/salons/2/settings', owner)).json()) as VersionedSettings;
    const before = await read();
    const save = (version: number, reminders: unknown) =>
      consoleCall('/api/console/salons/2/settings', owner, {
        method: 'PATCH',
        headers: { 'If-Match': String(version) },
        body: JSON.stringify({ reminders }),
      });
    const wanted = { day_before: true, two_hours_before: true, channel: 'email' };
    const saved = await save(before.version, wanted);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as VersionedSettings).settings.reminders).toEqual(wanted);
    const row = await (await dbOf(2)).prepare('SELECT reminder_24h, reminder_2h, reminder_channel FROM salons WHERE id = 2').first();
    expect(row).toEqual({ reminder_24h: 1, reminder_2h: 1, reminder_channel: 'email' });
    const history = (await (await consoleCall('/api/console/salons/2/history', owner)).json()) as { entries: { field: string }[] };
    expect(JSON.stringify(history)).toContain('reminders');
    const stale = await save(before.version, { ...wanted, channel: 'text' });
    expect(stale.status).toBe(412);
    const bad = await save(before.version + 1, { day_before: true, two_hours_before: false, channel: 'pigeon' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { 'reminders.channel': 'Choose how reminders are sent: text, email or both' } });
  });
});
