import * as z from 'zod';
import type { Config } from '../config';
import { recordProviderId, recordRefused, indexEmailSalon } from '../db/message-deliveries';
import { recordSentMessage, sentMessageId } from '../db/sent-messages';
import { isOptedOut, routeStatement, threadMessageStatements } from '../db/texts';
import { writeFeedShard } from '../google/feed-shards';
import { tellGoogle } from '../google/real-time';
import { twilioStatusCallback } from './status-callbacks';
import { sendEmail } from './email';
import { SendRefused } from './refusal';
import { sendSms } from './sms';
import { sendStaffNotice, staffNoticeSchema, type StaffNotice } from './staff-notices';

/**
 * Outgoing texts and emails go through the MESSAGES queue (Cloudflare Queues in production,
 * the same binding run locally by `wrangler dev`): the API enqueues after its answer, and the
 * Worker's queue handler sends. A failed send is retried with back-off; a message the provider
 * refuses for good is parked in the dead-letter queue; none is lost (docs/messaging.md).
 */

/** An idempotency key, derived from what is sent (`verify-{appointmentId}`, `invite-{id}-invited`…). */
const key = z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'a message key is 1 to 200 letters, digits, _ . : or -');

/** Whom a message concerns, so that its delivery shows in the console (Today's failed messages, the appointment). */
const about = {
  salon_id: z.number().int().positive().optional(),
  appointment_id: z.number().int().positive().optional(),
};

/** One message on the queue: small, JSON, and everything the consumer needs to send it. */
export const outgoingMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    ...about,
    kind: z.literal('sms'),
    /** E.164 */
    to: z.string().regex(/^\+[1-9]\d{6,14}$/, 'an SMS goes to an E.164 number'),
    body: z.string().min(1).max(1600),
    key,
    /** who answered from the salon's Inbox (shown in the thread) */
    staff_name: z.string().max(200).optional(),
  }),
  z.object({
    ...about,
    kind: z.literal('email'),
    to: z.string().min(3).max(320),
    subject: z.string().min(1).max(998),
    html: z.string(),
    text: z.string(),
    key,
  }),
]);
export type OutgoingMessage = z.infer<typeof outgoingMessageSchema>;

/** What else the queue carries: a booking changed, and Google's Maps Booking API hears of it (google/real-time.ts). */
const googleChangeSchema = z.object({
  kind: z.literal('google'),
  salon_id: z.number().int().positive(),
  appointment_id: z.number().int().positive(),
  moved_from: z.number().int().optional(),
  key,
});
/** One shard of Google's daily availability feed to compute and write (google/feed-shards.ts). */
const googleFeedSchema = z.object({
  kind: z.literal('google-feed'),
  salon_id: z.number().int().positive(),
  salon_ids: z.array(z.number().int().positive()).min(1).max(100),
  shard: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  nonce: z.string().max(40),
  key,
});
export const queuedSchema = z.union([outgoingMessageSchema, googleChangeSchema, googleFeedSchema, staffNoticeSchema]);
export type QueuedMessage = z.infer<typeof queuedSchema>;

/** Where a message goes: the queue (when bound), and what a direct send needs when it is not. */
export interface Outbox {
  queue: Queue<OutgoingMessage> | undefined;
  db: D1Database;
  config: Config;
  /** where Google's feeds are written, for a feed shard sent without the queue */
  media?: R2Bucket;
}

/** Back-off before the next try (seconds): 2, 4, 8… by `message.attempts`, at most 15 minutes. */
export const MAX_BACKOFF_SECONDS = 900;
export const backoffSeconds = (attempts: number) => Math.min(2 ** Math.max(1, Math.floor(attempts)), MAX_BACKOFF_SECONDS);

/**
 * Whether a failed send may succeed later: a network failure or anything unknown, a rate limit
 * (429), a provider's own failure (5xx), a timeout or a concurrent request with the same key
 * (408, 409), and refused credentials (401, 403: our setting, fixed by a deploy, not the
 * message's fault). Any other 4xx (an invalid number or address, a body too long) never will.
 */
export function worthRetrying(e: unknown): boolean {
  if (!(e instanceof SendRefused)) return true;
  return e.status < 400 || e.status >= 500 || [401, 403, 408, 409, 429].includes(e.status);
}

/** What a log line may say of a failure: a provider's status and code, never its words (they can quote the recipient). */
const reasonOf = (e: unknown) =>
  e instanceof SendRefused ? `${e.status} ${e.code}` : e instanceof Error ? `${e.name}: ${e.message.slice(0, 200)}` : 'unknown error';

/**
 * Sends one message now and resolves to the provider's id. An email carries its key as Resend's
 * Idempotency-Key; a text is sent once per key (sent_messages), so a redelivery is not texted again.
 */
