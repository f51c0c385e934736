import type { Context } from 'hono';
import type { InboxEvent } from '../../shared/console/inbox';
import type { AppEnv } from '../env';
import { publishInboxChange } from '../messaging/realtime';
import { afterAnswer } from './after-answer';

/** After the answer, tells the salon's open consoles that a thread of its Inbox changed (its id only): they ask again. */
export function announceToInbox(c: Context<AppEnv>, salonId: number, threadId: string, change: InboxEvent['change']) {
  afterAnswer(
    c,
    publishInboxChange(c.get('config'), salonId, { thread_id: threadId, change }),
    `inbox change of ${threadId} not published`,
  );
}
