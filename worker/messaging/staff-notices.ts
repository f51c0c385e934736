import * as z from 'zod';
import { PUSH_KINDS, type PushKind, type PushPayload } from '../../shared/console/push';
import { shortWhenOf, zonedTime } from '../../shared/zoned-time';
import type { Config } from '../config';
import { appointmentNotice, forgetPushSubscription, pushRecipients } from '../db/push-subscriptions';
import { recordSentMessage, sentMessageId } from '../db/sent-messages';
import { threadNotice } from '../db/texts';
import { SendRefused } from './refusal';
import { sendPush } from './push';

/**
 * What the MESSAGES queue carries to tell staff of something by Web Push
 * (docs/console/notifications.md): which salon, what happened and about what (ids only). The
 * consumer reads the rest, finds who chose that kind and sends each of them a push.
 */
export const staffNoticeSchema = z.object({
  kind: z.literal('staff-push'),
  salon_id: z.number().int().positive(),
  notice: z.enum(PUSH_KINDS),
  appointment_id: z.number().int().positive().optional(),
  thread_id: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .optional(),
  key: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/),
});
export type StaffNotice = z.infer<typeof staffNoticeSchema>;

const TITLES: Record<PushKind, string> = {
  new_online_booking: 'New online booking',
  cancellation: 'Appointment cancelled',
  text_reply: 'New text from a client',
  failed_message: 'A message could not be sent',
};

/** A lock screen is public: a client's first name only, never their surname, phone or words. */
const firstNameOf = (name: string | null) => name?.trim().split(/\s+/)[0] || 'A client';

/** The notification (title, body, where a click opens) and the columns it is about, or null when its subject is gone. */
export async function noticeOf(db: D1Database, n: StaffNotice): Promise<{ payload: PushPayload; stylistIds: number[] } | null> {
  const salon = `/console/salons/${n.salon_id}`;
  const title = TITLES[n.notice];
  if (n.thread_id) {
    const t = await threadNotice(db, n.salon_id, n.thread_id);
    if (!t) return null;
    const payload = {
      title,
      body: `${firstNameOf(t.client_name)} replied by text`,
      url: `${salon}/inbox?thread=${n.thread_id}`,
      tag: `text-${n.thread_id}`,
    };
    return { payload, stylistIds: t.stylist_ids?.split(',').map(Number) ?? [] };
  }
  if (n.appointment_id) {
    const a = await appointmentNotice(db, n.salon_id, n.appointment_id);
    if (!a) return null;
    const stylistIds = a.stylist_ids?.split(',').map(Number) ?? [];
    const what = [firstNameOf(a.client_name), a.services, shortWhenOf(a.start_at, a.timezone)].filter(Boolean).join(' · ');
    const body = n.notice === 'failed_message' ? `About ${what}` : what;
    const stylist = stylistIds.length === 1 ? `&stylist=${stylistIds[0]}` : '';
    const url =
      n.notice === 'failed_message' ? `${salon}/today` : `${salon}/diary?date=${zonedTime(a.start_at, a.timezone).date}${stylist}`;
    return { payload: { title, body, url, tag: `appointment-${n.appointment_id}` }, stylistIds };
  }
  if (n.notice !== 'failed_message') return null;
  return { payload: { title, body: 'See Today for whom it was to', url: `${salon}/today`, tag: `failed-${n.key}` }, stylistIds: [] };
}

/**
 * Sends a notice to every subscription that chose its kind (owners and managers of the salon; a
 * stylist for their own column), each once (sent_messages, by the notice's key and the
 * subscription), so a retry sends only to those not reached, and the notice is recorded as handled
 * under its own key. A push service's 404 or 410 removes the subscription; a 429 or 5xx is
 * retried by the queue after the others are sent. Without VAPID keys nothing is sent.
 */
export async function sendStaffNotice(db: D1Database, config: Config, n: StaffNotice): Promise<string> {
  if (await sentMessageId(db, n.key)) return n.key;
  const notice = config.vapid ? await noticeOf(db, n) : null;
  let retry: number | null = null;
  const recipients = notice ? await pushRecipients(db, { salonId: n.salon_id, kind: n.notice, stylistIds: notice.stylistIds }) : [];
  for (const sub of recipients) {
    if (!notice) break;
    const key = `${n.key}-p${sub.id}`;
    if (await sentMessageId(db, key)) continue;
    const status = await sendPush(config, sub, notice.payload).catch(() => 503);
    if (status === 404 || status === 410) await forgetPushSubscription(db, sub.endpoint);
    else if (status === 429 || status >= 500) retry = status;
    else if (status < 300) await recordSentMessage(db, key, `push-${status}`, Date.now());
    else console.error(`[push ${n.key}] subscription ${sub.id} refused: ${status}`);
  }
  if (retry !== null) throw new SendRefused(`[push ${n.key}] a push service answered ${retry}`, retry, 'push');
  // handled: a redelivery does nothing
  await recordSentMessage(db, n.key, 'push', Date.now());
  return n.key;
}