export async function deliver(db: D1Database, config: Config, m: QueuedMessage, media?: R2Bucket): Promise<string> {
  if (m.kind === 'google-feed') {
    if (!media) throw new Error('no MEDIA binding for the feed');
    await writeFeedShard(db, media, m);
    return m.key;
  }
  if (m.kind === 'google') {
    await tellGoogle(db, config, m);
    return m.key;
  }
  if (m.kind === 'staff-push') return sendStaffNotice(db, config, m);
  if (m.kind === 'email') {
    const id = await sendEmail(config, { to: m.to, subject: m.subject, html: m.html, text: m.text, idempotencyKey: providerKeyOf(m) });
    // its webhooks name only Resend's id: the index in the first database names the salon (placed elsewhere)
    if (m.salon_id != null)
      await indexEmailSalon(db, id, m.salon_id, Date.now()).catch((e: unknown) =>
        console.error(`[message ${m.key}] sent, but its salon is not indexed:`, reasonOf(e)),
      );
    await trackDelivery(db, m, id);
    return id;
  }
  const earlier = await sentMessageId(db, m.key);
  if (earlier) return earlier;
  // a number that texted STOP to the salon gets nothing more from it (Twilio refuses it too: 21610)
  if (m.salon_id != null && (await isOptedOut(db, m.salon_id, m.to)))
    throw new SendRefused(`[message ${m.key}] not sent: the number opted out of the salon's texts`, 400, '21610');
  const sid = await sendSms(config, { to: m.to, body: m.body, statusCallback: twilioStatusCallback(config, m.key, m.salon_id ?? null) });
  // Sent: a failed record must not make the queue send it again.
  await recordSentMessage(db, m.key, sid, Date.now()).catch((e: unknown) =>
    console.error(`[message ${m.key}] sent, but not recorded:`, reasonOf(e)),
  );
  await trackDelivery(db, m, sid);
  if (m.salon_id != null)
    await recordSalonText(db, m.salon_id, m).catch((e: unknown) =>
      console.error(`[message ${m.key}] sent, but not in its thread:`, reasonOf(e)),
    );
  return sid;
}

/**
 * A salon's text, once sent: the salon is the one the number's replies go to now (every salon
 * texts from the same number; docs/messaging.md "Replies"), and the text is in the client's
 * thread of the salon's Inbox.
 */
async function recordSalonText(db: D1Database, salonId: number, m: { to: string; body: string; key: string; staff_name?: string }) {
  const now = Date.now();
  await routeStatement(db, m.to, salonId, now).run();
  await db.batch(
    threadMessageStatements(db, { salonId, phone: m.to, direction: 'out', body: m.body, key: m.key, staffName: m.staff_name ?? null, now }),
  );
}

/**
 * The Idempotency-Key an email carries to Resend, which keeps keys across the whole account: a
 * message's key is made of ids of its salon's database (`voucher-receipt-{id}`), and past one
 * database two salons' rows can have the same id, so the salon names it too.
 */
export const providerKeyOf = (m: OutgoingMessage) => (m.salon_id != null ? `salon-${m.salon_id}-${m.key}` : m.key);

/** Records the provider's id, so that its delivery callbacks find the message (a failure only loses its status). */
const trackDelivery = (db: D1Database, m: OutgoingMessage, providerId: string) =>
  recordProviderId(db, {
    key: m.key,
    channel: m.kind,
    providerId,
    salonId: m.salon_id ?? null,
    appointmentId: m.appointment_id ?? null,
    now: Date.now(),
  }).catch((e: unknown) => console.error(`[message ${m.key}] sent, but its delivery is not tracked:`, reasonOf(e)));

/**
 * Puts messages on the queue, up to 100 a call (Queues' sendBatch limit). A part the queue
 * refuses is sent directly instead, one message at a time, so none is lost.
 */
export async function enqueueMessages(outbox: Outbox, messages: QueuedMessage[]): Promise<void> {
  const checked = messages.map((m) => queuedSchema.parse(m));
  for (let i = 0; i < checked.length; i += 100) {
    const part = checked.slice(i, i + 100);
    try {
      if (!outbox.queue) throw new Error('no MESSAGES binding');
      await (outbox.queue as Queue<QueuedMessage>).sendBatch(part.map((body) => ({ body, contentType: 'json' as const })));
      continue;
    } catch (e) {
      console.error(`[messages] ${part.length} not queued (${reasonOf(e)}): sending them now`);
    }
    for (const m of part)
      await deliver(outbox.db, outbox.config, m, outbox.media).catch((e: unknown) =>
        console.error(`[message ${m.key}] not sent:`, reasonOf(e)),
      );
  }
}

/**
 * Puts a message on the queue. When the queue is missing or refuses it, the message is sent
 * directly instead (the caller runs this after its answer, in waitUntil), so it is never lost.
 */
export async function enqueueMessage(outbox: Outbox, message: QueuedMessage): Promise<void> {
  const m = queuedSchema.parse(message);
  try {
    if (!outbox.queue) throw new Error('no MESSAGES binding');
    await (outbox.queue as Queue<QueuedMessage>).send(m, { contentType: 'json' });
    return;
  } catch (e) {
    console.error(`[message ${m.key}] not queued (${reasonOf(e)}): sending it now`);
  }
  await deliver(outbox.db, outbox.config, m, outbox.media);
}

