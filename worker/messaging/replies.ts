import type { StripeClient } from '../payments/stripe-api';
import { shortWhenOf } from '../../shared/zoned-time';
import { keywordOf, type ReplyKeyword } from '../../shared/console/inbox';
import { cancelAndSettle } from '../bookings/cancel';
import { cancellationOf } from '../bookings/cancellation-rules';
import { salonRules } from '../db/client-appointments';
import { confirmUnconfirmed } from '../db/diary';
import {
  depositStateOf,
  nextAppointmentOfPhone,
  optInByText,
  optOutByText,
  salonThatTexted,
  threadIdOf,
  threadMessageStatements,
} from '../db/texts';
import { escapeMarkup } from '../escape-markup';

/**
 * A client's reply by text (docs/messaging.md "Replies"): Twilio posts it to the inbound webhook,
 * which checks its signature and that it is the first delivery of its MessageSid, then calls
 * `handleReply`. The reply goes to the salon that texted the number last; the whole text is a
 * keyword (C cancels, Y confirms, STOP and the other opt-out words opt out, START opts back in,
 * HELP names the salon and its phone) or goes to the salon's Inbox.
 */

export interface Reply {
  sid: string;
  from: string;
  body: string;
}

export interface ReplyOutcome {
  /** the salon the reply went to (null: no salon has texted this number) */
  salonId: number | null;
  keyword: ReplyKeyword;
  /** what is texted back (the TwiML's Message), or null for nothing */
  answer: string | null;
  /** an appointment the reply changed */
  changed: { appointmentId: number; change: 'cancelled' | 'confirmed'; refunded: boolean } | null;
  /** the text waits in the salon's Inbox (no keyword handled it) */
  inboxed: boolean;
  /** the client's thread in the salon's Inbox (every text both ways is there) */
  threadId: string | null;
}

/** TwiML: Twilio texts each Message back to the sender; an empty Response sends nothing. */
export const twiml = (answer: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${answer ? `<Message>${escapeMarkup(answer)}</Message>` : ''}</Response>`;

const whenOf = shortWhenOf;

/** The database of a salon (the first one's directory finds it), for the webhook to hand in. */
export type DatabaseOfSalon = (salonId: number) => Promise<D1Database>;

export async function handleReply(
  directory: D1Database,
  databaseOf: DatabaseOfSalon,
  stripe: StripeClient,
  r: Reply,
  now: number,
): Promise<ReplyOutcome> {
  const keyword = keywordOf(r.body);
  const salonId = await salonThatTexted(directory, r.from);
  const none: ReplyOutcome = { salonId, keyword, answer: null, changed: null, inboxed: false, threadId: null };
  if (salonId === null) return none;
  const db = await databaseOf(salonId);
  const salon = await salonRules(db, salonId);
  if (!salon) return { ...none, salonId: null };
  const name = salon.name;
  const call = salon.phone ? `call us on ${salon.phone}` : 'call the salon';
  let outcome: ReplyOutcome = none;

  if (keyword === 'cancel') {
    const row = await nextAppointmentOfPhone(db, { salonId, phone: r.from, now, statuses: ['confirmed', 'unconfirmed'] });
    if (!row) outcome = { ...none, answer: `${name}: you have no upcoming appointment to cancel. To book or ask, ${call}.` };
    else {
      const when = whenOf(row.start_at, salon.timezone);
      const rules = cancellationOf(row, salon, now);
      if (!rules.allowed)
        outcome = { ...none, answer: `${name}: your appointment on ${when} can't be cancelled by text now. Please ${call}.` };
      else {
        const refund = !!salon.refund_deposit_outside_window;
        await cancelAndSettle(db, stripe, { row, refund, now, reread: () => depositStateOf(db, row.id) });
        const settled = await depositStateOf(db, row.id);
        const refunded = ['refunded', 'released', 'refund_due', 'release_due'].includes(settled.payment_status ?? '');
        outcome = {
          ...none,
          answer: `${name}: your appointment on ${when} is cancelled.${refunded ? ' Your deposit will be refunded.' : ''}`,
          changed: { appointmentId: row.id, change: 'cancelled', refunded },
        };
      }
    }
  } else if (keyword === 'confirm') {
    const row = await nextAppointmentOfPhone(db, { salonId, phone: r.from, now, statuses: ['unconfirmed'] });
    if (row && (await confirmUnconfirmed(db, salonId, row.id)))
      outcome = {
        ...none,
        answer: `${name}: thank you, your appointment on ${whenOf(row.start_at, salon.timezone)} is confirmed.`,
        changed: { appointmentId: row.id, change: 'confirmed', refunded: false },
      };
    else outcome = { ...none, answer: `${name}: you have no appointment waiting to be confirmed.` };
  } else if (keyword === 'opt_out') {
    // Twilio answers an opt-out word itself (and sends nothing more to the number): no Message
    await optOutByText(db, salonId, r.from, now);
  } else if (keyword === 'opt_in') {
    await optInByText(db, salonId, r.from);
  } else if (keyword === 'help') {
    outcome = { ...none, answer: `${name}: for help, ${call}. Reply STOP to stop our texts.` };
  }

  // Every text both ways is in the client's thread; only what no keyword handled waits there, unread.
  const inboxed = keyword === 'other';
  await db.batch([
    ...threadMessageStatements(db, { salonId, phone: r.from, direction: 'in', body: r.body, key: `in-${r.sid}`, unread: inboxed, now }),
    ...(outcome.answer
      ? threadMessageStatements(db, { salonId, phone: r.from, direction: 'out', body: outcome.answer, key: `reply-${r.sid}`, now })
      : []),
  ]);
  return { ...outcome, inboxed, threadId: await threadIdOf(db, salonId, r.from) };
}
