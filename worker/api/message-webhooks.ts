import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod';
import { recordEmailStatus, recordTextStatus, salonOfEmail } from '../db/message-deliveries';
import { salonDatabase } from './salon-database';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { resendStatusOf, twilioStatusOf, verifiedResendEvent } from '../messaging/delivery-status';
import { sameSignature, TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH, twilioSignature } from '../messaging/status-callbacks';
import { rowIdOf } from '../../shared/ids';
import { claimInbound, forgetInbound, recordInboundAnswer } from '../db/texts';
import { handleReply, twiml } from '../messaging/replies';
import { stripeFor } from '../payments/stripe';
import { offerToWaitlist } from './waitlist-notices';
import { announceToDiary } from './diary-notices';
import { announceToInbox } from './inbox-notices';
import { tellStaff } from './staff-notices';

const MAX_BODY_BYTES = 64 * 1024;
const limit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Webhook bodies over 64 KB are refused');
  },
});
const refused = () => new AppError('UNAUTHORIZED', 'Webhook signature verification failed');

const twilioCallback = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, 'MessageSid must be a message sid'),
  MessageStatus: z.string().regex(/^[a-z_]{1,20}$/, 'MessageStatus must be a status such as delivered'),
  ErrorCode: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});
const salonParam = z
  .string()
  .refine((s) => rowIdOf(s) !== null, 'salon_id must be a salon id')
  .transform(Number)
  .optional();
const messageKey = z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'key must be a message key');

/** An incoming text as Twilio posts it (docs/messaging.md "Replies"); Twilio adds fields without notice, all signed. */
const twilioInbound = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, 'MessageSid must be a message sid'),
  From: z.string().regex(/^\+[1-9]\d{6,14}$/, 'From must be an E.164 number'),
  Body: z.string().max(1600, 'Body is at most 1600 characters'),
});

const resendEvent = z.object({
  type: z.string().max(60),
  data: z.object({ email_id: z.string().min(1).max(100) }),
});

/**
 * Delivery callbacks (issue 30; docs/messaging.md). Twilio POSTs a text's status changes to the
 * StatusCallback it was sent with (this Worker's APP_ORIGIN, naming the message's key), signed
 * with X-Twilio-Signature; Resend POSTs email events signed as Svix signs them. A missing or
 * wrong signature is 401 and changes nothing; a status is recorded only when it moves the
 * message on (queued → sent → delivered, or failed / bounced).
 */
export const messageWebhooks = new Hono<AppEnv>()
  .post(TWILIO_STATUS_PATH, limit, async (c) => {
    const config = c.get('config');
    const url = new URL(c.req.url);
    // The URL Twilio called is the one the text was sent with: this Worker's public origin, path and query.
    const called = `${config.appOrigin}${url.pathname}${url.search}`;
    const form = new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()));
    const expected = await twilioSignature(config.sms.authToken, called, form);
    if (!sameSignature(c.req.header('X-Twilio-Signature') ?? '', expected)) throw refused();
    const key = messageKey.safeParse(url.searchParams.get('key'));
    const salon = salonParam.safeParse(url.searchParams.get('salon_id') ?? undefined);
    const body = twilioCallback.safeParse(Object.fromEntries(form));
    if (!key.success || !salon.success || !body.success)
      throw new AppError('BAD_REQUEST', (key.error ?? salon.error ?? body.error)!.issues[0]!.message);
    const status = twilioStatusOf(body.data.MessageStatus);
    // the callback names the text's salon (messaging/status-callbacks.ts), whose database records it
    if (status)
      await recordTextStatus(await salonDatabase(c, salon.data ?? null), {
        key: key.data,
        providerId: body.data.MessageSid,
        status,
        errorCode: body.data.ErrorCode ?? null,
        now: Date.now(),
      });
    // a text the network could not deliver: the salon's staff who chose to hear of it (docs/console/notifications.md)
    if (status === 'failed' && salon.data) tellStaff(c, salon.data, 'failed_message', {}, key.data);
    // Twilio wants a 2xx and reads nothing of it.
    return c.body(null, 204);
  })
  .post(TWILIO_INBOUND_PATH, limit, async (c) => {
    const config = c.get('config');
    // signed over the URL Twilio is set to call: this Worker's public origin and the path
    const form = new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()));
    const expected = await twilioSignature(config.sms.authToken, `${config.appOrigin}${TWILIO_INBOUND_PATH}`, form);
    if (!sameSignature(c.req.header('X-Twilio-Signature') ?? '', expected)) throw refused();
    const parsed = twilioInbound.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, String(parsed.error.issues[0]!.path[0]));
    const text = parsed.data;
    const directory = c.env.DB;
    c.header('Content-Type', 'text/xml; charset=utf-8');
    // each MessageSid once: a replay answers what the first delivery answered and does nothing again
    const claim = await claimInbound(directory, text.MessageSid, Date.now());
    if (!claim.first) return c.body(claim.answer ?? twiml(null), 200);
    let answer: string;
    try {
      const outcome = await handleReply(
        directory,
        (salonId) => salonDatabase(c, salonId),
        stripeFor(config),
        { sid: text.MessageSid, from: text.From, body: text.Body },
        Date.now(),
      );
      answer = twiml(outcome.answer);
      await recordInboundAnswer(directory, text.MessageSid, outcome.salonId, answer);
      if (outcome.salonId !== null) {
        if (outcome.changed) announceToDiary(c, outcome.salonId, outcome.changed.appointmentId, outcome.changed.change);
        if (outcome.changed?.change === 'cancelled') {
          const id = outcome.changed.appointmentId;
          tellStaff(c, outcome.salonId, 'cancellation', { appointment_id: id }, id);
        }
        if (outcome.changed?.change === 'cancelled')
          await offerToWaitlist(c, await salonDatabase(c, outcome.salonId), {
            salonId: outcome.salonId,
            appointmentId: outcome.changed.appointmentId,
            movedFrom: null,
          });
        if (outcome.threadId) announceToInbox(c, outcome.salonId, outcome.threadId, 'received');
        if (outcome.threadId) tellStaff(c, outcome.salonId, 'text_reply', { thread_id: outcome.threadId }, text.MessageSid);
      }
    } catch (e) {
      // not handled: Twilio's retry (or the fallback URL's) may try it again
      await forgetInbound(directory, text.MessageSid).catch(() => undefined);
      throw e;
    }
    return c.body(answer, 200);
  })
  .post('/webhooks/resend', limit, async (c) => {
    const raw = await c.req.text();
    const event = await verifiedResendEvent(c.get('config').email.webhookSecret, raw, (name) => c.req.header(name));
    if (event === null) throw refused();
    const parsed = resendEvent.safeParse(event);
    if (!parsed.success) throw new AppError('BAD_REQUEST', 'A Resend event has a type and data.email_id');
    const status = resendStatusOf(parsed.data.type);
    // an email of a salon placed outside the first database is indexed there by Resend's id
    const salonId = status ? await salonOfEmail(c.env.DB, parsed.data.data.email_id) : null;
    if (status)
      await recordEmailStatus(await salonDatabase(c, salonId), {
        providerId: parsed.data.data.email_id,
        status,
        errorCode: status === 'bounced' || status === 'failed' ? parsed.data.type : null,
        now: Date.now(),
      });
    if ((status === 'bounced' || status === 'failed') && salonId !== null)
      tellStaff(c, salonId, 'failed_message', {}, parsed.data.data.email_id);
    return c.json({ received: true });
  });