/**
 * What the consumer needs: the database of a message's salon (the first database for a message
 * about no salon), the checked configuration (null when it is wrong) and the dead-letter queue.
 */
export interface Consumer {
  databaseOf: (salonId: number | null) => Promise<D1Database>;
  config: Config | null;
  deadLetters: Queue<unknown> | undefined;
  /** where Google's feeds are written (google/feed-shards.ts) */
  media?: R2Bucket;
  /** the MESSAGES queue itself: a text or email refused for good is told to the salon's staff by push */
  queue?: Queue<unknown>;
}

/**
 * The MESSAGES queue's consumer: sends every message of the batch. Sent → ack. A failure worth
 * retrying → retry after backoffSeconds(attempts); after max_retries the queue itself moves it to
 * the dead-letter queue. A permanent refusal (or a body that is no message) → put on the
 * dead-letter queue and acked, so it is kept without being retried in vain.
 */
export async function consumeMessages(batch: MessageBatch<unknown>, consumer: Consumer): Promise<void> {
  // Google's feed shards one after another: one shard's slots in memory at a time (docs/google-booking.md "Figures")
  const isFeed = (msg: Message<unknown>) => (msg.body as { kind?: unknown } | null)?.kind === 'google-feed';
  await Promise.all(batch.messages.filter((m) => !isFeed(m)).map((msg) => consumeOne(msg, consumer)));
  for (const msg of batch.messages.filter(isFeed)) await consumeOne(msg, consumer);
}

async function consumeOne(msg: Message<unknown>, { databaseOf, config, deadLetters, media, queue }: Consumer) {
  const parsed = queuedSchema.safeParse(msg.body);
  const label = parsed.success ? parsed.data.key : `id ${msg.id}`;
  const retry = (why: string) => {
    const delaySeconds = backoffSeconds(msg.attempts);
    console.error(`[message ${label}] attempt ${msg.attempts} failed (${why}): retrying in ${delaySeconds} s`);
    msg.retry({ delaySeconds });
  };
  if (!parsed.success) return park(msg, label, 'not a message this Worker sends', deadLetters, retry);
  if (!config) return retry('configuration refused');
  let db: D1Database;
  try {
    db = await databaseOf(parsed.data.salon_id ?? null);
  } catch (e) {
    return retry(reasonOf(e)); // a salon being moved: its database is known again in a minute
  }
  try {
    await deliver(db, config, parsed.data, media);
    msg.ack();
  } catch (e) {
    if (worthRetrying(e)) retry(reasonOf(e));
    else if (
      (await park(msg, label, `refused: ${reasonOf(e)}`, deadLetters, retry)) &&
      (parsed.data.kind === 'sms' || parsed.data.kind === 'email')
    ) {
      // Refused for good: it shows as failed in its salon's console that day.
      const m = parsed.data;
      const code = e instanceof SendRefused ? `${e.status} ${e.code}` : 'refused';
      await recordRefused(db, {
        key: m.key,
        channel: m.kind,
        salonId: m.salon_id ?? null,
        appointmentId: m.appointment_id ?? null,
        code,
        now: Date.now(),
      }).catch((err: unknown) => console.error(`[message ${m.key}] refusal not recorded:`, reasonOf(err)));
      if (m.salon_id != null)
        await enqueueMessage({ queue: queue as Queue<OutgoingMessage> | undefined, db, config }, failedMessageNotice(m.salon_id, m)).catch(
          (err: unknown) => console.error(`[message ${m.key}] staff not told of its failure:`, reasonOf(err)),
        );
    }
  }
}

/** The staff notice of a text or email refused for good (docs/console/notifications.md). */
export const failedMessageNotice = (salonId: number, m: { key: string; appointment_id?: number }): StaffNotice => ({
  kind: 'staff-push',
  salon_id: salonId,
  notice: 'failed_message',
  ...(m.appointment_id ? { appointment_id: m.appointment_id } : {}),
  key: `failed-${m.key}`.slice(0, 200),
});

/**
 * Keeps a message that will never be sent on the dead-letter queue, then acks it (true); retried
 * when even that fails (false).
 */
async function park(
  msg: Message<unknown>,
  label: string,
  why: string,
  deadLetters: Queue<unknown> | undefined,
  retry: (why: string) => void,
): Promise<boolean> {
  try {
    if (!deadLetters) throw new Error('no MESSAGES_DLQ binding');
    await deadLetters.send(msg.body, { contentType: 'json' });
  } catch (e) {
    retry(`${why}; not parked: ${reasonOf(e)}`);
    return false;
  }
  console.error(`[message ${label}] ${why}: parked on the dead-letter queue`);
  msg.ack();
  return true;
}
