import type { DeliveryStatus } from './reminders';
import * as z from '../zod';

/**
 * Two-way texts (docs/messaging.md "Replies", docs/console/inbox.md): what a client's reply means,
 * the words the texts end with, and the console's Inbox (a thread per client, every text both ways).
 */

/**
 * The words Twilio itself treats as an opt-out on a long code (it answers them and blocks the
 * number): the product opts the number out of the replying salon's texts for any of them. CANCEL
 * is one, which is why the texts say "Reply C to cancel", never "Reply CANCEL".
 */
export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const OPT_IN_WORDS = ['START', 'UNSTOP'] as const;
export const CONFIRM_WORDS = ['Y', 'YES', 'CONFIRM'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;

export type ReplyKeyword = 'cancel' | 'confirm' | 'opt_out' | 'opt_in' | 'help' | 'other';

/**
 * What a reply asks for: the whole text is one keyword, in any case, with spaces or punctuation
 * around it ("c", " C. ", "Yes!"); anything else ("C please", "can I come at 3?") goes to the Inbox.
 */
export function keywordOf(body: string): ReplyKeyword {
  const word = body
    .normalize('NFKC')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .toUpperCase();
  if (word === 'C') return 'cancel';
  if ((CONFIRM_WORDS as readonly string[]).includes(word)) return 'confirm';
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return 'opt_out';
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return 'opt_in';
  if ((HELP_WORDS as readonly string[]).includes(word)) return 'help';
  return 'other';
}

/** What a booking, change or reminder text ends with: only what a reply can really do now. */
export function replyHint(a: { canCancel: boolean; unconfirmed: boolean }): string {
  const asks = [...(a.unconfirmed ? ['Reply Y to confirm'] : []), ...(a.canCancel ? ['Reply C to cancel'] : [])];
  return asks.length ? ` ${asks.join(', ')}.` : '';
}

// ---- the Inbox ------------------------------------------------------------------------------

export interface InboxThread {
  /** the thread's id (random; it names no phone) */
  id: string;
  client: { id: string | null; name: string; phone: string; opted_out_of_texts: boolean };
  last: { body: string; direction: 'in' | 'out'; at: string };
  unread: number;
}

export interface InboxList {
  threads: InboxThread[];
  /** unread incoming texts across the threads the caller sees (the navigation's count) */
  unread: number;
}

export interface InboxMessage {
  direction: 'in' | 'out';
  body: string;
  at: string;
  /** an outgoing text's delivery status (null: not known yet; an incoming one: null) */
  status: DeliveryStatus | null;
  /** the staff member who answered from the Inbox, or null */
  staff_name: string | null;
}

export interface InboxThreadView {
  thread: InboxThread;
  messages: InboxMessage[];
}

/** A text is at most 1600 characters (Twilio's limit for one message, split into segments). */
export const INBOX_ANSWER_MAX = 1600;

export const inboxAnswerSchema = z.object({
  body: z
    .string('Write an answer')
    .trim()
    .min(1, 'Write an answer')
    .max(INBOX_ANSWER_MAX, `An answer is at most ${INBOX_ANSWER_MAX} characters`),
});
export type InboxAnswer = z.infer<typeof inboxAnswerSchema>;

/** The event on the salon's channel when a thread changes (ids only): open consoles ask again. */
export const INBOX_EVENT = 'inbox';
export interface InboxEvent {
  thread_id: string;
  change: 'received' | 'answered' | 'read';
}
