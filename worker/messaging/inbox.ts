import type { InboxList, InboxMessage, InboxThread, InboxThreadView } from '../../shared/console/inbox';
import type { DeliveryStatus } from '../../shared/console/reminders';
import { isOptedOut, markThreadRead, messagesOfThread, threadMessageStatements, threadOf, threadsOf, type ThreadRow } from '../db/texts';
import { AppError } from '../errors';

/**
 * The console's Inbox (docs/console/inbox.md): a thread per client with every text both ways,
 * each outgoing one with its delivery status. A stylist sees the threads of clients with an
 * appointment in their own column (`stylistId`); another salon's thread, or one outside that
 * column, answers 404.
 */

const iso = (ms: number) => new Date(ms).toISOString();

export const threadView = (t: ThreadRow): InboxThread => ({
  id: t.id,
  client: {
    id: t.client_id ?? (t.client_name ? t.phone : null),
    name: t.client_name || t.phone,
    phone: t.phone,
    opted_out_of_texts: t.opted_out === 1,
  },
  last: { body: t.last_body ?? '', direction: t.last_direction ?? 'out', at: iso(t.last_at) },
  unread: t.unread,
});

export async function inboxOf(db: D1Database, salonId: number, stylistId: number | null): Promise<InboxList> {
  const threads = (await threadsOf(db, salonId, stylistId)).map(threadView);
  return { threads, unread: threads.reduce((n, t) => n + t.unread, 0) };
}

async function seenThread(db: D1Database, salonId: number, stylistId: number | null, threadId: string): Promise<ThreadRow> {
  const t = await threadOf(db, salonId, stylistId, threadId);
  if (!t) throw new AppError('NOT_FOUND', 'Conversation not found');
  return t;
}

/** A thread's texts, oldest first; opening it marks it read (`wasUnread`: it was not). */
export async function openThread(
  db: D1Database,
  salonId: number,
  stylistId: number | null,
  threadId: string,
): Promise<InboxThreadView & { wasUnread: boolean }> {
  const t = await seenThread(db, salonId, stylistId, threadId);
  const rows = await messagesOfThread(db, t.id);
  if (t.unread > 0) await markThreadRead(db, salonId, t.id);
  const messages: InboxMessage[] = rows.map((m) => ({
    direction: m.direction,
    body: m.body,
    at: iso(m.created_at),
    status: m.direction === 'out' ? ((m.status as DeliveryStatus | null) ?? null) : null,
    staff_name: m.staff_name,
  }));
  return { thread: { ...threadView(t), unread: 0 }, messages, wasUnread: t.unread > 0 };
}

/**
 * A staff answer: in the thread at once (queued), and the text to send through the salon's
 * sender. 409 OPTED_OUT when the client texted STOP (Twilio would refuse it: 21610).
 */
export async function answerThread(
  db: D1Database,
  a: { salonId: number; stylistId: number | null; threadId: string; body: string; staffName: string; now: number },
): Promise<{ phone: string; key: string }> {
  const t = await seenThread(db, a.salonId, a.stylistId, a.threadId);
  if (await isOptedOut(db, a.salonId, t.phone))
    throw new AppError('CONFLICT', 'This client texted STOP: they get no texts from the salon until they text START.', 'body', 'OPTED_OUT');
  const key = `inbox-${t.id}-${a.now}-${crypto.randomUUID().slice(0, 8)}`;
  await db.batch(
    threadMessageStatements(db, {
      salonId: a.salonId,
      phone: t.phone,
      direction: 'out',
      body: a.body,
      key,
      staffName: a.staffName,
      now: a.now,
    }),
  );
  return { phone: t.phone, key };
}
