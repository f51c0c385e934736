import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCallsTo } from './outbound';
import app from '../src/index';
import { LOCAL_RESEND_KEY } from '../src/email/resend';
import { BOUNCING_ADDRESS, UNDELIVERABLE_NUMBER } from '../src/messages/status-callbacks';
import { LOCAL_TWILIO } from '../src/messages/twilio';

/**
 * The providers' delivery callbacks as the stand-ins send them (docs/messaging.md): caught here at fetch, and checked as the product checks them.
 */

const STANDINS = 'http://127.0.0.1:8788';
const HOOK = 'https://app.example.test/webhooks/resend';
const CALLBACK = 'https://app.example.test/webhooks/twilio/status?key=reminder-1-2-24h-sms';

afterEach(() => vi.restoreAllMocks());

/** Calls the stand-ins and waits for what they do after answering; answers the requests they made. */
async function withCallbacks(path: string, init: RequestInit, bindings: object = env) {
  const made: Request[] = [];
  answerCallsTo([HOOK, CALLBACK.slice(0, CALLBACK.indexOf('?'))], (req) => {
    made.push(req);
    return new Response(null, { status: 204 });
  });
  const ctx = createExecutionContext();
  const res = await app.request(`${STANDINS}${path}`, init, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return { res, made };
}

const textOf = async (r: Request) => new TextDecoder().decode(await r.arrayBuffer());

async function expectedTwilioSignature(url: string, form: URLSearchParams) {
  const signed =
    url +
    [...form.keys()]
      .sort()
      .map((k) => k + form.get(k))
      .join('');
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(LOCAL_TWILIO.authToken), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  return btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(signed)))));
}

const sendText = (to: string) =>
  withCallbacks(`/2010-04-01/Accounts/${LOCAL_TWILIO.accountSid}/Messages.json`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${LOCAL_TWILIO.accountSid}:${LOCAL_TWILIO.authToken}`)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ To: to, From: LOCAL_TWILIO.from, Body: 'Reminder', StatusCallback: CALLBACK }).toString(),
  });

describe('Twilio status callbacks', () => {
  it('POST sent, then delivered, to the StatusCallback, signed with X-Twilio-Signature over its URL and fields', async () => {
    const { res, made } = await sendText('+447700900555');
    const { sid } = (await res.json()) as { sid: string };
    expect(made.map((r) => r.url)).toEqual([CALLBACK, CALLBACK]);
    const forms = await Promise.all(made.map(async (r) => new URLSearchParams(await textOf(r))));
    expect(forms.map((f) => f.get('MessageStatus'))).toEqual(['sent', 'delivered']);
    expect(forms.map((f) => f.get('MessageSid'))).toEqual([sid, sid]);
    for (const [i, r] of made.entries())
      expect(r.headers.get('X-Twilio-Signature')).toBe(await expectedTwilioSignature(CALLBACK, forms[i]!));
  });

  it(`report a text to the test number ${UNDELIVERABLE_NUMBER} undelivered (30003)`, async () => {
    const { res, made } = await sendText(UNDELIVERABLE_NUMBER);
    expect(res.status).toBe(201);
    const last = new URLSearchParams(await textOf(made.at(-1)!));
    expect([last.get('MessageStatus'), last.get('ErrorCode')]).toEqual(['undelivered', '30003']);
  });
});

describe('Resend webhooks', () => {
  const sendEmail = (to: string, bindings: object) =>
    withCallbacks(
      '/emails',
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${LOCAL_RESEND_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ from: 'Bookwell <bookings@example.com>', to: [to], subject: 'Reminder', text: 'Hi' }),
      },
      bindings,
    );

  it('POST email.sent then email.delivered (email.bounced for bounced@resend.dev), signed as Svix signs them', async () => {
    const bindings = { ...env, RESEND_WEBHOOK_URL: HOOK };
    for (const [to, last] of [
      ['someone@example.test', 'email.delivered'],
      [BOUNCING_ADDRESS, 'email.bounced'],
    ] as const) {
      const { res, made } = await sendEmail(to, bindings);
      const { id } = (await res.json()) as { id: string };
      expect(made.map((r) => r.url)).toEqual([HOOK, HOOK]);
      const events = [];
      for (const r of made) {
        const raw = await r.text();
        const headers = {
          'webhook-id': r.headers.get('svix-id')!,
          'webhook-timestamp': r.headers.get('svix-timestamp')!,
          'webhook-signature': r.headers.get('svix-signature')!,
        };
        events.push(new Webhook(env.RESEND_WEBHOOK_SECRET).verify(raw, headers) as { type: string; data: { email_id: string } });
      }
      expect(events.map((e) => [e.type, e.data.email_id])).toEqual([
        ['email.sent', id],
        [last, id],
      ]);
    }
  });

  it('sends none without a webhook URL', async () => {
    const { made } = await sendEmail('quiet@example.test', env);
    expect(made).toEqual([]);
  });
});
