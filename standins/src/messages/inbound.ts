import { Hono } from 'hono';
import * as z from 'zod';
import type { StandInsApp } from '../env';
import { outboxStatement } from '../outbox';
import { twilioSignature } from './status-callbacks';
import { LOCAL_TWILIO } from './twilio';

const E164 = /^\+[1-9]\d{6,14}$/;
const inbound = z.object({
  from: z.string().regex(E164, 'from must be an E.164 number'),
  to: z.string().regex(E164, 'to must be an E.164 number').optional(),
  body: z.string().min(1, 'body must not be empty').max(1600, 'body is at most 1600 characters'),
});

const messageSid = () => `SM${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

/** The Message elements of a TwiML answer, unescaped (what Twilio would text back). */
export function messagesOf(twiml: string): string[] {
  const unescape = (s: string) =>
    s.replace(/&(lt|gt|quot|#39|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", amp: '&' })[e]!);
  return [...twiml.matchAll(/<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/g)].map((m) => unescape(m[1]!));
}

/**
 * A text to the salons' number, as Twilio delivers it (docs/standins.md "Texts that come in"):
 * POST /__dev/sms/inbound {from, to?, body} posts the fields Twilio posts for an incoming SMS to
 * the product's inbound webhook (TWILIO_INBOUND_URL, set by scripts/lib.mjs), signed with
 * X-Twilio-Signature over that URL and the sorted fields; what the product's TwiML answers is
 * texted back to `from` (it shows on the dev outbox). Answers the product's status, the
 * MessageSid and the texts sent back. `sid` (tests) sends a chosen MessageSid, as a replay would.
 */
export const twilioInbound = new Hono<StandInsApp>().post('/__dev/sms/inbound', async (c) => {
  const parsed = inbound
    .extend({
      sid: z
        .string()
        .regex(/^SM[0-9a-f]{32}$/)
        .optional(),
    })
    .safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) return c.json({ error: parsed.error.issues[0]!.message, field: String(parsed.error.issues[0]!.path[0] ?? '') }, 400);
  const url = c.env.TWILIO_INBOUND_URL?.trim();
  if (!url) return c.json({ error: 'TWILIO_INBOUND_URL is not set: start the stand-ins with the product (npm start)' }, 409);
  const { from, body } = parsed.data;
  const to = parsed.data.to ?? LOCAL_TWILIO.from;
  const sid = parsed.data.sid ?? messageSid();
  const form = new URLSearchParams({
    ToCountry: 'GB',
    ToState: '',
    SmsMessageSid: sid,
    NumMedia: '0',
    ToCity: '',
    FromZip: '',
    SmsSid: sid,
    FromState: '',
    SmsStatus: 'received',
    FromCity: '',
    Body: body,
    FromCountry: 'GB',
    To: to,
    ToZip: '',
    NumSegments: String(Math.max(1, Math.ceil(body.length / 160))),
    MessageSid: sid,
    AccountSid: LOCAL_TWILIO.accountSid,
    From: from,
    ApiVersion: '2010-04-01',
  });
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': await twilioSignature(LOCAL_TWILIO.authToken, url, form),
      'User-Agent': 'TwilioProxy/1.1',
    },
    body: form,
  });
  const answer = await res.text();
  const replies = res.ok ? messagesOf(answer) : [];
  const now = Date.now();
  if (replies.length) await c.env.DB.batch(replies.map((r, i) => outboxStatement(c.env.DB, 'sms', from, r, now + i)));
  return c.json({ message_sid: sid, status: res.status, replies });
});
